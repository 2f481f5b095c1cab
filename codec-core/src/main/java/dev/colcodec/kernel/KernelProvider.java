package dev.colcodec.kernel;

import dev.colcodec.kernel.spi.VectorKernelsFactory;
import java.util.Locale;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The one place that decides between the Vector API kernels and the scalar ones, once per JVM.
 *
 * <p>The system property {@code colcodec.simd} is {@code auto} (default: vector kernels when codec-simd
 * is on the class path, {@code jdk.incubator.vector} is readable, C2 is present and the preferred
 * species has at least 256 bits), {@code on} (vector kernels whenever they can run at all: C1-only or
 * JVMCI JITs, not 128-bit species) or {@code
 * off} (scalar). The decision and its reason are logged once through {@link System.Logger} at INFO.
 *
 * <p>Both kernel sets are also available explicitly ({@link #scalar()}, {@link #vector()}) so tests
 * and benchmarks can compare them in one JVM.
 */
public final class KernelProvider {
    /** System property overriding the choice: {@code auto}, {@code on} or {@code off}. */
    public static final String PROPERTY = "colcodec.simd";

    private KernelProvider() {}

    /** The kernels colcodec uses by default in this JVM. */
    public static Kernels best() {
        return Holder.BEST;
    }

    /** The reason behind {@link #best()}, as logged. */
    public static String decision() {
        return Holder.DECISION;
    }

    /** The scalar kernels (always available). */
    public static Kernels scalar() {
        return ScalarKernels.INSTANCE;
    }

    /** The vector kernels, if they can run in this JVM at all (regardless of {@code colcodec.simd}). */
    public static Optional<Kernels> vector() {
        return Optional.ofNullable(Holder.VECTOR);
    }

    private static final class Holder {
        static final Kernels VECTOR;
        static final Kernels BEST;
        static final String DECISION;

        static {
            String mode = System.getProperty(PROPERTY, "auto").trim().toLowerCase(Locale.ROOT);
            VectorKernelsFactory factory = findFactory();
            Kernels vector = null;
            String unavailable;
            if (factory == null) {
                unavailable = "codec-simd is not on the class path";
            } else {
                unavailable = factory.unavailableReason();
                if (unavailable == null) {
                    try {
                        vector = factory.create();
                    } catch (RuntimeException | LinkageError e) {
                        unavailable = "vector kernels failed to load: " + e;
                    }
                }
            }
            VECTOR = vector;
            String decision;
            Kernels best;
            switch (mode) {
                case "off":
                    best = ScalarKernels.INSTANCE;
                    decision = "scalar kernels: " + PROPERTY + "=off";
                    break;
                case "on":
                    if (vector != null) {
                        best = vector;
                        decision = vector.name() + " kernels: " + PROPERTY + "=on (" + factory.describe() + ")";
                    } else {
                        best = ScalarKernels.INSTANCE;
                        decision = "scalar kernels although " + PROPERTY + "=on: " + unavailable;
                    }
                    break;
                case "auto":
                default:
                    if (vector == null) {
                        best = ScalarKernels.INSTANCE;
                        decision = "scalar kernels: " + unavailable;
                    } else {
                        String weak = factory.notRecommendedReason();
                        if (weak != null) {
                            best = ScalarKernels.INSTANCE;
                            decision = "scalar kernels: " + weak + " (set -D" + PROPERTY + "=on to force vectors)";
                        } else {
                            best = vector;
                            decision = vector.name() + " kernels: " + factory.describe();
                        }
                    }
                    if (!mode.equals("auto")) {
                        decision += " (unknown " + PROPERTY + "=" + mode + " treated as auto)";
                    }
                    break;
            }
            BEST = best;
            DECISION = decision;
            System.getLogger("dev.colcodec.kernel").log(System.Logger.Level.INFO, "colcodec: " + decision);
        }

        private static VectorKernelsFactory findFactory() {
            try {
                for (VectorKernelsFactory f :
                        ServiceLoader.load(VectorKernelsFactory.class, KernelProvider.class.getClassLoader())) {
                    return f;
                }
            } catch (java.util.ServiceConfigurationError | LinkageError e) {
                return null;
            }
            return null;
        }
    }
}
