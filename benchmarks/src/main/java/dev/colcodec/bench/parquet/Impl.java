package dev.colcodec.bench.parquet;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;

/** The {@code impl} benchmark parameter. */
enum Impl {
    /** colcodec with {@link KernelProvider#best()}. */
    COLCODEC,
    /** colcodec with {@link KernelProvider#scalar()}. */
    COLCODEC_SCALAR,
    /** parquet-java 1.18.1's fastest public path. */
    PARQUET_JAVA,
    /** {@link System#arraycopy} of the same output size: the ceiling. */
    MEMCPY;

    static final String[] PARAMS = {"colcodec", "colcodec-scalar", "parquet-java", "memcpy"};

    static Impl of(String param) {
        switch (param) {
            case "colcodec":
                return COLCODEC;
            case "colcodec-scalar":
                return COLCODEC_SCALAR;
            case "parquet-java":
                return PARQUET_JAVA;
            case "memcpy":
                return MEMCPY;
            default:
                throw new IllegalArgumentException("unknown impl " + param);
        }
    }

    Kernels kernels() {
        return this == COLCODEC_SCALAR ? KernelProvider.scalar() : KernelProvider.best();
    }
}
