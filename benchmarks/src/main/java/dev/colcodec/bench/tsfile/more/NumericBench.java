package dev.colcodec.bench.tsfile.more;

import static dev.colcodec.bench.tsfile.more.TsSeries.PAGE;
import static dev.colcodec.bench.tsfile.more.TsSeries.PAGES;
import static dev.colcodec.bench.tsfile.more.TsSeries.VALUES;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
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
import org.apache.tsfile.encoding.decoder.Decoder;
import org.apache.tsfile.encoding.encoder.Encoder;
import org.apache.tsfile.encoding.encoder.TSEncodingBuilder;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.apache.tsfile.utils.PublicBAOS;

/**
 * The body shared by the numeric encode/decode benchmarks of this package: one data set, one
 * implementation, {@link TsSeries#VALUES} values per operation in pages of {@link TsSeries#PAGE}.
 *
 * <p>Implementations: {@code colcodec} (readers and writers with {@link KernelProvider#best()}),
 * {@code colcodec-scalar} (with {@link KernelProvider#scalar()}; identical code for encodings that use
 * no kernels), {@code tsfile} (tsfile 2.4.0's reused encoder/decoder, per-value calls), {@code memcpy}
 * ({@code System.arraycopy} of the operation's output: the decoded values, or the encoded bytes).
 */
public final class NumericBench {
    /** Creates colcodec readers and writers for a TsFile type. */
    public interface Codecs {
        ValuesReader reader(TSDataType type, Kernels kernels);

        ValuesWriter writer(TSDataType type, Kernels kernels);
    }

    private static final int COLCODEC = 0;
    private static final int TSFILE = 1;
    private static final int MEMCPY = 2;

    public final TSDataType type;
    public final long[] bits;
    public final byte[][] oraclePages;
    private final int mode;

    // inputs and outputs by type
    final long[] longs;
    final int[] ints;
    final float[] floats;
    final double[] doubles;
    public final long[] outLongs = new long[VALUES];
    public final int[] outInts = new int[VALUES];
    public final float[] outFloats = new float[VALUES];
    public final double[] outDoubles = new double[VALUES];

    // colcodec
    private final ValuesReader reader;
    private final ValuesWriter writer;
    /** The pages of the last colcodec encode. */
    public final byte[][] encoded = new byte[PAGES][];

    // tsfile
    private final Decoder tsDecoder;
    private final Encoder tsEncoder;
    private final PublicBAOS tsOut = new PublicBAOS(1 << 17);

    // memcpy
    public final byte[] flatPages;
    public final byte[] flatCopy;

    public NumericBench(TSEncoding encoding, TsSeries.Data data, String impl, Codecs codecs) {
        this.type = data.type;
        this.bits = data.bits();
        this.longs = TsSeries.toLongs(bits);
        this.ints = TsSeries.toInts(bits);
        this.floats = TsSeries.toFloats(bits);
        this.doubles = TsSeries.toDoubles(bits);
        this.oraclePages = TsSeries.oraclePages(encoding, data);
        int flat = 0;
        for (byte[] p : oraclePages) {
            flat += p.length;
        }
        this.flatPages = new byte[flat];
        this.flatCopy = new byte[flat];
        int at = 0;
        for (byte[] p : oraclePages) {
            System.arraycopy(p, 0, flatPages, at, p.length);
            at += p.length;
        }
        switch (impl) {
            case "colcodec":
            case "colcodec-scalar":
                mode = COLCODEC;
                Kernels kernels = impl.equals("colcodec") ? KernelProvider.best() : KernelProvider.scalar();
                reader = codecs.reader(type, kernels);
                writer = codecs.writer(type, kernels);
                tsDecoder = null;
                tsEncoder = null;
                break;
            case "tsfile":
                mode = TSFILE;
                reader = null;
                writer = null;
                tsDecoder = Decoder.getDecoderByType(encoding, type);
                tsEncoder = TSEncodingBuilder.getEncodingBuilder(encoding).getEncoder(type);
                break;
            case "memcpy":
                mode = MEMCPY;
                reader = null;
                writer = null;
                tsDecoder = null;
                tsEncoder = null;
                break;
            default:
                throw new IllegalArgumentException("unknown impl " + impl);
        }
    }

    /** Decodes every page into the output array of the type and returns that array. */
    public Object decode() {
        if (mode == TSFILE) {
            TsSeries.oracleDecode(tsDecoder, oraclePages, type, outLongs, outInts, outFloats, outDoubles);
            return output();
        }
        if (mode == MEMCPY) {
            switch (type) {
                case INT32:
                    System.arraycopy(ints, 0, outInts, 0, VALUES);
                    break;
                case INT64:
                    System.arraycopy(longs, 0, outLongs, 0, VALUES);
                    break;
                case FLOAT:
                    System.arraycopy(floats, 0, outFloats, 0, VALUES);
                    break;
                default:
                    System.arraycopy(doubles, 0, outDoubles, 0, VALUES);
                    break;
            }
            return output();
        }
        for (int p = 0; p < PAGES; p++) {
            byte[] page = oraclePages[p];
            reader.init(PAGE, page, 0, page.length);
            switch (type) {
                case INT32:
                    ((IntValuesReader) reader).readIntegers(outInts, p * PAGE, PAGE);
                    break;
                case INT64:
                    ((LongValuesReader) reader).readLongs(outLongs, p * PAGE, PAGE);
                    break;
                case FLOAT:
                    ((FloatValuesReader) reader).readFloats(outFloats, p * PAGE, PAGE);
                    break;
                default:
                    ((DoubleValuesReader) reader).readDoubles(outDoubles, p * PAGE, PAGE);
                    break;
            }
        }
        return output();
    }

    /** The output array of the type. */
    public Object output() {
        switch (type) {
            case INT32:
                return outInts;
            case INT64:
                return outLongs;
            case FLOAT:
                return outFloats;
            default:
                return outDoubles;
        }
    }

    /** Encodes every page; returns the total encoded size. */
    public int encode() {
        if (mode == TSFILE) {
            return TsSeries.oracleEncode(tsEncoder, tsOut, type, longs, ints, floats, doubles);
        }
        if (mode == MEMCPY) {
            System.arraycopy(flatPages, 0, flatCopy, 0, flatPages.length);
            return flatCopy.length;
        }
        int total = 0;
        for (int p = 0; p < PAGES; p++) {
            writer.reset();
            switch (type) {
                case INT32:
                    ((IntValuesWriter) writer).writeIntegers(ints, p * PAGE, PAGE);
                    break;
                case INT64:
                    ((LongValuesWriter) writer).writeLongs(longs, p * PAGE, PAGE);
                    break;
                case FLOAT:
                    ((FloatValuesWriter) writer).writeFloats(floats, p * PAGE, PAGE);
                    break;
                default:
                    ((DoubleValuesWriter) writer).writeDoubles(doubles, p * PAGE, PAGE);
                    break;
            }
            byte[] page = writer.toByteArray();
            encoded[p] = page;
            total += page.length;
        }
        return total;
    }
}
