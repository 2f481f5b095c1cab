package dev.colcodec.simd;

import dev.colcodec.kernel.Kernels;

/**
 * Base-layer stand-in: the multi-release jar replaces this class with the one in {@code
 * META-INF/versions/25}, which creates the vector kernels. Here (Java below 25, or classes loaded from
 * a directory) there are none.
 */
final class VectorKernelsLoader {
    private VectorKernelsLoader() {}

    static boolean available() {
        return false;
    }

    static int preferredBits() {
        return 0;
    }

    static Kernels create() {
        return null;
    }
}
