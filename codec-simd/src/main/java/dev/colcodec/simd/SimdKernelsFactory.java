package dev.colcodec.simd;

import com.sun.management.HotSpotDiagnosticMXBean;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.kernel.spi.VectorKernelsFactory;
import java.lang.management.ManagementFactory;

/**
 * Decides whether the Vector API kernels can run and whether they should. This class is Java 17
 * bytecode and never touches {@code jdk.incubator.vector} itself; the vector classes live only in
 * {@code META-INF/versions/25} and are reached through {@link VectorKernelsLoader}.
 */
public final class SimdKernelsFactory implements VectorKernelsFactory {
    static final int MIN_FEATURE = 25;
    /**
     * The narrowest preferred species the vector kernels are written for (AVX2): their byte views of
     * int and long lanes need at least a 64-bit shape.
     */
    static final int MIN_VECTOR_BITS = 256;

    public SimdKernelsFactory() {}

    @Override
    public String unavailableReason() {
        int feature = Runtime.version().feature();
        if (feature < MIN_FEATURE) {
            return "Java " + feature + " < " + MIN_FEATURE + " (the vector kernels are compiled for Java " + MIN_FEATURE
                    + ")";
        }
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            return "module jdk.incubator.vector is not present: pass --add-modules jdk.incubator.vector";
        }
        if (!VectorKernelsLoader.available()) {
            return "codec-simd is loaded from a directory or a jar without META-INF/versions/" + MIN_FEATURE
                    + ", so the vector classes are not visible";
        }
        int bits = VectorKernelsLoader.preferredBits();
        if (bits < MIN_VECTOR_BITS) {
            return "the preferred vector species has " + bits + " bits; the vector kernels need at least "
                    + MIN_VECTOR_BITS;
        }
        return null;
    }

    @Override
    public String notRecommendedReason() {
        String vmInfo = System.getProperty("java.vm.info", "");
        if (vmInfo.contains("interpreted mode")) {
            return "the JVM runs interpreted (-Xint): the Vector API is intrinsified by C2 only";
        }
        if (vmInfo.contains("emulated-client")) {
            return "the JIT is C1 only (no C2 to compile the Vector API)";
        }
        if (!System.getProperty("java.vm.name", "").contains("Server")
                && !System.getProperty("java.vm.name", "").contains("HotSpot")) {
            return "not a HotSpot server VM (" + System.getProperty("java.vm.name") + ")";
        }
        return hotSpotFlagsReason();
    }

    /**
     * Why HotSpot's flags leave the Vector API without C2's intrinsics (the vector kernels then run
     * hundreds of times slower than the scalar ones), or null: no JIT, compilation stopped below C2,
     * the intrinsics switched off, or a JVMCI compiler in C2's place. The flags are read from the VM, so
     * flags files and defaults count, not only the command line.
     */
    static String hotSpotFlagsReason() {
        try {
            if (ManagementFactory.getCompilationMXBean() == null) {
                return "the JVM has no JIT compiler";
            }
            HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            if (vm == null) {
                return null;
            }
            if ("false".equals(flag(vm, "UseCompiler"))) {
                return "the JIT is off (-XX:-UseCompiler)";
            }
            String stop = flag(vm, "TieredStopAtLevel");
            if ("true".equals(flag(vm, "TieredCompilation")) && stop != null && !stop.equals("4")) {
                return "compilation stops at tier " + stop + " (-XX:TieredStopAtLevel), below C2";
            }
            if ("false".equals(flag(vm, "EnableVectorSupport"))) {
                return "the Vector API intrinsics are off (-XX:-EnableVectorSupport)";
            }
            if ("true".equals(flag(vm, "UseJVMCICompiler"))) {
                return "a JVMCI compiler is in use (the Vector API is intrinsified by C2 only)";
            }
        } catch (RuntimeException | LinkageError e) {
            return null; // no management beans to ask: the VM name and info above decide
        }
        return null;
    }

    /** A VM flag's value, or null if this VM has no such flag. */
    private static String flag(HotSpotDiagnosticMXBean vm, String name) {
        try {
            return vm.getVMOption(name).getValue();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    @Override
    public String describe() {
        return "jdk.incubator.vector with a preferred species of " + VectorKernelsLoader.preferredBits() + " bits on "
                + System.getProperty("os.arch");
    }

    @Override
    public Kernels create() {
        Kernels k = VectorKernelsLoader.create();
        if (k == null) {
            throw new IllegalStateException("vector kernels are not in this jar layer");
        }
        return k;
    }
}
