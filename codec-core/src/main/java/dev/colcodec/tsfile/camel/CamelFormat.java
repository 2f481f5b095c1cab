package dev.colcodec.tsfile.camel;

/** Constants of TsFile's CAMEL encoding (decimal part widths and thresholds). */
final class CamelFormat {
    /** Decimal digits a value may have in all (integer and fractional part) to be encoded as a decimal. */
    static final int MAX_DIGITS = 10;
    /** {@code POWERS[i] = 10^(i+1)}. */
    static final long[] POWERS = new long[MAX_DIGITS];
    /** {@code THRESHOLDS[i] = 10^(i+1) / 2^(i+1) = 5^(i+1)}. */
    static final long[] THRESHOLDS = new long[MAX_DIGITS];
    /** {@code DOUBLE_POWERS[i] = 10^i} for i in [0, 10], each exact. */
    static final double[] DOUBLE_POWERS = new double[MAX_DIGITS + 1];

    static {
        long p = 1;
        for (int i = 0; i < MAX_DIGITS; i++) {
            p *= 10;
            POWERS[i] = p;
            THRESHOLDS[i] = p / (1L << (i + 1));
        }
        double d = 1;
        for (int i = 0; i <= MAX_DIGITS; i++) {
            DOUBLE_POWERS[i] = d;
            d *= 10.0;
        }
    }

    private CamelFormat() {}
}
