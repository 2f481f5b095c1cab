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
}
