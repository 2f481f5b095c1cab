package dev.colcodec.format.tsfile;

import dev.colcodec.io.ByteSink;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The bloom filter of series paths a TsFile carries after the metadata offset, bit for bit as tsfile
 * 2.4.0 Java builds it ({@code org.apache.tsfile.utils.BloomFilter}):
 *
 * <ul>
 *   <li>sized for {@code n} paths at error rate {@code p} (clamped to [0.01, 0.1]; the default is 0.05):
 *       {@code max(256, (int) (-n * ln p / ln²2) + 1)} bits and {@code min(8, (int) (-ln p / ln 2) + 1)}
 *       hash functions (5 at 0.05);
 *   <li>hash function {@code i} of a path is the low 32 bits of MurmurHash3 x64-128 ({@code h1 + h2})
 *       of its UTF-8 bytes with seed {@code 5, 7, 11, 19, 31, 37, 43, 59}[i], as tsfile computes it
 *       (tail bytes sign-extended); the bit index is {@code |hash| % bits} ({@code MIN_VALUE} as 0);
 *   <li>serialized as {@code java.util.BitSet.toByteArray()} (bit {@code i} in byte {@code i / 8} at
 *       position {@code i % 8}, trailing zero bytes dropped) behind a uvarint length, then uvarint bit
 *       count and uvarint hash count (both left out when no bit is set).
 * </ul>
 *
 * <p>tsfile's writer inserts one path per series, {@code String.join(".", deviceIdSegments) + "." +
 * measurementId} (the time column of an aligned device has the empty measurement id, so its path ends in
 * a dot), and sizes the filter for its number of chunks (every chunk of every chunk group), not series.
 */
final class TsBloomFilter {
    /** tsfile's default {@code bloomFilterErrorRate}. */
    static final double DEFAULT_ERROR_RATE = 0.05;

    private static final int MIN_BITS = 256;
    private static final int MAX_HASHES = 8;
    private static final int[] SEEDS = {5, 7, 11, 19, 31, 37, 43, 59};

    private final int bits;
    private final int hashes;
    private final byte[] set;

    private TsBloomFilter(int bits, int hashes) {
        this.bits = bits;
        this.hashes = hashes;
        this.set = new byte[(bits + 7) >>> 3];
    }

    /** An empty filter sized as tsfile sizes one for {@code count} entries at {@code errorRate}. */
    static TsBloomFilter sizedFor(int count, double errorRate) {
        double p = Math.min(Math.max(errorRate, 0.01), 0.1);
        double ln2 = Math.log(2);
        // the same double operations in the same order as tsfile, so the same rounding
        int size = (int) (-count * Math.log(p) / ln2 / ln2) + 1;
        int k = (int) (-Math.log(p) / ln2) + 1;
        return new TsBloomFilter(Math.max(MIN_BITS, size), Math.min(MAX_HASHES, k));
    }

    /** The path tsfile inserts for series {@code measurement} of device {@code deviceId}. */
    static String seriesPath(String[] deviceId, String measurement) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < deviceId.length; i++) {
            if (i > 0) {
                sb.append('.');
            }
            sb.append(deviceId[i]); // a null segment as "null", like String.join
        }
        return sb.append('.').append(measurement).toString();
    }

    int bitCount() {
        return bits;
    }

    int hashCount() {
        return hashes;
    }

    void add(String path) {
        byte[] key = path.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < hashes; i++) {
            int b = index(key, SEEDS[i]);
            set[b >>> 3] |= (byte) (1 << (b & 7));
        }
    }

    boolean mayContain(String path) {
        byte[] key = path.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < hashes; i++) {
            int b = index(key, SEEDS[i]);
            if ((set[b >>> 3] & (1 << (b & 7))) == 0) {
                return false;
            }
        }
        return true;
    }

    private int index(byte[] key, int seed) {
        int h = (int) murmur3x64(key, seed);
        return h == Integer.MIN_VALUE ? 0 : Math.abs(h) % bits;
    }

    /** The set bits as {@code BitSet.toByteArray()} gives them (no trailing zero bytes). */
    byte[] toByteArray() {
        int n = set.length;
        while (n > 0 && set[n - 1] == 0) {
            n--;
        }
        return Arrays.copyOf(set, n);
    }

    /** Writes the filter as tsfile's {@code TsFileMetadata} does. */
    void writeTo(ByteSink out) {
        byte[] b = toByteArray();
        out.writeUnsignedVarInt(b.length);
        if (b.length > 0) {
            out.write(b, 0, b.length);
            out.writeUnsignedVarInt(bits);
            out.writeUnsignedVarInt(hashes);
        }
    }

    // ---- MurmurHash3 x64 128 (h1 + h2), with tsfile's sign-extended tail bytes ----------------------

    private static final long C1 = 0x87c37b91114253d5L;
    private static final long C2 = 0x4cf5ad432745937fL;

    static long murmur3x64(byte[] key, long seed) {
        int len = key.length;
        long h1 = seed;
        long h2 = seed;
        int blocks = len >>> 4;
        for (int i = 0; i < blocks; i++) {
            long k1 = littleEndianLong(key, i << 4);
            long k2 = littleEndianLong(key, (i << 4) + 8);
            h1 ^= mixK1(k1);
            h1 = Long.rotateLeft(h1, 27) + h2;
            h1 = h1 * 5 + 0x52dce729;
            h2 ^= mixK2(k2);
            h2 = Long.rotateLeft(h2, 31) + h1;
            h2 = h2 * 5 + 0x38495ab5;
        }
        int tail = blocks << 4;
        int rest = len & 15;
        long k1 = 0;
        long k2 = 0;
        // tsfile widens tail bytes with sign extension (the body reads them unsigned); kept for equal bits
        for (int j = rest - 1; j >= 8; j--) {
            k2 ^= ((long) key[tail + j]) << ((j - 8) << 3);
        }
        if (rest > 8) {
            h2 ^= mixK2(k2);
        }
        for (int j = Math.min(rest, 8) - 1; j >= 0; j--) {
            k1 ^= ((long) key[tail + j]) << (j << 3);
        }
        if (rest > 0) {
            h1 ^= mixK1(k1);
        }
        h1 ^= len;
        h2 ^= len;
        h1 += h2;
        h2 += h1;
        h1 = fmix(h1);
        h2 = fmix(h2);
        h1 += h2;
        h2 += h1;
        return h1 + h2;
    }

    private static long mixK1(long k) {
        return Long.rotateLeft(k * C1, 31) * C2;
    }

    private static long mixK2(long k) {
        return Long.rotateLeft(k * C2, 33) * C1;
    }

    private static long littleEndianLong(byte[] b, int at) {
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (b[at + i] & 0xFFL);
        }
        return v;
    }

    private static long fmix(long k) {
        k ^= k >>> 33;
        k *= 0xff51afd7ed558ccdL;
        k ^= k >>> 33;
        k *= 0xc4ceb9fe1a85ec53L;
        k ^= k >>> 33;
        return k;
    }
}
