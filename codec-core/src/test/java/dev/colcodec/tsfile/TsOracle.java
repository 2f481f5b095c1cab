package dev.colcodec.tsfile;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.tsfile.encoding.decoder.Decoder;
import org.apache.tsfile.encoding.decoder.FloatDecoder;
import org.apache.tsfile.encoding.encoder.Encoder;
import org.apache.tsfile.encoding.encoder.FloatEncoder;
import org.apache.tsfile.encoding.encoder.TSEncodingBuilder;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.apache.tsfile.utils.Binary;

/**
 * TsFile 2.4.0's own encoders and decoders as test oracles: one page per call, encoded with
 * per-value {@code encode} and one {@code flush}, decoded with the {@code hasNext}/{@code readX} loop.
 */
public final class TsOracle {
    private TsOracle() {}

    public static Encoder encoder(TSEncoding encoding, TSDataType type) {
        return TSEncodingBuilder.getEncodingBuilder(encoding).getEncoder(type);
    }

    /** TsFile's lossy FLOAT/DOUBLE wrapper under TS_2DIFF with an explicit max point number. */
    public static Encoder floatEncoder(TSDataType type, int maxPointNumber) {
        return floatEncoder(TSEncoding.TS_2DIFF, type, maxPointNumber);
    }

    /** TsFile's lossy FLOAT/DOUBLE wrapper under TS_2DIFF or RLE with an explicit max point number. */
    public static Encoder floatEncoder(TSEncoding encoding, TSDataType type, int maxPointNumber) {
        return new FloatEncoder(encoding, type, maxPointNumber);
    }

    public static Decoder decoder(TSEncoding encoding, TSDataType type) {
        if ((encoding == TSEncoding.TS_2DIFF || encoding == TSEncoding.RLE)
                && (type == TSDataType.FLOAT || type == TSDataType.DOUBLE)) {
            return new FloatDecoder(encoding, type);
        }
        return Decoder.getDecoderByType(encoding, type);
    }

    private static byte[] flush(Encoder e, ByteArrayOutputStream out) {
        try {
            e.flush(out);
        } catch (IOException x) {
            throw new UncheckedIOException(x);
        }
        return out.toByteArray();
    }

    public static byte[] encodeLongs(Encoder e, long[] values) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (long v : values) {
            e.encode(v, out);
        }
        return flush(e, out);
    }

    public static byte[] encodeInts(Encoder e, int[] values) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int v : values) {
            e.encode(v, out);
        }
        return flush(e, out);
    }

    public static byte[] encodeDoubles(Encoder e, double[] values) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (double v : values) {
            e.encode(v, out);
        }
        return flush(e, out);
    }

    public static byte[] encodeFloats(Encoder e, float[] values) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (float v : values) {
            e.encode(v, out);
        }
        return flush(e, out);
    }

    public static byte[] encodeBooleans(Encoder e, boolean[] values) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (boolean v : values) {
            e.encode(v, out);
        }
        return flush(e, out);
    }

    public static byte[] encodeBinaries(Encoder e, byte[][] values) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] v : values) {
            e.encode(new Binary(v), out);
        }
        return flush(e, out);
    }

    private static boolean hasNext(Decoder d, ByteBuffer b) {
        try {
            return d.hasNext(b);
        } catch (IOException x) {
            throw new UncheckedIOException(x);
        }
    }

    public static long[] decodeLongs(Decoder d, byte[] page) {
        ByteBuffer b = ByteBuffer.wrap(page);
        long[] out = new long[16];
        int n = 0;
        while (hasNext(d, b)) {
            if (n == out.length) {
                out = java.util.Arrays.copyOf(out, n * 2);
            }
            out[n++] = d.readLong(b);
        }
        d.reset();
        return java.util.Arrays.copyOf(out, n);
    }

    public static int[] decodeInts(Decoder d, byte[] page) {
        ByteBuffer b = ByteBuffer.wrap(page);
        int[] out = new int[16];
        int n = 0;
        while (hasNext(d, b)) {
            if (n == out.length) {
                out = java.util.Arrays.copyOf(out, n * 2);
            }
            out[n++] = d.readInt(b);
        }
        d.reset();
        return java.util.Arrays.copyOf(out, n);
    }

    public static double[] decodeDoubles(Decoder d, byte[] page) {
        ByteBuffer b = ByteBuffer.wrap(page);
        double[] out = new double[16];
        int n = 0;
        while (hasNext(d, b)) {
            if (n == out.length) {
                out = java.util.Arrays.copyOf(out, n * 2);
            }
            out[n++] = d.readDouble(b);
        }
        d.reset();
        return java.util.Arrays.copyOf(out, n);
    }

    public static float[] decodeFloats(Decoder d, byte[] page) {
        ByteBuffer b = ByteBuffer.wrap(page);
        float[] out = new float[16];
        int n = 0;
        while (hasNext(d, b)) {
            if (n == out.length) {
                out = java.util.Arrays.copyOf(out, n * 2);
            }
            out[n++] = d.readFloat(b);
        }
        d.reset();
        return java.util.Arrays.copyOf(out, n);
    }

    public static boolean[] decodeBooleans(Decoder d, byte[] page) {
        ByteBuffer b = ByteBuffer.wrap(page);
        boolean[] out = new boolean[16];
        int n = 0;
        while (hasNext(d, b)) {
            if (n == out.length) {
                out = java.util.Arrays.copyOf(out, n * 2);
            }
            out[n++] = d.readBoolean(b);
        }
        d.reset();
        return java.util.Arrays.copyOf(out, n);
    }

    public static byte[][] decodeBinaries(Decoder d, byte[] page) {
        ByteBuffer b = ByteBuffer.wrap(page);
        List<byte[]> out = new ArrayList<>();
        while (hasNext(d, b)) {
            out.add(d.readBinary(b).getValues());
        }
        d.reset();
        return out.toArray(new byte[0][]);
    }
}
