package dev.colcodec.kernel.spi;

import dev.colcodec.kernel.Kernels;

/**
 * Service interface implemented by codec-simd ({@code META-INF/services}). codec-core finds it with
 * {@link java.util.ServiceLoader} and works without it. Not for applications: use {@link
 * dev.colcodec.kernel.KernelProvider}.
 */
public interface VectorKernelsFactory {
    /**
     * Why the vector kernels cannot run in this JVM (module missing, Java too old, class not in the
     * multi-release jar), or {@code null} if they can.
     */
    String unavailableReason();

    /**
     * Why the vector kernels would run but are not expected to win here (no C2, preferred species
     * narrower than 256 bits), or {@code null} if they are recommended.
     */
    String notRecommendedReason();

    /** A description of the vector kernels for the log line, e.g. {@code "preferred species 512 bits"}. */
    String describe();

    /** Creates the vector kernels; only called when {@link #unavailableReason()} is {@code null}. */
    Kernels create();
}
