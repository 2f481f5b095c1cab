package dev.colcodec.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import org.junit.jupiter.api.Test;

class ScalarKernelsTest {
    private final Kernels scalar = KernelProvider.scalar();

    @Test
    void bitPackingMatchesTheBitAtATimeReference() {
        int[] lengths = new int[80];
        for (int i = 0; i < 72; i++) {
            lengths[i] = i;
        }
        int[] more = {127, 128, 129, 255, 256, 504, 505, 1100};
        System.arraycopy(more, 0, lengths, 72, more.length);
        KernelChecks.checkBitPacking(scalar, lengths, 42);
    }

    @Test
    void statisticsMatchTheReference() {
        KernelChecks.checkStatistics(scalar, 700, 29);
    }

    @Test
    void byteRunsMatchTheReference() {
        KernelChecks.checkByteRuns(scalar, 700, 23);
    }

    @Test
    void dictionaryRunsMatchTheReference() {
        KernelChecks.checkDictionaryRuns(scalar, scalar, 21);
    }

    @Test
    void parquetSpecExampleWidth3() {
        byte[] packed = new byte[3];
        int[] values = {0, 1, 2, 3, 4, 5, 6, 7};
        assertThat(scalar.packLsb(values, 0, 8, 3, packed, 0)).isEqualTo(3);
        assertThat(packed).containsExactly(0x88, 0xc6, 0xfa);
        int[] back = new int[8];
        scalar.unpackLsb(packed, 0, 3, back, 0, 8);
        assertThat(back).containsExactly(values);
    }

    @Test
    void msbFirstExample() {
        // 0..7 at width 3 MSB-first: 000 001 010 011 100 101 110 111
        byte[] packed = new byte[3];
        int[] values = {0, 1, 2, 3, 4, 5, 6, 7};
        scalar.packMsb(values, 0, 8, 3, packed, 0);
        assertThat(packed).containsExactly(0b00000101, 0b00111001, 0b01110111);
    }

    @Test
    void gatherRejectsIdsOutsideTheDictionary() {
        int[] dict = {10, 20, 30};
        int[] out = new int[3];
        assertThatThrownBy(() -> scalar.gather(dict, 3, new int[] {0, 3, 1}, 0, out, 0, 3))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("[0, 3)");
        assertThatThrownBy(() -> scalar.gather(dict, 3, new int[] {-1}, 0, out, 0, 1))
                .isInstanceOf(CorruptInputException.class);
    }

    @Test
    void deltaBlockMatchesAPlainLoop() {
        KernelChecks.checkDeltaBlock(scalar, scalar, KernelChecks.allLengths(300), 8);
    }

    @Test
    void deltaBlockExample() {
        int[] deltas = new int[5];
        int[] max = new int[3];
        int min = scalar.deltaBlock(new int[] {99, 7, 5, 3, 1, 2}, 1, 5, 9, 2, deltas, max);
        assertThat(deltas).containsExactly(-2, -2, -2, -2, 1);
        assertThat(max).containsExactly(-2, -2, 1);
        assertThat(min).isEqualTo(-2);
        assertThat(scalar.deltaBlock(new long[0], 0, 0, 5L, 32, new long[0], new long[0]))
                .isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void everythingElseAgreesWithItself() {
        // the scalar kernels are the reference; this pins their invariants (encode inverts decode,
        // pack inverts unpack, tails padded with zero bits)
        KernelChecks.checkOthers(scalar, scalar, KernelChecks.allLengths(70), 7);
    }

    @Test
    void intUnpackPrefixSumIsUnpackThenWrappingPrefixSum() {
        int[] lengths = {0, 1, 7, 8, 9, 16, 31, 32, 33, 64, 100, 128, 129, 1024, 1100};
        KernelChecks.checkIntUnpackPrefixSum(scalar, scalar, lengths, 21);
    }

    @Test
    void longUnpackPrefixSumBlockIsUnpackThenWrappingPrefixSumPerMiniblock() {
        KernelChecks.checkLongUnpackPrefixSumBlock(scalar, scalar, 300, 23);
    }

    @Test
    void longUnpackPrefixSumIsUnpackThenWrappingPrefixSum() {
        int[] lengths = {0, 1, 7, 8, 9, 16, 31, 32, 33, 64, 100, 128, 129, 1024, 1100};
        KernelChecks.checkLongUnpackPrefixSum(scalar, scalar, lengths, 22);
    }

    @Test
    void intUnpackPrefixSumMatchesAHandPackedMiniblock() {
        // deltas 0..7 at width 3, LSB-first (Parquet's example bytes) and MSB-first
        int[] lsb = new int[8];
        int last = scalar.unpackPrefixSum(
                new byte[] {(byte) 0x88, (byte) 0xc6, (byte) 0xfa}, 0, 3, 3, false, lsb, 0, 8, 10, -2);
        assertThat(lsb).containsExactly(8, 7, 7, 8, 10, 13, 17, 22);
        assertThat(last).isEqualTo(22);
        int[] msb = new int[8];
        scalar.unpackPrefixSum(
                new byte[] {0b00000101, 0b00111001, 0b01110111}, 0, 3, 3, true, msb, 0, 8, Integer.MAX_VALUE, 1);
        assertThat(msb[0]).isEqualTo(Integer.MIN_VALUE);
        assertThat(msb[7]).isEqualTo(Integer.MIN_VALUE + 7 + 28);
    }

    @Test
    void prefixSumWrapsAndAddsMinDelta() {
        int[] v = {0, 1, 2};
        int last = scalar.prefixSum(v, 0, 3, Integer.MAX_VALUE, 1);
        assertThat(v).containsExactly(Integer.MIN_VALUE, Integer.MIN_VALUE + 2, Integer.MIN_VALUE + 5);
        assertThat(last).isEqualTo(Integer.MIN_VALUE + 5);
        long[] f = new long[4];
        assertThat(scalar.fillArithmetic(f, 0, 4, 100, 3)).isEqualTo(112);
        assertThat(f).containsExactly(103, 106, 109, 112);
    }

    @Test
    void providerAlwaysOffersScalarAndLogsItsDecision() {
        assertThat(KernelProvider.scalar().name()).isEqualTo("scalar");
        // codec-simd is not on codec-core's test class path: the scalar kernels are the best
        assertThat(KernelProvider.best().name()).isEqualTo("scalar");
        assertThat(KernelProvider.vector()).isEmpty();
        assertThat(KernelProvider.decision()).contains("codec-simd is not on the class path");
    }
}
