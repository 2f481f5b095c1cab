package dev.colcodec.format.advisor;

import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.ValuesReader;
import java.util.Optional;

/**
 * One encoding the {@link EncodingAdvisor} can try: a Parquet or TsFile encoding, able to encode a
 * {@link Column} into one or more page sections (a dictionary encoding has a dictionary page and a data
 * page) and to open a reader over those sections again. {@link Encodings} has the built-in ones.
 */
public interface ColumnEncoding {
    /** The format the encoding belongs to. */
    Format format();

    /** The encoding's name in its format ({@code DELTA_BINARY_PACKED}, {@code TS_2DIFF}, ...). */
    String name();

    /** Whether the encoding can hold values of this kind. */
    boolean supports(ValueKind kind);

    /**
     * Whether the encoding can hold this column's values; by default {@link #supports(ValueKind)} of its
     * kind. TsFile encodings also check the column's {@link Column#tsType() TsFile type}.
     */
    default boolean supports(Column column) {
        return supports(column.kind());
    }

    /**
     * Encodes the whole column, or returns empty when the encoding declines this data (a dictionary
     * writer that falls back to PLAIN).
     */
    Optional<Encoded> encode(Column column, Kernels kernels);

    /** The encoded sections of one column, and how to read them back. */
    interface Encoded {
        /** The page sections, each compressed separately as a file writer would. */
        byte[][] sections();

        /**
         * A reader positioned at the first value, given the (decompressed) sections: equal in content to
         * {@link #sections()}, though maybe other arrays.
         */
        ValuesReader open(byte[][] sections, Kernels kernels);
    }

    /** {@code "PARQUET DELTA_BINARY_PACKED"}. */
    default String label() {
        return format() + " " + name();
    }
}
