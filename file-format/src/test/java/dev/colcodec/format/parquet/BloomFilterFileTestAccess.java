package dev.colcodec.format.parquet;

import java.io.IOException;

/** {@link BloomFilterFileTest}'s file and data, for the interop tests of another package. */
public final class BloomFilterFileTestAccess {
    private BloomFilterFileTestAccess() {}

    /** The test's file: three row groups, Bloom filters on columns 0 to 4. */
    public static byte[] fileWithFilters() throws IOException {
        return BloomFilterFileTest.write(BloomFilterFileTest.withFilters());
    }

    /** The PLAIN bytes of {@code row}'s value in column {@code c} (0 to 4). */
    public static byte[] plain(int c, long row) {
        return BloomFilterFileTest.plain(c, row);
    }

    /** Whether {@code row} of column {@code c} is null. */
    public static boolean isNull(int c, long row) {
        return BloomFilterFileTest.nulls()[c] != null && BloomFilterFileTest.nulls()[c][(int) row];
    }
}
