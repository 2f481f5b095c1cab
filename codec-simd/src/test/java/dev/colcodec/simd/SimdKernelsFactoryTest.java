package dev.colcodec.simd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.kernel.KernelProvider;
import org.junit.jupiter.api.Test;

/** Unit tests run on target/classes, where the JVM ignores META-INF/versions: the fallback path. */
class SimdKernelsFactoryTest {
    @Test
    void fromADirectoryTheVectorClassesAreInvisibleAndScalarIsUsed() {
        SimdKernelsFactory f = new SimdKernelsFactory();
        assertThat(f.unavailableReason()).isNotNull();
        assertThat(KernelProvider.vector()).isEmpty();
        assertThat(KernelProvider.best().name()).isEqualTo("scalar");
        assertThat(KernelProvider.decision()).startsWith("scalar kernels: ").contains(f.unavailableReason());
    }
}
