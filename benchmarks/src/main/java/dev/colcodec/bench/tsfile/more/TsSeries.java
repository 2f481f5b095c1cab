package dev.colcodec.bench.tsfile.more;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.tsfile.encoding.decoder.Decoder;
import org.apache.tsfile.encoding.encoder.Encoder;
import org.apache.tsfile.encoding.encoder.TSEncodingBuilder;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.apache.tsfile.utils.PublicBAOS;

/**
 * Benchmark data for the TsFile encodings: deterministic series of 100,000 values in pages of 10,000
 * (TsFile's default page size), and the tsfile 2.4.0 encoder and decoder loops used as the baseline.
 * Values travel as {@code long} bits: INT32 sign-extended, FLOAT and DOUBLE as raw bits.
 */
public final class TsSeries {
    /** Values per benchmark operation. */
    public static final int VALUES = 100_000;
    /** Values per page. */
    public static final int PAGE = 10_000;
    /** Pages per operation. */
    public static final int PAGES = VALUES / PAGE;

    private TsSeries() {}

    /** A named data set and its TsFile type. */
    public enum Data {
        /** INT64 millisecond timestamps, 1 s apart with a few ms of jitter. */
        TIMESTAMPS("timestamps", TSDataType.INT64),
        /** xorshift64 INT64 values (incompressible). */
        XORSHIFT("xorshift", TSDataType.INT64),
        /** A sensor-like DOUBLE random walk rounded to two decimals. */
        WALK_DOUBLE("walk-double", TSDataType.DOUBLE),
        /** The same walk as FLOAT. */
        WALK_FLOAT("walk-float", TSDataType.FLOAT),
        /** xorshift64 bit patterns as DOUBLE (NaNs included). */
        XORSHIFT_DOUBLE("xorshift-double", TSDataType.DOUBLE),
        /** INT32 counters with small random steps. */
        COUNTER_INT("counter-int", TSDataType.INT32);

        public final String label;
        public final TSDataType type;

        Data(String label, TSDataType type) {
            this.label = label;
            this.type = type;
        }

        public static Data of(String label) {
            for (Data d : values()) {
                if (d.label.equals(label)) {
                    return d;
                }
            }
            throw new IllegalArgumentException("unknown data " + label);
        }

        /** {@link #VALUES} values as bits. */
        public long[] bits() {
            SplittableRandom r = new SplittableRandom(42);
            long[] v = new long[VALUES];
            switch (this) {
                case TIMESTAMPS: {
                    long t = 1_700_000_000_000L;
                    for (int i = 0; i < VALUES; i++) {
                        t += 1000 + r.nextInt(-5, 6);
                        v[i] = t;
                    }
                    break;
                }
                case XORSHIFT:
                case XORSHIFT_DOUBLE: {
                    long x = 88172645463325252L;
                    for (int i = 0; i < VALUES; i++) {
                        x ^= x << 13;
                        x ^= x >>> 7;
                        x ^= x << 17;
                        v[i] = x;
                    }
                    break;
                }
                case COUNTER_INT: {
                    int c = 1000;
                    for (int i = 0; i < VALUES; i++) {
                        c += r.nextInt(0, 20);
                        v[i] = c;
                    }
                    break;
                }
                default: {
                    double x = 20.0;
                    for (int i = 0; i < VALUES; i++) {
                        x += r.nextGaussian() * 0.05;
                        double rounded = Math.round(x * 100) / 100.0;
                        v[i] = this == WALK_FLOAT
                                ? Float.floatToRawIntBits((float) rounded)
                                : Double.doubleToRawLongBits(rounded);
                    }
                    break;
                }
            }
            return v;
        }
    }

    public static long[] toLongs(long[] bits) {
        return bits.clone();
    }

    public static int[] toInts(long[] bits) {
        int[] out = new int[bits.length];
        for (int i = 0; i < bits.length; i++) {
            out[i] = (int) bits[i];
        }
        return out;
    }

    public static float[] toFloats(long[] bits) {
        float[] out = new float[bits.length];
        for (int i = 0; i < bits.length; i++) {
            out[i] = Float.intBitsToFloat((int) bits[i]);
        }
        return out;
    }

    public static double[] toDoubles(long[] bits) {
        double[] out = new double[bits.length];
        for (int i = 0; i < bits.length; i++) {
            out[i] = Double.longBitsToDouble(bits[i]);
        }
        return out;
    }

    private static final Map<String, byte[][]> ORACLE_PAGES = new ConcurrentHashMap<>();

    /**
     * The pages tsfile 2.4.0 writes for a data set, computed once per JVM (some tsfile encoders take
     * seconds for 100,000 values). Callers must not modify them.
     */
    public static byte[][] oraclePages(TSEncoding encoding, Data data) {
        return ORACLE_PAGES.computeIfAbsent(
                encoding + "/" + data.label, k -> oraclePages(encoding, data.type, data.bits()));
    }

    /** The pages tsfile 2.4.0 writes for {@code bits}, {@link #PAGE} values each. */
    public static byte[][] oraclePages(TSEncoding encoding, TSDataType type, long[] bits) {
        byte[][] pages = new byte[PAGES][];
        Encoder encoder = TSEncodingBuilder.getEncodingBuilder(encoding).getEncoder(type);
        for (int p = 0; p < PAGES; p++) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (int i = p * PAGE; i < (p + 1) * PAGE; i++) {
                encodeOne(encoder, type, bits[i], out);
            }
            flush(encoder, out);
            pages[p] = out.toByteArray();
        }
        return pages;
    }

    static void encodeOne(Encoder encoder, TSDataType type, long bits, ByteArrayOutputStream out) {
        switch (type) {
            case INT32:
                encoder.encode((int) bits, out);
                break;
            case INT64:
                encoder.encode(bits, out);
                break;
            case FLOAT:
                encoder.encode(Float.intBitsToFloat((int) bits), out);
                break;
            default:
                encoder.encode(Double.longBitsToDouble(bits), out);
                break;
        }
    }

    static void flush(Encoder encoder, ByteArrayOutputStream out) {
        try {
            encoder.flush(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * tsfile 2.4.0's fastest public encode path: one reused encoder, per-value {@code encode} into a
     * reused {@link PublicBAOS}, {@code flush} per page. Returns the total encoded size.
     */
    public static int oracleEncode(
            Encoder encoder,
            PublicBAOS out,
            TSDataType type,
            long[] longs,
            int[] ints,
            float[] floats,
            double[] doubles) {
        int total = 0;
        for (int p = 0; p < PAGES; p++) {
            out.reset();
            int from = p * PAGE;
            int to = from + PAGE;
            switch (type) {
                case INT32:
                    for (int i = from; i < to; i++) {
                        encoder.encode(ints[i], out);
                    }
                    break;
                case INT64:
                    for (int i = from; i < to; i++) {
                        encoder.encode(longs[i], out);
                    }
                    break;
                case FLOAT:
                    for (int i = from; i < to; i++) {
                        encoder.encode(floats[i], out);
                    }
                    break;
                default:
                    for (int i = from; i < to; i++) {
                        encoder.encode(doubles[i], out);
                    }
                    break;
            }
            flush(encoder, out);
            total += out.size();
        }
        return total;
    }

    /**
     * tsfile 2.4.0's decode loop ({@code reset}, then {@code while (hasNext) read}) over every page,
     * into the output array of the type. Returns the number of values read.
     */
    public static int oracleDecode(
            Decoder decoder,
            byte[][] pages,
            TSDataType type,
            long[] longs,
            int[] ints,
            float[] floats,
            double[] doubles) {
        int n = 0;
        try {
            for (byte[] page : pages) {
                decoder.reset();
                ByteBuffer buf = ByteBuffer.wrap(page);
                switch (type) {
                    case INT32:
                        while (decoder.hasNext(buf)) {
                            ints[n++] = decoder.readInt(buf);
                        }
                        break;
                    case INT64:
                        while (decoder.hasNext(buf)) {
                            longs[n++] = decoder.readLong(buf);
                        }
                        break;
                    case FLOAT:
                        while (decoder.hasNext(buf)) {
                            floats[n++] = decoder.readFloat(buf);
                        }
                        break;
                    default:
                        while (decoder.hasNext(buf)) {
                            doubles[n++] = decoder.readDouble(buf);
                        }
                        break;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return n;
    }
}
