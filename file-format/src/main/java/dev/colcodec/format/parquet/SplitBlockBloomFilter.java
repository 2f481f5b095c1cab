package dev.colcodec.format.parquet;

import dev.colcodec.io.ByteIO;
import java.util.Arrays;

/**
 * Parquet's split block Bloom filter: blocks of eight 32-bit words, a value's XXH64 hash (of its PLAIN
 * bytes) picking a block with its upper 32 bits and one bit in each word with its lower 32 bits. It may
 * say a value is present that is not (at about the false positive probability it was sized for), never
 * that a present value is absent.
 */
public final class SplitBlockBloomFilter {
    /** Smallest bitset: one block. */
    public static final int MIN_BYTES = 32;
    /** Largest bitset a file may hold. */
    public static final int MAX_BYTES = 128 << 20;

    private static final int[] SALT = {
        0x47b6137b, 0x44974d91, 0x8824ad5b, 0xa2b7289d, 0x705495c7, 0x2df1424b, 0x9efc4947, 0x5c6bfb31
    };

    /** The bitset as little-endian words. */
    private final int[] words;

    private SplitBlockBloomFilter(int[] words) {
        this.words = words;
    }

    /**
     * An empty filter of {@code numBytes} bytes (a power of two in [{@value #MIN_BYTES}, {@value
     * #MAX_BYTES}]).
     */
    public static SplitBlockBloomFilter empty(int numBytes) {
        if (!validSize(numBytes)) {
            throw new IllegalArgumentException(
                    "a power of two in [" + MIN_BYTES + ", " + MAX_BYTES + "] bytes, got " + numBytes);
        }
        return new SplitBlockBloomFilter(new int[numBytes / 4]);
    }

    /** The filter whose bitset is {@code bitset[off, off + len)} (as a file holds it). */
    static SplitBlockBloomFilter of(byte[] bitset, int off, int len) {
        int[] w = new int[len / 4];
        for (int i = 0; i < w.length; i++) {
            w[i] = ByteIO.getIntLE(bitset, off + 4 * i);
        }
        return new SplitBlockBloomFilter(w);
    }

    static boolean validSize(long numBytes) {
        return numBytes >= MIN_BYTES && numBytes <= MAX_BYTES && (numBytes & (numBytes - 1)) == 0;
    }

    /**
     * The bitset size for {@code distinctValues} values at false positive probability {@code fpp}, as
     * parquet-java 1.18.1's writer sizes it (so that the files' bytes are the same): the spec's {@code -8 n /
     * ln(1 - fpp^(1/8))} bits, truncated (at most 2^30), then {@code (bits + 255) & ~256} (which clears bit
     * 8 rather than rounding to a block: parquet-java's steps, kept), at least 256 bits; in bytes, at least
     * {@value #MIN_BYTES}, rounded up to a power of two, at most {@code maxBytes} (a power of two).
     */
    public static int optimalBytes(long distinctValues, double fpp, int maxBytes) {
        if (!(fpp > 0 && fpp < 1) || distinctValues < 0 || !validSize(maxBytes)) {
            throw new IllegalArgumentException("distinct values >= 0, fpp in (0, 1), a power-of-two maximum: "
                    + distinctValues + ", " + fpp + ", " + maxBytes);
        }
        int bytes = Math.max(MIN_BYTES, optimalBits(distinctValues, fpp) / 8);
        if ((bytes & (bytes - 1)) != 0) {
            bytes = Integer.highestOneBit(bytes) << 1;
        }
        return bytes > maxBytes || bytes < 0 ? maxBytes : bytes;
    }

    /** The bits of {@link #optimalBytes} before they become bytes. */
    static int optimalBits(long distinctValues, double fpp) {
        double m = (double) (-8L * distinctValues) / Math.log(1 - Math.pow(fpp, 1.0 / 8));
        int bits = (int) m;
        if (bits > 1 << 30 || m < 0) {
            bits = 1 << 30;
        }
        return Math.max(256, (bits + 255) & ~256);
    }

    /** The bitset's size in bytes. */
    public int sizeBytes() {
        return words.length * 4;
    }

    /** The bitset as a file holds it. */
    public byte[] bitset() {
        byte[] b = new byte[words.length * 4];
        for (int i = 0; i < words.length; i++) {
            ByteIO.putIntLE(b, 4 * i, words[i]);
        }
        return b;
    }

    /** The hash of a value's PLAIN bytes {@code b[off, off + len)} (a byte array without its length). */
    public static long hash(byte[] b, int off, int len) {
        return XxHash64.hash(b, off, len);
    }

    /** The hash of an INT32 value. */
    public static long hash(int v) {
        return XxHash64.hash4(v);
    }

    /** The hash of an INT64 value. */
    public static long hash(long v) {
        return XxHash64.hash8(v);
    }

    /** The hash of a FLOAT value (its bits as they are: NaN payloads and -0.0 hash differently). */
    public static long hash(float v) {
        return XxHash64.hash4(Float.floatToRawIntBits(v));
    }

    /** The hash of a DOUBLE value (its bits as they are). */
    public static long hash(double v) {
        return XxHash64.hash8(Double.doubleToRawLongBits(v));
    }

    /** Adds a value by its {@link #hash}. */
    public void insert(long hash) {
        int block = block(hash);
        int key = (int) hash;
        for (int i = 0; i < 8; i++) {
            words[block + i] |= 1 << ((key * SALT[i]) >>> 27);
        }
    }

    /** False when the value of this {@link #hash} is certainly not in the filter. */
    public boolean mightContain(long hash) {
        int block = block(hash);
        int key = (int) hash;
        for (int i = 0; i < 8; i++) {
            if ((words[block + i] & (1 << ((key * SALT[i]) >>> 27))) == 0) {
                return false;
            }
        }
        return true;
    }

    /** The first word of the block the hash's upper 32 bits pick. */
    private int block(long hash) {
        long blocks = words.length / 8;
        return (int) (((hash >>> 32) * blocks) >>> 32) * 8;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SplitBlockBloomFilter f && Arrays.equals(f.words, words);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(words);
    }
}
