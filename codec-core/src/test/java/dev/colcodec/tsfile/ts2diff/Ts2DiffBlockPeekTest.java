package dev.colcodec.tsfile.ts2diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.TsData;
import dev.colcodec.tsfile.TsData.LongShape;
import dev.colcodec.tsfile.TsOracle;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Block peeking on the INT64 (time) reader: decoding only the blocks that overlap a time range gives
 * exactly full decode + filter, and the blocks outside the range are never unpacked.
 */
class Ts2DiffBlockPeekTest {
    private static final int N = 5000;
    private static final long[] TIMES = TsData.longs(LongShape.TIMESTAMPS, N, 5);
    private static final byte[] PAGE =
            TsOracle.encodeLongs(TsOracle.encoder(TSEncoding.TS_2DIFF, TSDataType.INT64), TIMES);

    /** Kernels that count the decode calls (unpack, prefix sum, both fused, arithmetic fill) they forward. */
    static final class CountingKernels {
        int decodeCalls;
        final Kernels kernels = (Kernels) Proxy.newProxyInstance(
                Kernels.class.getClassLoader(), new Class<?>[] {Kernels.class}, (proxy, m, args) -> {
                    String name = m.getName();
                    if (name.equals("unpackMsb")
                            || name.equals("prefixSum")
                            || name.equals("unpackPrefixSum")
                            || name.equals("fillArithmetic")) {
                        decodeCalls++;
                    }
                    try {
                        return m.invoke(KernelProvider.scalar(), args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    @ParameterizedTest
    @CsvSource({"1000, 2000", "0, 4999", "2500, 2500", "129, 257", "-10, -1", "5000, 6000", "4990, 9999", "-5, 3"})
    void decodesOnlyOverlappingBlocks(int fromIndex, int toIndex) {
        long min = fromIndex < 0 ? TIMES[0] + fromIndex : fromIndex >= N ? TIMES[N - 1] + 1 : TIMES[fromIndex];
        long max = toIndex < 0 ? TIMES[0] + toIndex : toIndex >= N ? TIMES[N - 1] + 10 : TIMES[toIndex];
        long[] expected = Arrays.stream(TIMES).filter(t -> t >= min && t <= max).toArray();

        CountingKernels counting = new CountingKernels();
        Ts2DiffLongReader r = new Ts2DiffLongReader(counting.kernels);
        for (int count : new int[] {N, Ts2DiffLongReader.UNKNOWN_COUNT}) {
            r.init(count, PAGE, 0, PAGE.length);
            counting.decodeCalls = 0;
            long[] got = new long[N];
            int n = 0;
            int skippedBefore = 0;
            int decodedBlocks = 0;
            long[] block = new long[200];
            while (r.peekBlock()) {
                if (r.peekedFirstValue() > max) {
                    break;
                }
                if (r.peekedHasFollowingBlock() && r.peekedFollowingFirstValue() <= min) {
                    r.skipBlock();
                    skippedBefore++;
                    continue;
                }
                int k = (int) r.peekedValueCount();
                r.readLongs(block, 0, k);
                decodedBlocks++;
                for (int i = 0; i < k; i++) {
                    if (block[i] >= min && block[i] <= max) {
                        got[n++] = block[i];
                    }
                }
            }
            assertThat(Arrays.copyOf(got, n)).isEqualTo(expected);
            int blocks = (N + 128) / 129;
            int expectSkipped = 0;
            int expectDecoded = 0;
            for (int b = 0; b < blocks; b++) {
                boolean hasNext = b + 1 < blocks;
                if (TIMES[129 * b] > max) {
                    break;
                }
                if (hasNext && TIMES[129 * (b + 1)] <= min) {
                    expectSkipped++;
                } else {
                    expectDecoded++;
                }
            }
            assertThat(skippedBefore).isEqualTo(expectSkipped);
            assertThat(decodedBlocks).isEqualTo(expectDecoded);
            if (fromIndex > 129 && fromIndex < N) {
                assertThat(skippedBefore).isPositive();
            }
            assertThat(counting.decodeCalls).as("decode kernel calls").isLessThanOrEqualTo(2 * decodedBlocks);
        }
    }

    @Test
    void peekedHeaderFields() {
        Ts2DiffLongReader r = new Ts2DiffLongReader();
        r.init(N, PAGE, 0, PAGE.length);
        assertThat(r.atBlockBoundary()).isTrue();
        assertThat(r.peekBlock()).isTrue();
        assertThat(r.peekedValueCount()).isEqualTo(129);
        assertThat(r.peekedFirstValue()).isEqualTo(TIMES[0]);
        long minDelta = Long.MAX_VALUE;
        for (int i = 1; i < 129; i++) {
            minDelta = Math.min(minDelta, TIMES[i] - TIMES[i - 1]);
        }
        assertThat(r.peekedMinDelta()).isEqualTo(minDelta);
        assertThat(r.peekedBitWidth()).isBetween(1, 4);
        assertThat(r.peekedFollowingFirstValue()).isEqualTo(TIMES[129]);
        // peeking consumes nothing
        assertThat(r.readLong()).isEqualTo(TIMES[0]);
        assertThat(r.atBlockBoundary()).isFalse();
        assertThatThrownBy(r::peekBlock).isInstanceOf(IllegalStateException.class);
        r.skip(128);
        assertThat(r.atBlockBoundary()).isTrue();
        r.skipBlock();
        assertThat(r.readLong()).isEqualTo(TIMES[258]);

        // the last block: no following block; a known count cuts the view
        r.init(300, PAGE, 0, PAGE.length);
        r.skip(258);
        assertThat(r.peekBlock()).isTrue();
        assertThat(r.peekedValueCount()).isEqualTo(42);
        assertThat(r.peekedHasFollowingBlock()).isFalse();
        assertThatThrownBy(r::peekedFollowingFirstValue).isInstanceOf(IllegalStateException.class);
        r.skipBlock();
        assertThat(r.peekBlock()).isFalse();
    }

    @Test
    void skipDropsWholeBlocksWithoutDecoding() {
        CountingKernels counting = new CountingKernels();
        Ts2DiffLongReader r = new Ts2DiffLongReader(counting.kernels);
        r.init(N, PAGE, 0, PAGE.length);
        r.skip(129 * 10);
        assertThat(counting.decodeCalls).isZero();
        assertThat(r.readLong()).isEqualTo(TIMES[1290]);
        r.skip(128 + 129 * 5);
        r.skip(1);
        int before = counting.decodeCalls;
        r.skip(128);
        assertThat(counting.decodeCalls).isEqualTo(before);
        assertThat(r.readLong()).isEqualTo(TIMES[129 * 17]);
        // inside a block the prefix sum needs the skipped deltas
        r.skip(50);
        assertThat(r.readLong()).isEqualTo(TIMES[129 * 17 + 51]);
        assertThat(counting.decodeCalls).isGreaterThan(before);
    }
}
