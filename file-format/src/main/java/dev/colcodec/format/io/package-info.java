/** File access shared by the Parquet and TsFile readers and writers: memory-mapped files, writes on a pool. */
package dev.colcodec.format.io;
