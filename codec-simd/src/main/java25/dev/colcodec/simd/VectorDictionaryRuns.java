package dev.colcodec.simd;

import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.Kernels;
import java.util.Arrays;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link Kernels#decodeDictionaryRuns} for small dictionaries, with the dictionary held in registers:
 * INT32 dictionaries of up to 16 entries (one 512-bit {@link IntVector}), INT64 ones of up to 8 entries
 * (one {@link LongVector}) or 16 (two, with the two-vector {@code selectFrom}), at id widths where every
 * id is an entry. Only when the preferred species has 512 bits; everything else is the scalar code.
 *
 * <p>Runs are written in whole vectors while 64 values of the batch are left: an RLE run of up to 64
 * values is full-vector stores of its entry up to its length rounded up, a bit-packed run of up to 4
 * groups is always 32 values unpacked with variable shifts and looked up with a permute (one predictable
 * path whatever the run's length); the values written past the run lie inside the batch and the next
 * runs overwrite them. Longer runs and runs near the end of the batch take exact loops. (Measured: fixed
 * 64-value RLE stores were slower than the rounded-up loop, a branch-free RLE/bit-packed merge slower
 * still, as it makes every header position wait for the previous header's load.)
 */
final class VectorDictionaryRuns {
    private VectorDictionaryRuns() {}

    static final VectorSpecies<Integer> I16 = IntVector.SPECIES_512;
    static final VectorSpecies<Long> L8 = LongVector.SPECIES_512;

    /** Whether the 512-bit species are the machine's preferred ones (else the scalar code is faster). */
    static final boolean ENABLED = IntVector.SPECIES_PREFERRED.vectorBitSize() >= 512;

    /** The largest dictionaries taken: ids of at most 4 bits. */
    static final int MAX_ENTRIES = 16;

    /** Lanes 8..15: the second group of 8 ids of a 16-id step. */
    static final VectorMask<Integer> UPPER8 = VectorMask.fromLong(I16, 0xFF00L);

    /** Per width 1..4: lane j shifts by {@code (j % 8) * w} (two groups, each from its own word). */
    static final IntVector[] INT_SHIFTS = new IntVector[5];

    /** Per width 1..4: lane j shifts by {@code j * w} (one group from one word). */
    static final LongVector[] LONG_SHIFTS = new LongVector[5];

    static {
        for (int w = 1; w <= 4; w++) {
            int width = w;
            INT_SHIFTS[w] = IntVector.zero(I16).addIndex(1).and(7).mul(width);
            LONG_SHIFTS[w] = LongVector.zero(L8).addIndex(1).mul(width);
        }
    }

    /** Whether {@link #decode} takes a dictionary of {@code size} entries at id width {@code bitWidth}. */
    static boolean takes(int bitWidth, int size) {
        return ENABLED && size <= MAX_ENTRIES && bitWidth <= 4 && (1 << bitWidth) <= size;
    }

    /** 16 ids from {@code src[from, from + 2w)} (two groups), looked up in {@code table}. */
    private static IntVector lookup16(byte[] src, int from, int w, IntVector shift, int mask, IntVector table) {
        long bits = ByteIO.getLongLE(src, from); // 16 ids of at most 4 bits
        return IntVector.broadcast(I16, (int) bits)
                .blend((int) (bits >>> (8 * w)), UPPER8)
                .lanewise(VectorOperators.LSHR, shift)
                .and(mask)
                .selectFrom(table);
    }

    /** {@link Kernels#decodeDictionaryRuns} for INT32, when {@link #takes} holds. */
    static long decode(
            byte[] src, int pos, int srcEnd, int loadEnd, int w, int[] dict, int[] dst, int dstOff, int len) {
        int size = dict.length;
        IntVector table = IntVector.fromArray(I16, dict, 0, I16.indexInRange(0, size));
        IntVector shift = INT_SHIFTS[w];
        int mask = (1 << w) - 1;
        int end = Math.min(srcEnd, loadEnd - Kernels.DICTIONARY_RUN_SLACK);
        int p = pos;
        int off = dstOff;
        int left = len;
        while (p < end) {
            int header = src[p]; // negative: a multi-byte header
            if (header < 0) {
                break;
            }
            if ((header & 1) == 0) {
                int count = header >>> 1;
                int next = p + 2; // ids of at most 4 bits: a one-byte RLE value
                int id = src[p + 1] & 0xFF;
                if (count > left || next > end || id >= size) {
                    break;
                }
                int v = dict[id];
                if (count <= 64 && left >= 64) {
                    IntVector e = IntVector.broadcast(I16, v);
                    for (int k = 0; k < count; k += 16) {
                        e.intoArray(dst, off + k);
                    }
                } else {
                    Arrays.fill(dst, off, off + count, v);
                }
                off += count;
                left -= count;
                p = next;
            } else {
                int groups = header >>> 1;
                int count = groups << 3;
                int next = p + 1 + groups * w;
                if (count > left || next > end) {
                    break;
                }
                int from = p + 1;
                if (groups <= 4 && left >= 32) {
                    // loads stay below next + 2w + 8 <= loadEnd
                    lookup16(src, from, w, shift, mask, table).intoArray(dst, off);
                    lookup16(src, from + 2 * w, w, shift, mask, table).intoArray(dst, off + 16);
                } else {
                    int k = 0;
                    for (; k + 16 <= count; k += 16) {
                        lookup16(src, from + (k >>> 3) * w, w, shift, mask, table)
                                .intoArray(dst, off + k);
                    }
                    if (k < count) {
                        // the last, odd group
                        long bits = ByteIO.getLongLE(src, from + (k >>> 3) * w);
                        for (int j = 0; j < 8; j++) {
                            dst[off + k + j] = dict[(int) (bits >>> (j * w)) & mask];
                        }
                    }
                }
                off += count;
                left -= count;
                p = next;
            }
        }
        return ((long) (len - left) << 32) | p;
    }

    /** 8 ids from {@code src[from, from + w)} (one group), looked up in one or two table vectors. */
    private static LongVector lookup8(
            byte[] src, int from, LongVector shift, long mask, boolean two, LongVector t0, LongVector t1) {
        LongVector ids = LongVector.broadcast(L8, ByteIO.getLongLE(src, from))
                .lanewise(VectorOperators.LSHR, shift)
                .and(mask);
        return two ? ids.selectFrom(t0, t1) : ids.selectFrom(t0);
    }

    /** {@link Kernels#decodeDictionaryRuns} for INT64, when {@link #takes} holds. */
    static long decode(
            byte[] src, int pos, int srcEnd, int loadEnd, int w, long[] dict, long[] dst, int dstOff, int len) {
        int size = dict.length;
        boolean two = size > L8.length();
        LongVector t0 = LongVector.fromArray(L8, dict, 0, L8.indexInRange(0, size));
        LongVector t1 = two ? LongVector.fromArray(L8, dict, 8, L8.indexInRange(8, size)) : t0;
        LongVector shift = LONG_SHIFTS[w];
        long mask = (1L << w) - 1;
        int end = Math.min(srcEnd, loadEnd - Kernels.DICTIONARY_RUN_SLACK);
        int p = pos;
        int off = dstOff;
        int left = len;
        while (p < end) {
            int header = src[p];
            if (header < 0) {
                break;
            }
            if ((header & 1) == 0) {
                int count = header >>> 1;
                int next = p + 2;
                int id = src[p + 1] & 0xFF;
                if (count > left || next > end || id >= size) {
                    break;
                }
                long v = dict[id];
                if (count <= 64 && left >= 64) {
                    LongVector e = LongVector.broadcast(L8, v);
                    for (int k = 0; k < count; k += 8) {
                        e.intoArray(dst, off + k);
                    }
                } else {
                    Arrays.fill(dst, off, off + count, v);
                }
                off += count;
                left -= count;
                p = next;
            } else {
                int groups = header >>> 1;
                int count = groups << 3;
                int next = p + 1 + groups * w;
                if (count > left || next > end) {
                    break;
                }
                int from = p + 1;
                if (groups <= 4 && left >= 32) {
                    // loads stay below next + 3w + 8 <= loadEnd
                    lookup8(src, from, shift, mask, two, t0, t1).intoArray(dst, off);
                    lookup8(src, from + w, shift, mask, two, t0, t1).intoArray(dst, off + 8);
                    lookup8(src, from + 2 * w, shift, mask, two, t0, t1).intoArray(dst, off + 16);
                    lookup8(src, from + 3 * w, shift, mask, two, t0, t1).intoArray(dst, off + 24);
                } else {
                    for (int k = 0; k < count; k += 8) {
                        lookup8(src, from + (k >>> 3) * w, shift, mask, two, t0, t1)
                                .intoArray(dst, off + k);
                    }
                }
                off += count;
                left -= count;
                p = next;
            }
        }
        return ((long) (len - left) << 32) | p;
    }
}
