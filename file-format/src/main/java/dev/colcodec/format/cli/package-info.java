/**
 * The {@code colcodec} command line tool ({@link dev.colcodec.format.cli.ColcodecCli}): inspect, dump,
 * rewrite, convert and advise on Parquet files and TsFiles.
 */
package dev.colcodec.format.cli;
