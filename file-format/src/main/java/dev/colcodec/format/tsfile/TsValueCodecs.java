package dev.colcodec.format.tsfile;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import dev.colcodec.tsfile.TsFileValues;
import dev.colcodec.values.ValuesReader;
import dev.colcodec.values.ValuesWriter;

/**
 * The value codecs of chunk pages, keyed by (encoding, data type): {@link TsFileValues} with the
 * file-level type VECTOR (the time column) mapped to INT64, with the caller's kernels or the provider's.
 */
public final class TsValueCodecs {
    private TsValueCodecs() {}

    private static TsDataType valueType(TsDataType type) {
        return type == TsDataType.VECTOR ? TsDataType.INT64 : type;
    }

    /**
     * A new reader for values of {@code type} stored with {@code encoding}.
     *
     * @throws IllegalArgumentException naming the pair when it is not supported
     */
    public static ValuesReader reader(TsEncoding encoding, TsDataType type) {
        return reader(encoding, type, KernelProvider.best());
    }

    /** As {@link #reader(TsEncoding, TsDataType)}, decoding with {@code kernels}. */
    public static ValuesReader reader(TsEncoding encoding, TsDataType type, Kernels kernels) {
        return TsFileValues.newReader(encoding, valueType(type), kernels);
    }

    /**
     * A new writer for values of {@code type} with {@code encoding} (TsFile's default settings).
     *
     * @throws IllegalArgumentException naming the pair when it is not supported
     */
    public static ValuesWriter writer(TsEncoding encoding, TsDataType type) {
        return writer(encoding, type, KernelProvider.best());
    }

    /** As {@link #writer(TsEncoding, TsDataType)}, encoding with {@code kernels}. */
    public static ValuesWriter writer(TsEncoding encoding, TsDataType type, Kernels kernels) {
        return TsFileValues.newWriter(encoding, valueType(type), kernels);
    }

    /**
     * As {@link #writer(TsEncoding, TsDataType, Kernels)}, where TS_2DIFF and RLE keep {@code
     * maxPointNumber} decimal digits of FLOAT and DOUBLE values ({@link #maxPointNumber}).
     */
    public static ValuesWriter writer(TsEncoding encoding, TsDataType type, Kernels kernels, int maxPointNumber) {
        return TsFileValues.newWriter(encoding, valueType(type), kernels, maxPointNumber);
    }

    /**
     * The column property naming the decimal digits TS_2DIFF and RLE keep of FLOAT and DOUBLE values, as
     * tsfile 2.4.0 reads it from a measurement's properties.
     */
    public static final String MAX_POINT_NUMBER = "max_point_number";

    /**
     * The decimal digits column {@code c} keeps under TS_2DIFF and RLE of FLOAT and DOUBLE: its {@value
     * #MAX_POINT_NUMBER} property, or {@link TsFileValues#DEFAULT_FLOAT_PRECISION} without one (tsfile's
     * default {@code float_precision}). The property is read only where the encoding and type use it, as
     * tsfile reads it; elsewhere the default.
     *
     * @throws IllegalArgumentException naming the column when the property is not a non-negative integer
     *     (tsfile logs a warning and uses another number, so the values would not keep the digits the file
     *     says)
     */
    public static int maxPointNumber(TsTableSchema.Column c) {
        if (!TsFileValues.isLossy(c.encoding(), c.type()) || c.encoding() == TsEncoding.CAMEL) {
            return TsFileValues.DEFAULT_FLOAT_PRECISION;
        }
        try {
            return parseMaxPointNumber(c.properties().get(MAX_POINT_NUMBER));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("column " + c.name() + ": " + e.getMessage(), e);
        }
    }

    private static int parseMaxPointNumber(String v) {
        if (v == null) {
            return TsFileValues.DEFAULT_FLOAT_PRECISION;
        }
        int n;
        try {
            n = Integer.parseInt(v);
        } catch (NumberFormatException e) {
            n = -1;
        }
        if (n < 0) {
            throw new IllegalArgumentException(
                    MAX_POINT_NUMBER + " must be a non-negative integer (decimal digits kept), got \"" + v + "\"");
        }
        return n;
    }
}
