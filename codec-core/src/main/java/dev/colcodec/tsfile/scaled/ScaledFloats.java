package dev.colcodec.tsfile.scaled;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.ByteCursor;
import dev.colcodec.io.ByteSink;
import java.util.Arrays;

/**
 * TsFile's lossy FLOAT/DOUBLE wrapper ({@code FloatEncoder}/{@code FloatDecoder}, tsfile 2.4.0) around
 * an INT32/INT64 stream: each value is scaled by {@code 10^maxPointNumber} and rounded, or, when that
 * overflows, rounded unscaled, or, when even that overflows (or the value is NaN), stored as raw bits.
 *
 * <p>Page layouts (varints are ULEB128; bitmaps are LSB-first, {@code count / 8 + 1} bytes):
 *
 * <pre>
 * all scaled:       [maxPointNumber][int stream]
 * some rounded:     [0x7FFFFFFF][count][scaled bitmap][maxPointNumber][int stream]
 * some raw bits:    [0x7FFFFFFE][count][scaled bitmap][raw bitmap][maxPointNumber][int stream]
 * </pre>
 *
 * TsFile writes this wrapper for FLOAT/DOUBLE under TS_2DIFF and RLE. This class holds the per-value
 * kinds of the page being written and parses the header of the page being read; {@link
 * ScaledFloatWriter}, {@link ScaledDoubleWriter}, {@link ScaledFloatReader} and {@link
 * ScaledDoubleReader} put it around any INT32/INT64 stream.
 */
public final class ScaledFloats {
    static final byte SCALED = 0;
    static final byte ROUNDED = 1;
    static final byte RAW = 2;

    private static final int SOME_ROUNDED = 0x7FFFFFFF;
    private static final int SOME_RAW = 0x7FFFFFFE;
    private static final double INT_MAX = 2147483647.0;
    private static final double INT_MIN = -2147483648.0;
    private static final float FLOAT_INT_LIMIT = 2.14748365E9f;
    private static final double LONG_LIMIT = 9.223372036854776E18;

    /**
     * The length of the wrapper header at the start of a non-empty page, i.e. where its INT32/INT64
     * stream starts relative to {@code offset}.
     *
     * @throws dev.colcodec.CorruptInputException when the header is truncated or invalid
     */
    public static int headerLength(byte[] buf, int offset, int length) {
        Header h = new Header();
        h.parse(new ByteCursor(buf, offset, length));
        return h.dataStart - offset;
    }

    // ---- writer side -----------------------------------------------------------------------------

    private byte[] kinds = new byte[256];
    private int count;
    private int notScaled;
    private int raw;

    ScaledFloats() {}

    /** The maximum point number TsFile writes for a requested precision (negative means 0). */
    static int maxPointNumber(int requested) {
        return Math.max(0, requested);
    }

    /** {@code 10^maxPointNumber}, or 1 when it is not positive. */
    static double maxPointValue(int maxPointNumber) {
        return maxPointNumber <= 0 ? 1.0 : Math.pow(10, maxPointNumber);
    }

    static byte kindOf(float f, double scale) {
        double s = f * scale;
        if (s > INT_MAX || s < INT_MIN) {
            return f > FLOAT_INT_LIMIT || f < -FLOAT_INT_LIMIT ? RAW : ROUNDED;
        }
        return Float.isNaN(f) ? RAW : SCALED;
    }

    static int toInt(float f, double scale, byte kind) {
        switch (kind) {
            case SCALED:
                return (int) Math.round(f * scale);
            case ROUNDED:
                return Math.round(f);
            default:
                return Float.floatToIntBits(f);
        }
    }

    static byte kindOf(double d, double scale) {
        double s = d * scale;
        if (s > LONG_LIMIT || s < -LONG_LIMIT) {
            return d > LONG_LIMIT || d < -LONG_LIMIT ? RAW : ROUNDED;
        }
        return Double.isNaN(d) ? RAW : SCALED;
    }

    static long toLong(double d, double scale, byte kind) {
        switch (kind) {
            case SCALED: {
                // TsFile's Math.round(d * scale), but where that reads back (k / scale) as another value
                // and a neighbour reads back as d itself, the neighbour: a value read from such a page is
                // then written back unchanged (d * scale can round to the next integer: 4501090.342589513 at
                // 9 digits), where TsFile's encoder would move it by one unit in its last place
                long k = Math.round(d * scale);
                if (k / scale != d) {
                    if ((k + 1) / scale == d) {
                        return k + 1;
                    }
                    if ((k - 1) / scale == d) {
                        return k - 1;
                    }
                }
                return k;
            }
            case ROUNDED:
                return Math.round(d);
            default:
                return Double.doubleToLongBits(d);
        }
    }

    /** Records the kind of the next value. */
    void add(byte kind) {
        if (count == kinds.length) {
            kinds = Arrays.copyOf(kinds, count * 2);
        }
        kinds[count++] = kind;
        if (kind != SCALED) {
            notScaled++;
            if (kind == RAW) {
                raw++;
            }
        }
    }

    void clear() {
        count = 0;
        notScaled = 0;
        raw = 0;
    }

    /** Bytes the header will take, for size estimates. */
    long headerSize() {
        return notScaled == 0 ? 5 : 15 + 2L * (count / 8 + 1);
    }

    /**
     * The finished page: the header for the recorded kinds, then {@code stream}. With no values TsFile
     * writes no header, only what its inner encoder flushes for an empty page: {@code stream} itself.
     */
    byte[] assemble(int maxPointNumber, byte[] stream) {
        if (count == 0) {
            return stream;
        }
        ByteSink out = new ByteSink((int) Math.min(Integer.MAX_VALUE - 16, headerSize() + stream.length));
        writeHeader(maxPointNumber, out);
        out.write(stream, 0, stream.length);
        return out.toByteArray();
    }

    /**
     * Appends to {@code out} what {@link #assemble} puts in front of the inner stream (nothing for an
     * empty page); the inner stream's bytes follow it.
     */
    void writeHeader(int maxPointNumber, ByteSink out) {
        if (count == 0) {
            return;
        }
        if (notScaled > 0) {
            out.writeUnsignedVarInt(raw > 0 ? SOME_RAW : SOME_ROUNDED);
            out.writeUnsignedVarInt(count);
            writeBitmap(out, SCALED);
            if (raw > 0) {
                writeBitmap(out, RAW);
            }
        }
        out.writeUnsignedVarInt(maxPointNumber);
    }

    private void writeBitmap(ByteSink out, byte kind) {
        int bytes = count / 8 + 1;
        int p = out.ensure(bytes);
        byte[] a = out.array();
        Arrays.fill(a, p, p + bytes, (byte) 0);
        for (int i = 0; i < count; i++) {
            if (kinds[i] == kind) {
                a[p + (i >>> 3)] |= (byte) (1 << (i & 7));
            }
        }
        out.advance(bytes);
    }

    // ---- reader side -----------------------------------------------------------------------------

    /** The parsed header of a page being read. */
    static final class Header {
        /** Values described by the bitmaps, or -1 when every value is scaled (no bitmaps). */
        int count;

        int scaledBitmap;
        /** Where the raw-bits bitmap starts, or -1 when there is none. */
        int rawBitmap;

        double scale;
        /** Where the INT32/INT64 stream starts. */
        int dataStart;

        void parse(ByteCursor in) {
            int first = in.readUnsignedVarInt("a float max point number or marker");
            if (first == SOME_ROUNDED || first == SOME_RAW) {
                int at = in.position();
                count = in.readUnsignedVarInt("a float page value count");
                if (count < 0) {
                    throw new CorruptInputException(at, "a float page value count below 2^31");
                }
                int bitmapBytes = count / 8 + 1;
                scaledBitmap = in.skip(bitmapBytes, "the scaled-values bitmap");
                rawBitmap = first == SOME_RAW ? in.skip(bitmapBytes, "the raw-bits bitmap") : -1;
                scale = Math.pow(10, in.readUnsignedVarInt("a float max point number"));
            } else {
                count = -1;
                scaledBitmap = -1;
                rawBitmap = -1;
                scale = maxPointValue(first);
            }
            dataStart = in.position();
        }

        /** The kind of value {@code i} (an index the caller checked against {@link #count}). */
        byte kind(byte[] buf, int i) {
            if (count < 0) {
                return SCALED;
            }
            if (i >= count) {
                throw new CorruptInputException(scaledBitmap, "at most " + count + " float values in this page");
            }
            int bit = 1 << (i & 7);
            if (rawBitmap >= 0 && (buf[rawBitmap + (i >>> 3)] & bit) != 0) {
                return RAW;
            }
            return (buf[scaledBitmap + (i >>> 3)] & bit) != 0 ? SCALED : ROUNDED;
        }
    }
}
