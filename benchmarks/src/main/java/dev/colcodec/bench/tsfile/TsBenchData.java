package dev.colcodec.bench.tsfile;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import org.apache.tsfile.encoding.decoder.Decoder;
import org.apache.tsfile.encoding.encoder.Encoder;
import org.apache.tsfile.utils.PublicBAOS;

/**
 * Data and implementation choices shared by the TsFile codec benchmarks: 100,000 values per
 * operation, deterministic data shapes, and the kernels behind each {@code impl} label.
 */
public final class TsBenchData {
    /** Values per benchmark operation. */
    public static final int N = 100_000;

    /** JVM flag every fork gets. */
    public static final String ADD_VECTOR = "--add-modules=jdk.incubator.vector";

    private TsBenchData() {}

    /** {@code colcodec} = the provider's choice, {@code colcodec-scalar} = scalar kernels. */
    public static Kernels kernels(String impl) {
        switch (impl) {
            case "colcodec":
                return KernelProvider.best();
            case "colcodec-scalar":
                return KernelProvider.scalar();
            default:
                throw new IllegalArgumentException("not a colcodec impl: " + impl);
        }
    }

    /** True for the two colcodec labels. */
    public static boolean isColcodec(String impl) {
        return impl.startsWith("colcodec");
    }

    /** xorshift64 (13, 7, 17), deterministic across runs. */
    static final class XorShift {
        private long s;

        XorShift(long seed) {
            s = seed == 0 ? 0x9E3779B97F4A7C15L : seed;
        }

        long next() {
            s ^= s << 13;
            s ^= s >>> 7;
            s ^= s << 17;
            return s;
        }
    }

    /** A sensor-like reading with two decimals: a slow sine, a drift and small noise. */
    private static double sensor(int i, XorShift r) {
        double noise = ((r.next() >>> 11) * 0x1.0p-53 - 0.5) * 0.2;
        return Math.round((21.5 + 4 * Math.sin(i / 700.0) + i * 1e-5 + noise) * 100) / 100.0;
    }

    /** {@code timestamps}: 1.7e12 + i * 1000 + jitter 0..6 ms; {@code random}: xorshift; {@code sensor}: readings * 100. */
    public static long[] longs(String data) {
        XorShift r = new XorShift(42);
        long[] v = new long[N];
        for (int i = 0; i < N; i++) {
            switch (data) {
                case "timestamps":
                    v[i] = 1_700_000_000_000L + i * 1000L + Long.remainderUnsigned(r.next(), 7);
                    break;
                case "random":
                    v[i] = r.next();
                    break;
                case "sensor":
                    v[i] = Math.round(sensor(i, r) * 100);
                    break;
                default:
                    throw new IllegalArgumentException(data);
            }
        }
        return v;
    }

    /** INT32 forms: timestamps relative to the first (ms), random xorshift ints, sensor readings * 100. */
    public static int[] ints(String data) {
        long[] l = longs(data);
        int[] v = new int[N];
        for (int i = 0; i < N; i++) {
            v[i] = data.equals("timestamps") ? (int) (l[i] - 1_700_000_000_000L) : (int) l[i];
        }
        return v;
    }

    /** Timestamps as doubles, uniform random doubles in [0, 1e6), sensor readings. */
    public static double[] doubles(String data) {
        XorShift r = new XorShift(7);
        double[] v = new double[N];
        for (int i = 0; i < N; i++) {
            switch (data) {
                case "timestamps":
                    v[i] = 1_700_000_000_000.0 + i * 1000L + Long.remainderUnsigned(r.next(), 7);
                    break;
                case "random":
                    v[i] = (r.next() >>> 11) * 0x1.0p-53 * 1e6;
                    break;
                case "sensor":
                    v[i] = sensor(i, r);
                    break;
                default:
                    throw new IllegalArgumentException(data);
            }
        }
        return v;
    }

    /** Runs of 64 (timestamps: a per-minute flag), random bits, sensor above its mean. */
    public static boolean[] booleans(String data) {
        XorShift r = new XorShift(9);
        boolean[] v = new boolean[N];
        for (int i = 0; i < N; i++) {
            switch (data) {
                case "timestamps":
                    v[i] = ((i >>> 6) & 1) == 0;
                    break;
                case "random":
                    v[i] = (r.next() & 1) != 0;
                    break;
                case "sensor":
                    v[i] = sensor(i, r) > 21.5;
                    break;
                default:
                    throw new IllegalArgumentException(data);
            }
        }
        return v;
    }

    // ---- tsfile 2.4.0 through its public per-value API (the baseline) -------------------------

    /** Ends a tsfile page into {@code out}. */
    static void flush(Encoder e, ByteArrayOutputStream out) {
        try {
            e.flush(out);
        } catch (IOException x) {
            throw new UncheckedIOException(x);
        }
    }

    static PublicBAOS tsfileEncode(Encoder e, PublicBAOS out, long[] v) {
        out.reset();
        for (long x : v) {
            e.encode(x, out);
        }
        flush(e, out);
        return out;
    }

    static PublicBAOS tsfileEncode(Encoder e, PublicBAOS out, int[] v) {
        out.reset();
        for (int x : v) {
            e.encode(x, out);
        }
        flush(e, out);
        return out;
    }

    static PublicBAOS tsfileEncode(Encoder e, PublicBAOS out, double[] v) {
        out.reset();
        for (double x : v) {
            e.encode(x, out);
        }
        flush(e, out);
        return out;
    }

    static PublicBAOS tsfileEncode(Encoder e, PublicBAOS out, boolean[] v) {
        out.reset();
        for (boolean x : v) {
            e.encode(x, out);
        }
        flush(e, out);
        return out;
    }

    static long[] tsfileDecode(Decoder d, byte[] page, long[] dst) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(page);
        for (int i = 0; d.hasNext(b); i++) {
            dst[i] = d.readLong(b);
        }
        d.reset();
        return dst;
    }

    static int[] tsfileDecode(Decoder d, byte[] page, int[] dst) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(page);
        for (int i = 0; d.hasNext(b); i++) {
            dst[i] = d.readInt(b);
        }
        d.reset();
        return dst;
    }

    static double[] tsfileDecode(Decoder d, byte[] page, double[] dst) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(page);
        for (int i = 0; d.hasNext(b); i++) {
            dst[i] = d.readDouble(b);
        }
        d.reset();
        return dst;
    }

    static boolean[] tsfileDecode(Decoder d, byte[] page, boolean[] dst) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(page);
        for (int i = 0; d.hasNext(b); i++) {
            dst[i] = d.readBoolean(b);
        }
        d.reset();
        return dst;
    }

    /** A tsfile page of {@code values} (one of the primitive arrays above). */
    static byte[] tsfilePage(Encoder e, Object values) {
        PublicBAOS out = new PublicBAOS();
        if (values instanceof long[]) {
            tsfileEncode(e, out, (long[]) values);
        } else if (values instanceof int[]) {
            tsfileEncode(e, out, (int[]) values);
        } else if (values instanceof double[]) {
            tsfileEncode(e, out, (double[]) values);
        } else {
            tsfileEncode(e, out, (boolean[]) values);
        }
        return out.toByteArray();
    }
}
