package dev.colcodec.parquet.rle;

/**
 * Whether an RLE/bit-packing hybrid section starts with its byte length.
 *
 * <p>Parquet uses both forms: {@link #LENGTH_PREFIXED} for V1 definition and repetition levels and for
 * RLE-encoded BOOLEAN values (V1 and V2 pages); {@link #UNPREFIXED} for V2 levels (whose lengths are in
 * the page header) and for dictionary ids (which follow a one-byte bit width).
 */
public enum RleFraming {
    /** The runs are preceded by their byte length as a 4-byte little-endian unsigned integer. */
    LENGTH_PREFIXED,
    /** The runs start at the first byte; the section is delimited by the caller. */
    UNPREFIXED
}
