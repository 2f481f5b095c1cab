package dev.colcodec.tsfile;

import dev.colcodec.values.DoubleValuesReader;
import dev.colcodec.values.DoubleValuesWriter;
import dev.colcodec.values.FloatValuesReader;
import dev.colcodec.values.FloatValuesWriter;
import dev.colcodec.values.IntValuesReader;
import dev.colcodec.values.IntValuesWriter;
import dev.colcodec.values.LongValuesReader;
import dev.colcodec.values.LongValuesWriter;
import dev.colcodec.values.ValuesReader;
import dev.colcodec.values.ValuesWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.tsfile.encoding.decoder.Decoder;
import org.apache.tsfile.encoding.encoder.Encoder;
import org.apache.tsfile.encoding.encoder.TSEncodingBuilder;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;

/**
 * Test helper: the four numeric TsFile types with values carried as {@code long} bits (INT32 and
 * FLOAT sign-extended from their 32 bits, floats as raw bits), so one test body serves all four
 * types. Also drives the tsfile 2.4.0 oracle.
 */
public enum TsNumericType {
    INT32(TSDataType.INT32),
    INT64(TSDataType.INT64),
    FLOAT(TSDataType.FLOAT),
    DOUBLE(TSDataType.DOUBLE);

    private final TSDataType oracleType;

    TsNumericType(TSDataType oracleType) {
        this.oracleType = oracleType;
    }

    public boolean is32Bit() {
        return this == INT32 || this == FLOAT;
    }

    public boolean isFloating() {
        return this == FLOAT || this == DOUBLE;
    }

    /** Normalises arbitrary bits to this type's representation (low 32 bits sign-extended for 32-bit types). */
    public long norm(long bits) {
        return is32Bit() ? (int) bits : bits;
    }

    public String show(long bits) {
        switch (this) {
            case FLOAT:
                return Float.intBitsToFloat((int) bits) + "(0x" + Integer.toHexString((int) bits) + ")";
            case DOUBLE:
                return Double.longBitsToDouble(bits) + "(0x" + Long.toHexString(bits) + ")";
            default:
                return Long.toString(bits);
        }
    }

    // ---- oracle ----------------------------------------------------------------------------------

    public byte[] oracleEncode(TSEncoding encoding, long[] values) {
        Encoder encoder = TSEncodingBuilder.getEncodingBuilder(encoding).getEncoder(oracleType);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (long v : values) {
            switch (this) {
                case INT32:
                    encoder.encode((int) v, out);
                    break;
                case INT64:
                    encoder.encode(v, out);
                    break;
                case FLOAT:
                    encoder.encode(Float.intBitsToFloat((int) v), out);
                    break;
                default:
                    encoder.encode(Double.longBitsToDouble(v), out);
                    break;
            }
        }
        try {
            encoder.flush(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** Decodes with the oracle while {@code hasNext}. */
    public long[] oracleDecode(TSEncoding encoding, byte[] page) {
        Decoder decoder = Decoder.getDecoderByType(encoding, oracleType);
        ByteBuffer buf = ByteBuffer.wrap(page);
        long[] out = new long[16];
        int n = 0;
        try {
            while (decoder.hasNext(buf)) {
                if (n == out.length) {
                    out = Arrays.copyOf(out, n * 2);
                }
                out[n++] = oracleRead(decoder, buf);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Arrays.copyOf(out, n);
    }

    private long oracleRead(Decoder decoder, ByteBuffer buf) {
        switch (this) {
            case INT32:
                return decoder.readInt(buf);
            case INT64:
                return decoder.readLong(buf);
            case FLOAT:
                return Float.floatToRawIntBits(decoder.readFloat(buf));
            default:
                return Double.doubleToRawLongBits(decoder.readDouble(buf));
        }
    }

    // ---- colcodec readers and writers ------------------------------------------------------------

    public void writeOne(ValuesWriter writer, long v) {
        switch (this) {
            case INT32:
                ((IntValuesWriter) writer).writeInteger((int) v);
                break;
            case INT64:
                ((LongValuesWriter) writer).writeLong(v);
                break;
            case FLOAT:
                ((FloatValuesWriter) writer).writeFloat(Float.intBitsToFloat((int) v));
                break;
            default:
                ((DoubleValuesWriter) writer).writeDouble(Double.longBitsToDouble(v));
                break;
        }
    }

    public void write(ValuesWriter writer, long[] src, int off, int len) {
        switch (this) {
            case INT32: {
                int[] a = new int[len + 3];
                for (int i = 0; i < len; i++) {
                    a[i + 3] = (int) src[off + i];
                }
                ((IntValuesWriter) writer).writeIntegers(a, 3, len);
                break;
            }
            case INT64: {
                long[] a = new long[len + 3];
                System.arraycopy(src, off, a, 3, len);
                ((LongValuesWriter) writer).writeLongs(a, 3, len);
                break;
            }
            case FLOAT: {
                float[] a = new float[len + 3];
                for (int i = 0; i < len; i++) {
                    a[i + 3] = Float.intBitsToFloat((int) src[off + i]);
                }
                ((FloatValuesWriter) writer).writeFloats(a, 3, len);
                break;
            }
            default: {
                double[] a = new double[len + 3];
                for (int i = 0; i < len; i++) {
                    a[i + 3] = Double.longBitsToDouble(src[off + i]);
                }
                ((DoubleValuesWriter) writer).writeDoubles(a, 3, len);
                break;
            }
        }
    }

    public long readOne(ValuesReader reader) {
        switch (this) {
            case INT32:
                return ((IntValuesReader) reader).readInteger();
            case INT64:
                return ((LongValuesReader) reader).readLong();
            case FLOAT:
                return Float.floatToRawIntBits(((FloatValuesReader) reader).readFloat());
            default:
                return Double.doubleToRawLongBits(((DoubleValuesReader) reader).readDouble());
        }
    }

    /** Batch read through the typed array API, into {@code dst[off, off + len)}. */
    public void read(ValuesReader reader, long[] dst, int off, int len) {
        switch (this) {
            case INT32: {
                int[] a = new int[len + 2];
                ((IntValuesReader) reader).readIntegers(a, 1, len);
                for (int i = 0; i < len; i++) {
                    dst[off + i] = a[i + 1];
                }
                break;
            }
            case INT64: {
                long[] a = new long[len + 2];
                ((LongValuesReader) reader).readLongs(a, 1, len);
                System.arraycopy(a, 1, dst, off, len);
                break;
            }
            case FLOAT: {
                float[] a = new float[len + 2];
                ((FloatValuesReader) reader).readFloats(a, 1, len);
                for (int i = 0; i < len; i++) {
                    dst[off + i] = Float.floatToRawIntBits(a[i + 1]);
                }
                break;
            }
            default: {
                double[] a = new double[len + 2];
                ((DoubleValuesReader) reader).readDoubles(a, 1, len);
                for (int i = 0; i < len; i++) {
                    dst[off + i] = Double.doubleToRawLongBits(a[i + 1]);
                }
                break;
            }
        }
    }
}
