/** File access shared by the Parquet and TsFile readers: memory-mapped files. */
package dev.colcodec.format.io;
