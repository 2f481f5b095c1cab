package dev.colcodec.bench.tsfile.more;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Array;
import org.apache.tsfile.encoding.decoder.Decoder;
import org.apache.tsfile.file.metadata.enums.TSEncoding;

/** Test-twin helper: runs one {@link NumericBench} operation of each kind and checks its result. */
final class NumericBenchChecks {
    private NumericBenchChecks() {}

    /**
     * Decode must give what tsfile 2.4.0 decodes from the same pages (and, when {@code lossless}, the
     * input values); colcodec's encode must give the oracle's pages.
     */
    static void check(NumericBench b, TSEncoding encoding, String impl, boolean lossless) {
        long[] expected = oracleDecoded(b, encoding);
        if (lossless) {
            assertThat(expected).as("the oracle round-trips this data").isEqualTo(b.bits);
        }
        Object out = b.decode();
        assertThat(Array.getLength(out)).isEqualTo(TsSeries.VALUES);
        assertThat(bitsOf(out)).as("%s decode", impl).isEqualTo(impl.equals("memcpy") ? b.bits : expected);

        int total = b.encode();
        int oracleTotal = 0;
        for (byte[] p : b.oraclePages) {
            oracleTotal += p.length;
        }
        assertThat(total).as("%s encoded size", impl).isEqualTo(oracleTotal);
        if (impl.startsWith("colcodec")) {
            assertThat(b.encoded).isDeepEqualTo(b.oraclePages);
        } else if (impl.equals("memcpy")) {
            assertThat(b.flatCopy).isEqualTo(b.flatPages);
        }
    }

    private static long[] oracleDecoded(NumericBench b, TSEncoding encoding) {
        long[] longs = new long[TsSeries.VALUES];
        int[] ints = new int[TsSeries.VALUES];
        float[] floats = new float[TsSeries.VALUES];
        double[] doubles = new double[TsSeries.VALUES];
        int n = TsSeries.oracleDecode(
                Decoder.getDecoderByType(encoding, b.type), b.oraclePages, b.type, longs, ints, floats, doubles);
        assertThat(n).isEqualTo(TsSeries.VALUES);
        switch (b.type) {
            case INT32:
                return bitsOf(ints);
            case INT64:
                return longs;
            case FLOAT:
                return bitsOf(floats);
            default:
                return bitsOf(doubles);
        }
    }

    static long[] bitsOf(Object array) {
        int n = Array.getLength(array);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            if (array instanceof int[] a) {
                out[i] = a[i];
            } else if (array instanceof long[] a) {
                out[i] = a[i];
            } else if (array instanceof float[] a) {
                out[i] = Float.floatToRawIntBits(a[i]);
            } else {
                out[i] = Double.doubleToRawLongBits(((double[]) array)[i]);
            }
        }
        return out;
    }
}
