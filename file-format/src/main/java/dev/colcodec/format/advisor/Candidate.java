package dev.colcodec.format.advisor;

import dev.colcodec.format.compress.Compression;
import java.util.Locale;

/**
 * One measured (encoding, compression codec) pair that round-tripped the sample exactly.
 *
 * @param encoding the encoding
 * @param codec the page compression applied to each encoded section
 * @param encodedBytes total bytes of the compressed sections (page headers not included)
 * @param valueCount values in the sample
 * @param valuesPerSecond measured decode speed: decompression, reader set-up and reading every value
 *     ({@link Double#POSITIVE_INFINITY} for an empty sample, which is not timed)
 */
public record Candidate(
        ColumnEncoding encoding, Compression codec, long encodedBytes, int valueCount, double valuesPerSecond) {

    /** Encoded bytes per value (0 for an empty sample). */
    public double bytesPerValue() {
        return valueCount == 0 ? 0 : (double) encodedBytes / valueCount;
    }

    /** {@code "PARQUET DELTA_BINARY_PACKED + ZSTD"}. */
    public String label() {
        return encoding.label() + " + " + codec;
    }

    /** {@code "1.23e+08 values/s"}, or {@code "not timed"} for an empty sample. */
    public String speed() {
        return valueCount == 0 ? "not timed" : String.format(Locale.ROOT, "%.3g values/s", valuesPerSecond);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s: %.3f bytes/value, %s", label(), bytesPerValue(), speed());
    }
}
