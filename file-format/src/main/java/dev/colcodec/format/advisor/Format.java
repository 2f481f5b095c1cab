package dev.colcodec.format.advisor;

/** The file format an encoding belongs to. */
public enum Format {
    PARQUET,
    TSFILE
}
