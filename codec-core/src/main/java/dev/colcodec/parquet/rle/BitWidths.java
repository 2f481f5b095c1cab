package dev.colcodec.parquet.rle;

/** Bit widths as Parquet derives them for levels and dictionary ids. */
public final class BitWidths {
    private BitWidths() {}

    /**
     * The number of bits needed for values in {@code [0, maxValue]}: {@code 32 - nlz(maxValue)}, so 0 for
     * a maximum of 0 (and 32 for a negative argument, which is what parquet-java computes for an empty
     * dictionary).
     */
    public static int forMaxValue(int maxValue) {
        return 32 - Integer.numberOfLeadingZeros(maxValue);
    }
}
