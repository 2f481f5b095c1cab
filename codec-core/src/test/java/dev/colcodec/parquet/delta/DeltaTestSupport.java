package dev.colcodec.parquet.delta;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesReader;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForLong;

/**
 * Test data, parquet-java oracle calls and an independent DELTA_BINARY_PACKED parser for the
 * delta-family tests.
 */
public final class DeltaTestSupport {
    private DeltaTestSupport() {}

    /** Sizes around miniblock (32) and block (128) boundaries. */
    public static final int[] SIZES = {0, 1, 2, 3, 7, 8, 9, 31, 32, 33, 64, 65, 127, 128, 129, 130, 257, 300, 1000};

    /** Data shapes. */
    public enum Shape {
        RANDOM_FULL,
        RANDOM_SMALL,
        SORTED,
        TIMESTAMPS,
        DESCENDING,
        RUNS,
        CONSTANT,
        CONSTANT_STEP,
        EXTREMES
    }

    /** {@code n} values of {@code shape}; with {@code int32} every value fits in an int. */
    public static long[] values(Shape shape, int n, boolean int32, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        long[] v = new long[n];
        long base = int32 ? 1_000_000L : 1_700_000_000_000L;
        long cur = r.nextLong(-1000, 1000);
        for (int i = 0; i < n; i++) {
            switch (shape) {
                case RANDOM_FULL:
                    v[i] = r.nextLong();
                    break;
                case RANDOM_SMALL:
                    v[i] = r.nextLong(-1000, 1001);
                    break;
                case SORTED:
                    cur += r.nextInt(100);
                    v[i] = cur;
                    break;
                case TIMESTAMPS:
                    v[i] = base + 1000L * i + r.nextInt(-5, 6);
                    break;
                case DESCENDING:
                    cur -= r.nextInt(1, 5000);
                    v[i] = cur;
                    break;
                case RUNS:
                    if (i == 0 || r.nextInt(20) == 0) {
                        cur = r.nextLong(-100_000, 100_000);
                    }
                    v[i] = cur;
                    break;
                case CONSTANT:
                    v[i] = int32 ? Integer.MIN_VALUE + 12345 : -987_654_321_012L;
                    break;
                case CONSTANT_STEP:
                    v[i] = base + 7L * i;
                    break;
                case EXTREMES:
                    long[] pick = int32
                            ? new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1, 1}
                            : new long[] {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1};
                    v[i] = pick[r.nextInt(pick.length)];
                    break;
                default:
                    throw new AssertionError(shape);
            }
            if (int32) {
                v[i] = (int) v[i];
            }
        }
        return v;
    }

    /**
     * {@code n} values whose every full miniblock of 32 deltas needs exactly {@code width} bits (for a
     * 128/4 layout): each miniblock has a delta equal to the block minimum and one with the top bit.
     */
    public static long[] widthExact(int width, int n, boolean int32, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int typeBits = int32 ? 32 : 64;
        long mask = width == 64 ? -1L : (1L << width) - 1;
        // deltas span [minDelta, minDelta + 2^width) without leaving the type's signed range
        long minDelta;
        if (width == typeBits) {
            minDelta = int32 ? Integer.MIN_VALUE : Long.MIN_VALUE;
        } else if (width >= typeBits - 2) {
            minDelta = -(1L << (width - 1)) + r.nextInt(50);
        } else {
            minDelta = r.nextLong(-50, 50);
        }
        long[] v = new long[n];
        long cur = r.nextLong();
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                int k = (i - 1) % 32;
                long d = width == 0
                        ? 0
                        : k == 0 ? 0 : k == 1 ? (1L << (width - 1)) | (r.nextLong() & mask) : r.nextLong() & mask;
                cur += minDelta + d;
            }
            v[i] = int32 ? (int) cur : cur;
        }
        return v;
    }

    // ---- parquet-java -------------------------------------------------------------------------------

    public static byte[] oracleEncode(long[] values, boolean int32, int blockSize, int miniblocks) {
        try {
            if (int32) {
                DeltaBinaryPackingValuesWriterForInteger w = new DeltaBinaryPackingValuesWriterForInteger(
                        blockSize, miniblocks, 64, 1 << 20, new HeapByteBufferAllocator());
                for (long v : values) {
                    w.writeInteger((int) v);
                }
                return w.getBytes().toByteArray();
            }
            DeltaBinaryPackingValuesWriterForLong w = new DeltaBinaryPackingValuesWriterForLong(
                    blockSize, miniblocks, 64, 1 << 20, new HeapByteBufferAllocator());
            for (long v : values) {
                w.writeLong(v);
            }
            return w.getBytes().toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Decodes with parquet-java; returns the values and, in {@code end[0]}, where its stream stopped. */
    public static long[] oracleDecode(byte[] bytes, int count, boolean int32, int[] end) {
        try {
            DeltaBinaryPackingValuesReader r = new DeltaBinaryPackingValuesReader();
            ByteBufferInputStream in = ByteBufferInputStream.wrap(ByteBuffer.wrap(bytes));
            r.initFromPage(count, in);
            if (end != null) {
                end[0] = (int) in.position();
            }
            long[] out = new long[count];
            for (int i = 0; i < count; i++) {
                out[i] = int32 ? r.readInteger() : r.readLong();
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- an independent parser --------------------------------------------------------------------

    /** Parsed summary of one stream. */
    public static final class Parsed {
        public int totalCount;
        public int end;
        public int maxWidth;
        /** The stream with unused miniblock widths of the last block and padding bits zeroed. */
        public byte[] canonical;
    }

    /** Parses the DELTA_BINARY_PACKED stream at the start of {@code stream} (bit by bit, no kernels). */
    public static Parsed parse(byte[] stream) {
        byte[] out = stream.clone();
        int[] pos = {0};
        int block = (int) uleb(out, pos);
        int mpb = (int) uleb(out, pos);
        int total = (int) uleb(out, pos);
        uleb(out, pos); // first value
        int m = block / mpb;
        long deltas = total > 0 ? total - 1 : 0;
        Parsed p = new Parsed();
        while (deltas > 0) {
            uleb(out, pos); // min delta
            int wpos = pos[0];
            pos[0] += mpb;
            int inBlock = (int) Math.min(deltas, block);
            int used = (inBlock + m - 1) / m;
            for (int i = used; i < mpb; i++) {
                out[wpos + i] = 0;
            }
            for (int i = 0; i < used; i++) {
                int w = out[wpos + i] & 0xFF;
                p.maxWidth = Math.max(p.maxWidth, w);
                int bytes = m / 8 * w;
                if (i == used - 1) {
                    long real = (long) (inBlock - i * m) * w;
                    for (long b = real; b < (long) m * w; b++) {
                        out[pos[0] + (int) (b >>> 3)] &= (byte) ~(1 << (b & 7));
                    }
                }
                pos[0] += bytes;
            }
            deltas -= inBlock;
        }
        p.totalCount = total;
        p.end = pos[0];
        p.canonical = Arrays.copyOf(out, pos[0]);
        return p;
    }

    private static long uleb(byte[] b, int[] pos) {
        long v = 0;
        for (int shift = 0; ; shift += 7) {
            int x = b[pos[0]++];
            v |= (long) (x & 0x7F) << shift;
            if ((x & 0x80) == 0) {
                return v;
            }
        }
    }

    /** Byte-string data shapes. */
    public enum Strings {
        RANDOM_SHORT,
        SORTED_WORDS,
        URLS,
        EMPTY,
        IDENTICAL,
        LONG,
        MIXED,
        UTF8
    }

    /** {@code n} byte strings of {@code shape}. */
    public static java.util.List<byte[]> strings(Strings shape, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        java.util.List<byte[]> out = new java.util.ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            byte[] v;
            switch (shape) {
                case RANDOM_SHORT:
                    v = randomBytes(r, r.nextInt(17));
                    break;
                case SORTED_WORDS:
                case URLS: {
                    StringBuilder sb = new StringBuilder(shape == Strings.URLS ? "https://example.com/items/" : "");
                    for (int k = 0, len = r.nextInt(1, 12); k < len; k++) {
                        sb.append((char) ('a' + r.nextInt(shape == Strings.URLS ? 26 : 4)));
                    }
                    v = sb.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    break;
                }
                case EMPTY:
                    v = new byte[0];
                    break;
                case IDENTICAL:
                    v = "the same value every time".getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    break;
                case LONG:
                    v = randomBytes(r, r.nextInt(200, 2000));
                    break;
                case MIXED:
                    v = r.nextInt(3) == 0
                            ? new byte[0]
                            : randomBytes(r, r.nextInt(3) == 0 ? r.nextInt(300) : r.nextInt(8));
                    break;
                case UTF8:
                    v = ("Grüße, 世界 " + r.nextInt(1000)).getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    break;
                default:
                    throw new AssertionError(shape);
            }
            out.add(v);
        }
        if (shape == Strings.SORTED_WORDS || shape == Strings.URLS) {
            out.sort(Arrays::compareUnsigned);
        }
        return out;
    }

    /** {@code n} values of exactly {@code width} bytes, sorted so that prefixes are shared. */
    public static java.util.List<byte[]> fixedStrings(int width, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        java.util.List<byte[]> out = new java.util.ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            byte[] v = new byte[width];
            for (int k = 0; k < width; k++) {
                v[k] = (byte) (k < width / 2 ? r.nextInt(3) : r.nextInt(256));
            }
            out.add(v);
        }
        out.sort(Arrays::compareUnsigned);
        return out;
    }

    private static byte[] randomBytes(SplittableRandom r, int len) {
        byte[] b = new byte[len];
        for (int i = 0; i < len; i++) {
            b[i] = (byte) r.nextInt(256);
        }
        return b;
    }

    /**
     * Canonical form of a stream made of {@code streams} DELTA_BINARY_PACKED streams followed by raw
     * bytes (DELTA_LENGTH_BYTE_ARRAY: 1, DELTA_BYTE_ARRAY: 2).
     */
    public static byte[] canonicalDeltaStrings(byte[] page, int streams) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        int pos = 0;
        for (int s = 0; s < streams; s++) {
            Parsed p = parse(Arrays.copyOfRange(page, pos, page.length));
            out.write(p.canonical, 0, p.canonical.length);
            pos += p.end;
        }
        out.write(page, pos, page.length - pos);
        return out.toByteArray();
    }

    public static byte[] hex(String s) {
        String[] parts = s.trim().split("\\s+");
        byte[] b = new byte[parts.length];
        for (int i = 0; i < parts.length; i++) {
            b[i] = (byte) Integer.parseInt(parts[i], 16);
        }
        return b;
    }
}
