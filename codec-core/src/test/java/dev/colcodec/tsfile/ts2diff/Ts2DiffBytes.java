package dev.colcodec.tsfile.ts2diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.io.ByteIO;

/** Byte comparison of TS_2DIFF streams that ignores the documented padding-bit difference. */
final class Ts2DiffBytes {
    private Ts2DiffBytes() {}

    /**
     * Asserts that {@code actual} equals {@code expected} except the unused low bits of each block's
     * last packed byte, walking the block structure of {@code expected} from {@code from}. Returns how
     * many blocks differed in those bits.
     */
    static int assertSameExceptPadding(byte[] expected, byte[] actual, int from, boolean wide) {
        assertThat(actual).hasSameSizeAs(expected);
        byte[] e = expected.clone();
        byte[] a = actual.clone();
        int header = wide ? 24 : 16;
        int differing = 0;
        int p = from;
        while (p < e.length) {
            int count = ByteIO.getIntBE(e, p);
            int width = ByteIO.getIntBE(e, p + 4);
            long bits = (long) count * width;
            int bytes = (int) ((bits + 7) >>> 3);
            int pad = (int) ((8 - (bits & 7)) & 7);
            p += header + bytes;
            if (pad > 0) {
                int mask = (1 << pad) - 1;
                if ((e[p - 1] & mask) != (a[p - 1] & mask)) {
                    differing++;
                }
                e[p - 1] &= (byte) ~mask;
                a[p - 1] &= (byte) ~mask;
            }
        }
        assertThat(p).isEqualTo(e.length);
        assertThat(a).isEqualTo(e);
        return differing;
    }
}
