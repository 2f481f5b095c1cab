package dev.colcodec.simd;

import dev.colcodec.kernel.Kernels;
import jdk.incubator.vector.IntVector;

/** The Java 25 layer: creates the Vector API kernels. Only called once the module is known to be present. */
final class VectorKernelsLoader {
    private VectorKernelsLoader() {}

    static boolean available() {
        return true;
    }

    static int preferredBits() {
        return IntVector.SPECIES_PREFERRED.vectorBitSize();
    }

    static Kernels create() {
        return new VectorKernels();
    }
}
