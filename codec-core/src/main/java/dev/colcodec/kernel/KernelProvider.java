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
 * JVMCI JITs, not 128-bit species) or {@code off} (scalar; the vector kernels are then not even loaded
 * unless {@link #vector()} asks for them); {@code true}, {@code yes} and {@code 1} mean {@code on}, {@code
 * false}, {@code no} and {@code 0} mean {@code off}. The decision and its reason are logged once through
 * {@link System.Logger} at INFO (at WARNING when the property has another value, which is taken for
 * {@code auto}). Nothing the vector layer throws while it is found, checked or built escapes: the scalar
 * kernels are used, with the reason.
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
        return Optional.ofNullable(Vector.KERNELS);
    }

    private static final class Holder {
        static final Kernels BEST;
        static final String DECISION;

        static {
            String mode = System.getProperty(PROPERTY, "auto").trim().toLowerCase(Locale.ROOT);
            String decision;
            Kernels best;
            boolean unknown = false;
            switch (mode) {
                case "off":
                case "false":
                case "no":
                case "0":
                    best = ScalarKernels.INSTANCE;
                    decision = "scalar kernels: " + PROPERTY + "=" + mode;
                    break;
                case "on":
                case "true":
                case "yes":
                case "1":
                    if (Vector.KERNELS != null) {
                        best = Vector.KERNELS;
                        decision = best.name() + " kernels: " + PROPERTY + "=" + mode + " (" + Vector.describe() + ")";
                    } else {
                        best = ScalarKernels.INSTANCE;
                        decision = "scalar kernels although " + PROPERTY + "=" + mode + ": " + Vector.UNAVAILABLE;
                    }
                    break;
                case "auto":
                default:
                    unknown = !mode.equals("auto");
                    if (Vector.KERNELS == null) {
                        best = ScalarKernels.INSTANCE;
                        decision = "scalar kernels: " + Vector.UNAVAILABLE;
                    } else {
                        String weak = Vector.notRecommended();
                        if (weak != null) {
                            best = ScalarKernels.INSTANCE;
                            decision = "scalar kernels: " + weak + " (set -D" + PROPERTY + "=on to force vectors)";
                        } else {
                            best = Vector.KERNELS;
                            decision = best.name() + " kernels: " + Vector.describe();
                        }
                    }
                    if (unknown) {
                        decision += " (unknown " + PROPERTY + "=" + mode + " treated as auto)";
                    }
                    break;
            }
            BEST = best;
            DECISION = decision;
            System.getLogger("dev.colcodec.kernel")
                    .log(unknown ? System.Logger.Level.WARNING : System.Logger.Level.INFO, "colcodec: " + decision);
        }
    }

    /**
     * The vector kernels, found and built on first use only: with {@code colcodec.simd=off}, {@link #best()}
     * never touches them. Whatever the factory throws leaves them absent, with the reason.
     */
    private static final class Vector {
        static final VectorKernelsFactory FACTORY;
        static final Kernels KERNELS;
        /** Why {@link #KERNELS} is null, else null. */
        static final String UNAVAILABLE;

        static {
            VectorKernelsFactory factory = findFactory();
            Kernels vector = null;
            String unavailable;
            if (factory == null) {
                unavailable = "codec-simd is not on the class path";
            } else {
                try {
                    unavailable = factory.unavailableReason();
                    if (unavailable == null) {
                        vector = factory.create();
                    }
                } catch (RuntimeException | LinkageError e) {
                    unavailable = "vector kernels failed to load: " + e;
                }
            }
            FACTORY = factory;
            KERNELS = vector;
            UNAVAILABLE = unavailable;
        }

        /** Why the vector kernels, present, should not be the default here, or null (never throws). */
        static String notRecommended() {
            try {
                return FACTORY.notRecommendedReason();
            } catch (RuntimeException | LinkageError e) {
                return "the vector kernels' checks failed: " + e;
            }
        }

        static String describe() {
            try {
                return FACTORY.describe();
            } catch (RuntimeException | LinkageError e) {
                return "(no description: " + e + ")";
            }
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
