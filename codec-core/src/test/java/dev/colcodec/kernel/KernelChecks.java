package dev.colcodec.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Checks one kernel set against another (or against the bit-at-a-time reference) for every bit width,
 * many lengths and unaligned offsets. Input arrays end exactly where the described slice ends, so any
 * over-read fails with an exception. Shared by codec-core's unit tests and codec-simd's integration
 * tests (through the test jar).
 */
public final class KernelChecks {
    private KernelChecks() {}

    /** Lengths 0..max, every one. */
    public static int[] allLengths(int max) {
        int[] out = new int[max + 1];
        for (int i = 0; i <= max; i++) {
            out[i] = i;
        }
        return out;
    }

    static long randomBits(SplittableRandom r, int w) {
        if (w == 0) {
            return 0;
        }
        long v;
        switch (r.nextInt(4)) {
            case 0:
                v = -1L; // all ones: the maximum value
                break;
            case 1:
                v = 0;
                break;
            default:
                v = r.nextLong();
        }
        return w == 64 ? v : v & ((1L << w) - 1);
    }

    /** Unpack and pack, LSB and MSB, int and long outputs: candidate vs reference. */
    public static void checkBitPacking(Kernels k, int[] lengths, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int w = 0; w <= 64; w++) {
            for (int n : lengths) {
                for (boolean msb : new boolean[] {false, true}) {
                    int srcOff = r.nextInt(9);
                    int bytes = (int) (((long) n * w + 7) >>> 3);
                    byte[] packed = new byte[srcOff + bytes];
                    long[] expected = new long[n];
                    for (int i = 0; i < n; i++) {
                        expected[i] = randomBits(r, w);
                        if (msb) {
                            KernelReference.putBitsMsb(packed, srcOff, (long) i * w, w, expected[i]);
                        } else {
                            KernelReference.putBitsLsb(packed, srcOff, (long) i * w, w, expected[i]);
                        }
                    }
                    String ctx = (msb ? "MSB" : "LSB") + " width " + w + " count " + n + " off " + srcOff + " kernels "
                            + k.name();
                    int dstOff = r.nextInt(5);
                    // long output
                    long[] outL = new long[dstOff + n];
                    if (msb) {
                        k.unpackMsb(packed, srcOff, w, outL, dstOff, n);
                    } else {
                        k.unpackLsb(packed, srcOff, w, outL, dstOff, n);
                    }
                    assertThat(Arrays.copyOfRange(outL, dstOff, dstOff + n))
                            .as("unpack long " + ctx)
                            .isEqualTo(expected);
                    long[] srcL = new long[dstOff + n];
                    for (int i = 0; i < n; i++) {
                        // garbage above the width must be ignored by pack
                        srcL[dstOff + i] = w == 64 ? expected[i] : expected[i] | (r.nextLong() << w);
                    }
                    byte[] repacked = new byte[srcOff + bytes];
                    int written = msb
                            ? k.packMsb(srcL, dstOff, n, w, repacked, srcOff)
                            : k.packLsb(srcL, dstOff, n, w, repacked, srcOff);
                    assertThat(written).as("pack long bytes " + ctx).isEqualTo(n == 0 ? 0 : bytes);
                    assertThat(repacked).as("pack long " + ctx).isEqualTo(packed);
                    if (w > 32) {
                        continue;
                    }
                    int[] outI = new int[dstOff + n];
                    if (msb) {
                        k.unpackMsb(packed, srcOff, w, outI, dstOff, n);
                    } else {
                        k.unpackLsb(packed, srcOff, w, outI, dstOff, n);
                    }
                    int[] expectedI = new int[n];
                    int[] srcI = new int[dstOff + n];
                    for (int i = 0; i < n; i++) {
                        expectedI[i] = (int) expected[i];
                        srcI[dstOff + i] = w == 32 ? expectedI[i] : expectedI[i] | (r.nextInt() << w);
                    }
                    assertThat(Arrays.copyOfRange(outI, dstOff, dstOff + n))
                            .as("unpack int " + ctx)
                            .isEqualTo(expectedI);
                    byte[] repackedI = new byte[srcOff + bytes];
                    int writtenI = msb
                            ? k.packMsb(srcI, dstOff, n, w, repackedI, srcOff)
                            : k.packLsb(srcI, dstOff, n, w, repackedI, srcOff);
                    assertThat(writtenI).as("pack int bytes " + ctx).isEqualTo(n == 0 ? 0 : bytes);
                    assertThat(repackedI).as("pack int " + ctx).isEqualTo(packed);
                }
            }
        }
    }

    /** Everything that is not bit packing: candidate vs reference kernels. */
    public static void checkOthers(Kernels k, Kernels ref, int[] lengths, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int n : lengths) {
            int off = r.nextInt(7);
            String ctx = " count " + n + " off " + off + " kernels " + k.name();
            // prefix sum and arithmetic fill
            int[] ai = randomInts(r, off + n);
            int[] bi = ai.clone();
            int prevI = r.nextInt();
            int minI = r.nextInt();
            assertThat(k.prefixSum(ai, off, n, prevI, minI)).isEqualTo(ref.prefixSum(bi, off, n, prevI, minI));
            assertThat(ai).as("prefixSum int" + ctx).isEqualTo(bi);
            long[] al = randomLongs(r, off + n);
            long[] bl = al.clone();
            long prevL = r.nextLong();
            long minL = r.nextLong();
            assertThat(k.prefixSum(al, off, n, prevL, minL)).isEqualTo(ref.prefixSum(bl, off, n, prevL, minL));
            assertThat(al).as("prefixSum long" + ctx).isEqualTo(bl);
            // fused unpack + prefix sum, both bit orders, narrow and wide deltas
            for (int width : new int[] {0, 1, 5, 13, 24, 26, 27, 40, 64}) {
                boolean msb = r.nextBoolean();
                byte[] packed = randomTail(r, off, (int) (((long) n * width + 7) / 8));
                long[] fused = new long[off + n];
                long[] reference = new long[off + n];
                long last = k.unpackPrefixSum(packed, off, packed.length, width, msb, fused, off, n, prevL, minL);
                if (msb) {
                    ref.unpackMsb(packed, off, width, reference, off, n);
                } else {
                    ref.unpackLsb(packed, off, width, reference, off, n);
                }
                assertThat(last).isEqualTo(ref.prefixSum(reference, off, n, prevL, minL));
                assertThat(fused)
                        .as("unpackPrefixSum w" + width + " msb " + msb + ctx)
                        .isEqualTo(reference);
            }
            assertThat(k.fillArithmetic(ai, off, n, prevI, minI))
                    .isEqualTo(ref.fillArithmetic(bi, off, n, prevI, minI));
            assertThat(ai).as("fillArithmetic int" + ctx).isEqualTo(bi);
            assertThat(k.fillArithmetic(al, off, n, prevL, minL))
                    .isEqualTo(ref.fillArithmetic(bl, off, n, prevL, minL));
            assertThat(al).as("fillArithmetic long" + ctx).isEqualTo(bl);

            // byte stream split, every width used by Parquet
            for (int width : new int[] {1, 2, 3, 4, 8, 12, 16}) {
                byte[] split = randomTail(r, off, width * n);
                byte[] joinedK = new byte[off + width * n];
                byte[] joinedR = new byte[off + width * n];
                k.bssDecode(split, off, n, width, joinedK, off, n);
                ref.bssDecode(split, off, n, width, joinedR, off, n);
                assertThat(joinedK).as("bssDecode bytes w" + width + ctx).isEqualTo(joinedR);
                byte[] backK = new byte[off + width * n];
                k.bssEncode(joinedK, off, width, n, backK, off, n);
                assertThat(backK).as("bssEncode bytes w" + width + ctx).isEqualTo(split);
            }
            byte[] s2 = randomTail(r, off, 2 * n);
            short[] sk = new short[off + n];
            short[] sr = new short[off + n];
            k.bssDecode(s2, off, n, sk, off, n);
            ref.bssDecode(s2, off, n, sr, off, n);
            assertThat(sk).as("bssDecode short" + ctx).isEqualTo(sr);
            byte[] b2 = new byte[off + 2 * n];
            k.bssEncode(sk, off, n, b2, off, n);
            assertThat(b2).as("bssEncode short" + ctx).isEqualTo(s2);

            byte[] s4 = randomTail(r, off, 4 * n);
            int[] ik = new int[off + n];
            int[] ir = new int[off + n];
            k.bssDecode(s4, off, n, ik, off, n);
            ref.bssDecode(s4, off, n, ir, off, n);
            assertThat(ik).as("bssDecode int" + ctx).isEqualTo(ir);
            byte[] b4 = new byte[off + 4 * n];
            k.bssEncode(ik, off, n, b4, off, n);
            assertThat(b4).as("bssEncode int" + ctx).isEqualTo(s4);
            float[] fk = new float[off + n];
            k.bssDecode(s4, off, n, fk, off, n);
            for (int i = 0; i < n; i++) {
                assertThat(Float.floatToRawIntBits(fk[off + i])).isEqualTo(ir[off + i]);
            }
            byte[] f4 = new byte[off + 4 * n];
            k.bssEncode(fk, off, n, f4, off, n);
            assertThat(f4).as("bssEncode float" + ctx).isEqualTo(s4);

            byte[] s8 = randomTail(r, off, 8 * n);
            long[] lk = new long[off + n];
            long[] lr = new long[off + n];
            k.bssDecode(s8, off, n, lk, off, n);
            ref.bssDecode(s8, off, n, lr, off, n);
            assertThat(lk).as("bssDecode long" + ctx).isEqualTo(lr);
            byte[] b8 = new byte[off + 8 * n];
            k.bssEncode(lk, off, n, b8, off, n);
            assertThat(b8).as("bssEncode long" + ctx).isEqualTo(s8);
            double[] dk = new double[off + n];
            k.bssDecode(s8, off, n, dk, off, n);
            for (int i = 0; i < n; i++) {
                assertThat(Double.doubleToRawLongBits(dk[off + i])).isEqualTo(lr[off + i]);
            }
            byte[] d8 = new byte[off + 8 * n];
            k.bssEncode(dk, off, n, d8, off, n);
            assertThat(d8).as("bssEncode double" + ctx).isEqualTo(s8);

            // fixed width with byte order
            int[] i1 = new int[off + n];
            int[] i2 = new int[off + n];
            k.readIntsLE(s4, off, i1, off, n);
            ref.readIntsLE(s4, off, i2, off, n);
            assertThat(i1).as("readIntsLE" + ctx).isEqualTo(i2);
            k.readIntsBE(s4, off, i1, off, n);
            ref.readIntsBE(s4, off, i2, off, n);
            assertThat(i1).as("readIntsBE" + ctx).isEqualTo(i2);
            long[] l1 = new long[off + n];
            long[] l2 = new long[off + n];
            k.readLongsLE(s8, off, l1, off, n);
            ref.readLongsLE(s8, off, l2, off, n);
            assertThat(l1).as("readLongsLE" + ctx).isEqualTo(l2);
            k.readLongsBE(s8, off, l1, off, n);
            ref.readLongsBE(s8, off, l2, off, n);
            assertThat(l1).as("readLongsBE" + ctx).isEqualTo(l2);
            float[] f1 = new float[off + n];
            float[] f2 = new float[off + n];
            k.readFloatsBE(s4, off, f1, off, n);
            ref.readFloatsBE(s4, off, f2, off, n);
            assertRawEquals(f1, f2, "readFloatsBE" + ctx);
            k.readFloatsLE(s4, off, f1, off, n);
            ref.readFloatsLE(s4, off, f2, off, n);
            assertRawEquals(f1, f2, "readFloatsLE" + ctx);
            double[] d1 = new double[off + n];
            double[] d2 = new double[off + n];
            k.readDoublesBE(s8, off, d1, off, n);
            ref.readDoublesBE(s8, off, d2, off, n);
            assertRawEquals(d1, d2, "readDoublesBE" + ctx);
            k.readDoublesLE(s8, off, d1, off, n);
            ref.readDoublesLE(s8, off, d2, off, n);
            assertRawEquals(d1, d2, "readDoublesLE" + ctx);
            byte[] w1 = new byte[off + 8 * n];
            byte[] w2 = new byte[off + 8 * n];
            k.writeLongsBE(l1, off, n, w1, off);
            ref.writeLongsBE(l1, off, n, w2, off);
            assertThat(w1).as("writeLongsBE" + ctx).isEqualTo(w2);
            k.writeLongsLE(l1, off, n, w1, off);
            ref.writeLongsLE(l1, off, n, w2, off);
            assertThat(w1).as("writeLongsLE" + ctx).isEqualTo(w2);
            k.writeDoublesBE(d1, off, n, w1, off);
            ref.writeDoublesBE(d1, off, n, w2, off);
            assertThat(w1).as("writeDoublesBE" + ctx).isEqualTo(w2);
            byte[] x1 = new byte[off + 4 * n];
            byte[] x2 = new byte[off + 4 * n];
            k.writeIntsBE(i1, off, n, x1, off);
            ref.writeIntsBE(i1, off, n, x2, off);
            assertThat(x1).as("writeIntsBE" + ctx).isEqualTo(x2);
            k.writeIntsLE(i1, off, n, x1, off);
            ref.writeIntsLE(i1, off, n, x2, off);
            assertThat(x1).as("writeIntsLE" + ctx).isEqualTo(x2);
            k.writeFloatsLE(f1, off, n, x1, off);
            ref.writeFloatsLE(f1, off, n, x2, off);
            assertThat(x1).as("writeFloatsLE" + ctx).isEqualTo(x2);

            // booleans, at every starting bit
            int bitOff = r.nextInt(8);
            byte[] packedBits = randomTail(r, off, (bitOff + n + 7) / 8);
            boolean[] bk = new boolean[off + n];
            boolean[] br = new boolean[off + n];
            k.unpackBooleans(packedBits, off, bitOff, bk, off, n);
            for (int i = 0; i < n; i++) {
                int bit = bitOff + i;
                br[off + i] = ((packedBits[off + (bit >>> 3)] >>> (bit & 7)) & 1) != 0;
            }
            assertThat(bk).as("unpackBooleans bitOff " + bitOff + ctx).isEqualTo(br);
            byte[] repack = new byte[off + (n + 7) / 8];
            boolean[] bools = new boolean[off + n];
            for (int i = 0; i < n; i++) {
                bools[off + i] = r.nextBoolean();
            }
            assertThat(k.packBooleans(bools, off, n, repack, off)).isEqualTo((n + 7) / 8);
            boolean[] back = new boolean[off + n];
            ref.unpackBooleans(repack, off, 0, back, off, n);
            assertThat(back).as("packBooleans" + ctx).isEqualTo(bools);
            if (n % 8 != 0) {
                assertThat(repack[off + n / 8] >>> (n % 8))
                        .as("pack padding zero" + ctx)
                        .isZero();
            }

            // gather
            int dictSize = 1 + r.nextInt(300);
            int[] dictI = randomInts(r, dictSize);
            long[] dictL = randomLongs(r, dictSize);
            int[] ids = new int[off + n];
            for (int i = 0; i < n; i++) {
                ids[off + i] = r.nextInt(dictSize);
            }
            int[] gi = new int[off + n];
            int[] gr = new int[off + n];
            k.gather(dictI, dictSize, ids, off, gi, off, n);
            ref.gather(dictI, dictSize, ids, off, gr, off, n);
            assertThat(gi).as("gather int" + ctx).isEqualTo(gr);
            long[] gl = new long[off + n];
            long[] glr = new long[off + n];
            k.gather(dictL, dictSize, ids, off, gl, off, n);
            ref.gather(dictL, dictSize, ids, off, glr, off, n);
            assertThat(gl).as("gather long" + ctx).isEqualTo(glr);
            float[] dictF = new float[dictSize];
            double[] dictD = new double[dictSize];
            for (int i = 0; i < dictSize; i++) {
                dictF[i] = Float.intBitsToFloat(dictI[i]);
                dictD[i] = Double.longBitsToDouble(dictL[i]);
            }
            float[] gf = new float[off + n];
            float[] gfr = new float[off + n];
            k.gather(dictF, dictSize, ids, off, gf, off, n);
            ref.gather(dictF, dictSize, ids, off, gfr, off, n);
            assertRawEquals(gf, gfr, "gather float" + ctx);
            double[] gd = new double[off + n];
            double[] gdr = new double[off + n];
            k.gather(dictD, dictSize, ids, off, gd, off, n);
            ref.gather(dictD, dictSize, ids, off, gdr, off, n);
            assertRawEquals(gd, gdr, "gather double" + ctx);
            if (n > 0) {
                // one bad id anywhere: the exception names its index within the batch
                int badAt = r.nextInt(n);
                ids[off + badAt] = r.nextBoolean() ? dictSize : -1 - r.nextInt(5);
                for (int kind = 0; kind < 4; kind++) {
                    final int kk = kind;
                    org.assertj.core.api.Assertions.assertThatThrownBy(() -> {
                                switch (kk) {
                                    case 0:
                                        k.gather(dictI, dictSize, ids, off, gi, off, n);
                                        break;
                                    case 1:
                                        k.gather(dictL, dictSize, ids, off, gl, off, n);
                                        break;
                                    case 2:
                                        k.gather(dictF, dictSize, ids, off, gf, off, n);
                                        break;
                                    default:
                                        k.gather(dictD, dictSize, ids, off, gd, off, n);
                                }
                            })
                            .as("bad id" + ctx)
                            .isInstanceOf(dev.colcodec.CorruptInputException.class)
                            .extracting(e -> ((dev.colcodec.CorruptInputException) e).offset())
                            .isEqualTo((long) badAt);
                }
            }
        }
    }

    /**
     * Unpack and pack of random data at every width, candidate vs reference kernels (no bit-at-a-time
     * reference, so it is fast enough for every length up to a thousand and more).
     */
    public static void checkBitPackingDifferential(Kernels k, Kernels ref, int[] lengths, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int w = 0; w <= 64; w++) {
            for (int n : lengths) {
                int srcOff = r.nextInt(9);
                int dstOff = r.nextInt(5);
                int bytes = (int) (((long) n * w + 7) >>> 3);
                byte[] packed = randomTail(r, srcOff, bytes);
                int shape = r.nextInt(5);
                int bits = 1 + r.nextInt(54);
                if (shape < 2) {
                    // extreme data: every value at its maximum, or every value zero
                    java.util.Arrays.fill(packed, srcOff, srcOff + bytes, shape == 0 ? (byte) -1 : (byte) 0);
                }
                String ctx = " width " + w + " count " + n + " srcOff " + srcOff + " shape " + shape + " kernels "
                        + k.name();
                long[] a = new long[dstOff + n];
                long[] b = new long[dstOff + n];
                k.unpackLsb(packed, srcOff, w, a, dstOff, n);
                ref.unpackLsb(packed, srcOff, w, b, dstOff, n);
                assertThat(a).as("unpackLsb long" + ctx).isEqualTo(b);
                k.unpackMsb(packed, srcOff, w, a, dstOff, n);
                ref.unpackMsb(packed, srcOff, w, b, dstOff, n);
                assertThat(a).as("unpackMsb long" + ctx).isEqualTo(b);
                byte[] pa = new byte[srcOff + bytes];
                byte[] pb = new byte[srcOff + bytes];
                assertThat(k.packLsb(a, dstOff, n, w, pa, srcOff)).isEqualTo(ref.packLsb(a, dstOff, n, w, pb, srcOff));
                assertThat(pa).as("packLsb long" + ctx).isEqualTo(pb);
                assertThat(k.packMsb(a, dstOff, n, w, pa, srcOff)).isEqualTo(ref.packMsb(a, dstOff, n, w, pb, srcOff));
                assertThat(pa).as("packMsb long" + ctx).isEqualTo(pb);
                if (w > 32) {
                    continue;
                }
                int[] ia = new int[dstOff + n];
                int[] ib = new int[dstOff + n];
                k.unpackLsb(packed, srcOff, w, ia, dstOff, n);
                ref.unpackLsb(packed, srcOff, w, ib, dstOff, n);
                assertThat(ia).as("unpackLsb int" + ctx).isEqualTo(ib);
                assertThat(k.packLsb(ia, dstOff, n, w, pa, srcOff))
                        .isEqualTo(ref.packLsb(ia, dstOff, n, w, pb, srcOff));
                assertThat(pa).as("packLsb int" + ctx).isEqualTo(pb);
                k.unpackMsb(packed, srcOff, w, ia, dstOff, n);
                ref.unpackMsb(packed, srcOff, w, ib, dstOff, n);
                assertThat(ia).as("unpackMsb int" + ctx).isEqualTo(ib);
                assertThat(k.packMsb(ia, dstOff, n, w, pa, srcOff))
                        .isEqualTo(ref.packMsb(ia, dstOff, n, w, pb, srcOff));
                assertThat(pa).as("packMsb int" + ctx).isEqualTo(pb);
            }
        }
    }

    /**
     * The int fused unpack + prefix sum at every width 0..32, both bit orders, every given length,
     * unaligned offsets: candidate vs {@code ref}'s unpack followed by a plain wrapping prefix-sum loop.
     * Each case runs three times: with the packed array ending exactly at the slice (an over-read past
     * the array fails), and with random bytes after it (which the kernel may read but must not use), the
     * slice ending at the array's end or somewhere in the padding.
     */
    public static void checkIntUnpackPrefixSum(Kernels k, Kernels ref, int[] lengths, long seed) {
        checkUnpackPrefixSum(k, ref, lengths, seed, false);
    }

    /** {@link #checkIntUnpackPrefixSum} for the {@code long} form, every width 0..64. */
    /**
     * {@link Kernels#unpackPrefixSumBlock}: random blocks (1..8 miniblocks of 32..256 deltas, widths
     * 0..64 biased to small ones, unaligned positions, packed bytes ending at {@code srcEnd} or followed
     * by slack) must equal {@code ref}'s LSB-first unpack of each miniblock followed by a plain wrapping
     * prefix sum with the minimum delta.
     */
    public static void checkLongUnpackPrefixSumBlock(Kernels k, Kernels ref, int blocks, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] sizes = {32, 64, 96, 128, 256};
        for (int b = 0; b < blocks; b++) {
            int miniblocks = 1 + r.nextInt(8);
            int size = sizes[r.nextInt(sizes.length)];
            int widthsPos = r.nextInt(9);
            int packedPos = widthsPos + miniblocks + r.nextInt(3);
            int[] widths = new int[miniblocks];
            int bytes = 0;
            int mode = r.nextInt(3);
            boolean sameWidths = mode == 0; // runs of equal widths are decoded as one stream
            boolean smallWidths = mode == 1; // 1..15 only: blocks the vector kernel takes in one piece
            for (int m = 0; m < miniblocks; m++) {
                int kind = r.nextInt(4);
                widths[m] = sameWidths && m > 0
                        ? widths[m - 1]
                        : smallWidths
                                ? 1 + r.nextInt(15)
                                : kind == 0 ? r.nextInt(65) : kind == 1 ? 0 : 1 + r.nextInt(kind == 2 ? 8 : 28);
                bytes += (size / 8) * widths[m];
            }
            // none, a little (loads at the end of the slice), or enough for every load of the block
            int slack = r.nextBoolean() ? 0 : r.nextInt(3) == 0 ? 64 + r.nextInt(70) : r.nextInt(70);
            byte[] src = randomTail(r, packedPos, bytes + slack);
            for (int m = 0; m < miniblocks; m++) {
                src[widthsPos + m] = (byte) widths[m];
            }
            int srcEnd = packedPos + bytes + (r.nextBoolean() ? 0 : slack);
            int dstOff = r.nextInt(5);
            long previous = r.nextInt(3) == 0 ? Long.MAX_VALUE : r.nextLong();
            int minKind = r.nextInt(4);
            long minDelta = minKind == 0
                    ? Long.MIN_VALUE
                    : minKind == 1
                            ? r.nextInt(2000)
                            // around the largest minimum a vector step can add in 32-bit lanes
                            : minKind == 2 ? (1L << (24 + r.nextInt(6))) - r.nextInt(1 << 16) : r.nextLong();
            long[] expected = new long[dstOff + miniblocks * size];
            int p = packedPos;
            for (int m = 0; m < miniblocks; m++) {
                ref.unpackLsb(src, p, widths[m], expected, dstOff + m * size, size);
                p += (size / 8) * widths[m];
            }
            long acc = previous;
            for (int i = dstOff; i < expected.length; i++) {
                acc += minDelta + expected[i];
                expected[i] = acc;
            }
            long[] got = new long[expected.length];
            long last = k.unpackPrefixSumBlock(
                    src, widthsPos, packedPos, srcEnd, miniblocks, size, got, dstOff, previous, minDelta);
            String ctx = " block " + b + " widths " + Arrays.toString(widths) + " size " + size;
            assertThat(got).as("unpackPrefixSumBlock" + ctx).isEqualTo(expected);
            assertThat(last).as("unpackPrefixSumBlock last" + ctx).isEqualTo(acc);
        }
    }

    public static void checkLongUnpackPrefixSum(Kernels k, Kernels ref, int[] lengths, long seed) {
        checkUnpackPrefixSum(k, ref, lengths, seed, true);
    }

    private static void checkUnpackPrefixSum(Kernels k, Kernels ref, int[] lengths, long seed, boolean wide) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int w = 0; w <= (wide ? 64 : 32); w++) {
            for (int n : lengths) {
                for (boolean msb : new boolean[] {false, true}) {
                    int srcOff = r.nextInt(9);
                    int dstOff = r.nextInt(5);
                    int bytes = (int) (((long) n * w + 7) >>> 3);
                    byte[] tight = randomTail(r, srcOff, bytes);
                    int shape = r.nextInt(5);
                    int bits = 1 + r.nextInt(54);
                    if (shape < 2) {
                        // every delta at its maximum (wraps quickly), or every delta zero
                        Arrays.fill(tight, srcOff, srcOff + bytes, shape == 0 ? (byte) -1 : (byte) 0);
                    }
                    // the expected values: ref's unpack, then a plain wrapping prefix-sum loop
                    long[] expected = new long[dstOff + n];
                    long previous;
                    long minDelta;
                    long acc;
                    if (wide) {
                        previous = r.nextInt(3) == 0 ? Long.MAX_VALUE : r.nextLong();
                        minDelta =
                                r.nextInt(3) == 0 ? Long.MIN_VALUE : r.nextInt(3) == 0 ? r.nextInt(2000) : r.nextLong();
                        if (msb) {
                            ref.unpackMsb(tight, srcOff, w, expected, dstOff, n);
                        } else {
                            ref.unpackLsb(tight, srcOff, w, expected, dstOff, n);
                        }
                        acc = previous;
                        for (int i = dstOff; i < dstOff + n; i++) {
                            acc += minDelta + expected[i];
                            expected[i] = acc;
                        }
                    } else {
                        previous = r.nextInt(3) == 0 ? Integer.MAX_VALUE : r.nextInt();
                        minDelta = r.nextInt(3) == 0 ? Integer.MIN_VALUE : r.nextInt();
                        int[] unpacked = new int[dstOff + n];
                        if (msb) {
                            ref.unpackMsb(tight, srcOff, w, unpacked, dstOff, n);
                        } else {
                            ref.unpackLsb(tight, srcOff, w, unpacked, dstOff, n);
                        }
                        int a = (int) previous;
                        for (int i = dstOff; i < dstOff + n; i++) {
                            a += (int) minDelta + unpacked[i];
                            expected[i] = a;
                        }
                        acc = a;
                    }
                    byte[] padded = Arrays.copyOf(tight, tight.length + 1 + r.nextInt(80));
                    for (int i = tight.length; i < padded.length; i++) {
                        padded[i] = (byte) r.nextInt();
                    }
                    // slice ends: the array's end (a read past it would throw), the whole padded
                    // array, and a slice of the padded array ending somewhere in the padding
                    byte[][] arrays = {tight, padded, padded};
                    int[] ends = {tight.length, padded.length, tight.length + r.nextInt(padded.length - tight.length)};
                    for (int a = 0; a < arrays.length; a++) {
                        byte[] packed = arrays[a];
                        int srcEnd = ends[a];
                        long[] got = new long[dstOff + n];
                        long last;
                        if (wide) {
                            last = k.unpackPrefixSum(
                                    packed, srcOff, srcEnd, w, msb, got, dstOff, n, previous, minDelta);
                        } else {
                            int[] gotI = new int[dstOff + n];
                            last = k.unpackPrefixSum(
                                    packed, srcOff, srcEnd, w, msb, gotI, dstOff, n, (int) previous, (int) minDelta);
                            for (int i = 0; i < gotI.length; i++) {
                                got[i] = gotI[i];
                            }
                        }
                        String ctx = (wide ? "long " : "int ") + (msb ? "MSB" : "LSB") + " width " + w + " count " + n
                                + " srcOff " + srcOff + " dstOff " + dstOff + " shape " + shape + " slice end "
                                + srcEnd + " array " + packed.length + " kernels " + k.name();
                        if (!Arrays.equals(got, expected)) {
                            assertThat(got).as("unpackPrefixSum " + ctx).isEqualTo(expected);
                        }
                        if (last != acc) {
                            assertThat(last).as("unpackPrefixSum last " + ctx).isEqualTo(acc);
                        }
                    }
                }
            }
        }
    }

    /**
     * {@code deltaBlock}, int and long: deltas, each miniblock's maximum and the minimum against a plain
     * loop and against {@code ref}, for miniblock sizes that are and are not whole vectors, values that
     * wrap and values with small deltas. The arrays end exactly where the kernel may write (or read).
     */
    public static void checkDeltaBlock(Kernels k, Kernels ref, int[] lengths, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] miniblockSizes = {32, 64, 128, 8, 16, 1, 3, 40};
        for (int n : lengths) {
            for (int mbs : miniblockSizes) {
                int srcOff = r.nextInt(9);
                int miniblocks = (n + mbs - 1) / mbs;
                boolean wrapping = r.nextBoolean();
                long[] values = new long[srcOff + n];
                long acc = r.nextLong();
                for (int i = srcOff; i < values.length; i++) {
                    acc += wrapping ? r.nextLong() : 1000 + r.nextInt(-8, 9);
                    values[i] = r.nextInt(10) == 0 ? (r.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE) : acc;
                }
                long previous = r.nextInt(3) == 0 ? Long.MIN_VALUE : r.nextLong();
                String ctx = "count " + n + " miniblock " + mbs + " srcOff " + srcOff + " wrapping " + wrapping
                        + " kernels " + k.name();
                // long
                long[] expectedL = new long[n];
                long[] maxL = new long[miniblocks];
                Arrays.fill(maxL, Long.MIN_VALUE);
                long minL = Long.MAX_VALUE;
                for (int i = 0; i < n; i++) {
                    expectedL[i] = values[srcOff + i] - (i == 0 ? previous : values[srcOff + i - 1]);
                    minL = Math.min(minL, expectedL[i]);
                    maxL[i / mbs] = Math.max(maxL[i / mbs], expectedL[i]);
                }
                for (Kernels kk : new Kernels[] {k, ref}) {
                    long[] deltas = new long[n];
                    long[] max = new long[miniblocks];
                    long min = kk.deltaBlock(values, srcOff, n, previous, mbs, deltas, max);
                    if (min != minL || !Arrays.equals(deltas, expectedL) || !Arrays.equals(max, maxL)) {
                        assertThat(deltas).as("long deltas " + ctx).isEqualTo(expectedL);
                        assertThat(max).as("long miniblock maxima " + ctx).isEqualTo(maxL);
                        assertThat(min).as("long min " + ctx).isEqualTo(minL);
                    }
                }
                // int: the low halves, deltas wrapping at 2^32
                int[] ints = new int[values.length];
                for (int i = 0; i < ints.length; i++) {
                    ints[i] = (int) values[i];
                }
                int previousI = (int) previous;
                int[] expectedI = new int[n];
                int[] maxI = new int[miniblocks];
                Arrays.fill(maxI, Integer.MIN_VALUE);
                int minI = Integer.MAX_VALUE;
                for (int i = 0; i < n; i++) {
                    expectedI[i] = ints[srcOff + i] - (i == 0 ? previousI : ints[srcOff + i - 1]);
                    minI = Math.min(minI, expectedI[i]);
                    maxI[i / mbs] = Math.max(maxI[i / mbs], expectedI[i]);
                }
                for (Kernels kk : new Kernels[] {k, ref}) {
                    int[] deltas = new int[n];
                    int[] max = new int[miniblocks];
                    int min = kk.deltaBlock(ints, srcOff, n, previousI, mbs, deltas, max);
                    if (min != minI || !Arrays.equals(deltas, expectedI) || !Arrays.equals(max, maxI)) {
                        assertThat(deltas).as("int deltas " + ctx).isEqualTo(expectedI);
                        assertThat(max).as("int miniblock maxima " + ctx).isEqualTo(maxI);
                        assertThat(min).as("int min " + ctx).isEqualTo(minI);
                    }
                }
            }
        }
    }

    private static void assertRawEquals(float[] a, float[] b, String what) {
        for (int i = 0; i < a.length; i++) {
            assertThat(Float.floatToRawIntBits(a[i])).as(what + " at " + i).isEqualTo(Float.floatToRawIntBits(b[i]));
        }
    }

    private static void assertRawEquals(double[] a, double[] b, String what) {
        for (int i = 0; i < a.length; i++) {
            assertThat(Double.doubleToRawLongBits(a[i]))
                    .as(what + " at " + i)
                    .isEqualTo(Double.doubleToRawLongBits(b[i]));
        }
    }

    static int[] randomInts(SplittableRandom r, int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextInt(3) == 0 ? (r.nextBoolean() ? Integer.MIN_VALUE : Integer.MAX_VALUE) : r.nextInt();
        }
        return a;
    }

    static long[] randomLongs(SplittableRandom r, int n) {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextInt(3) == 0 ? (r.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE) : r.nextLong();
        }
        return a;
    }

    /** {@code off} zero bytes, then {@code n} random ones. */
    static byte[] randomTail(SplittableRandom r, int off, int n) {
        byte[] a = new byte[off + n];
        for (int i = off; i < off + n; i++) {
            a[i] = (byte) r.nextInt();
        }
        return a;
    }

    static byte[] randomBytes(SplittableRandom r, int n) {
        byte[] a = new byte[n];
        for (int i = 0; i < n; i++) {
            a[i] = (byte) r.nextInt();
        }
        return a;
    }

    /**
     * {@link Kernels#decodeDictionaryRuns} for INT32 and INT64 dictionaries of every size 1..65 at every
     * id width 1..32: random sections of RLE runs (ids inside and outside the dictionary, now and then a
     * multi-byte header) and bit-packed runs of 0 to 63 groups, random batch lengths, section ends and
     * load ends. The candidate and {@code ref} must agree with each other and with a plain reference
     * (where they stop, which values they write), and neither may write outside its batch nor read at or
     * past the load end (the array ends there).
     */
    public static void checkDictionaryRuns(Kernels k, Kernels ref, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int size = 1; size <= 65; size++) {
            for (int w = 1; w <= 32; w++) {
                for (int rep = 0; rep < 3; rep++) {
                    checkDictionaryRunsOnce(k, ref, r, size, w);
                }
            }
        }
    }

    private static void checkDictionaryRunsOnce(Kernels k, Kernels ref, SplittableRandom r, int size, int w) {
        int valueBytes = (w + 7) >>> 3;
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        int pos = r.nextInt(4);
        for (int i = 0; i < pos; i++) {
            out.write(r.nextInt(256));
        }
        int runs = 1 + r.nextInt(40);
        int total = 0;
        for (int i = 0; i < runs; i++) {
            int kind = r.nextInt(16);
            if (kind < 8) {
                int count = kind == 0 ? r.nextInt(8) : 8 + r.nextInt(56);
                long id = r.nextInt(20) == 0 ? r.nextLong() : r.nextInt(size);
                if (r.nextInt(30) == 0) {
                    count = 64 + r.nextInt(200); // multi-byte header
                    out.write(0x80 | ((count << 1) & 0x7F));
                    out.write(count >>> 6);
                } else {
                    out.write(count << 1);
                }
                for (int b = 0; b < valueBytes; b++) {
                    out.write((int) (id >>> (8 * b)));
                }
                total += count;
            } else {
                int groups = kind < 14 ? r.nextInt(5) : r.nextInt(64);
                out.write((groups << 1) | 1);
                int shape = r.nextInt(5);
                int bits = 1 + r.nextInt(54);
                long[] ids = new long[groups * 8];
                for (int j = 0; j < ids.length; j++) {
                    // shape 3: ids inside the dictionary, else all ones, zeros or random bits
                    ids[j] = shape == 0 ? -1L : shape == 1 ? 0 : shape == 2 ? r.nextLong() : r.nextInt(size);
                }
                byte[] packed = new byte[groups * w];
                for (int j = 0; j < ids.length; j++) {
                    KernelReference.putBitsLsb(packed, 0, (long) j * w, w, w == 64 ? ids[j] : ids[j] & ((1L << w) - 1));
                }
                out.write(packed, 0, packed.length);
                total += groups * 8;
            }
        }
        int sectionEnd = out.size();
        int extra = r.nextInt(130);
        for (int i = 0; i < extra; i++) {
            out.write(r.nextInt(256));
        }
        byte[] src = out.toByteArray();
        int srcEnd = r.nextInt(4) == 0 ? pos + r.nextInt(sectionEnd - pos + 1) : sectionEnd;
        int loadEnd = src.length;
        int len = r.nextInt(3) == 0 ? r.nextInt(total + 1) : total + r.nextInt(70);
        int dstOff = r.nextInt(5);
        long[] dictL = new long[size];
        int[] dictI = new int[size];
        for (int i = 0; i < size; i++) {
            dictL[i] = r.nextLong();
            dictI[i] = (int) dictL[i];
        }
        String ctx = "size " + size + " width " + w + " len " + len + " srcEnd " + srcEnd + " loadEnd " + loadEnd
                + " section " + Arrays.toString(src);
        long[] expectL = new long[dstOff + len + 3];
        long expected = referenceDictionaryRuns(src, pos, srcEnd, loadEnd, w, dictL, expectL, dstOff, len);
        int written = (int) (expected >>> 32);
        for (Kernels kernels : new Kernels[] {k, ref}) {
            String kc = kernels.name() + " " + ctx;
            long[] gotL = new long[dstOff + len + 3];
            Arrays.fill(gotL, 0x5A5A5A5A5A5A5A5AL);
            assertThat(kernels.decodeDictionaryRuns(src, pos, srcEnd, loadEnd, w, dictL, gotL, dstOff, len))
                    .as("long result " + kc)
                    .isEqualTo(expected);
            assertThat(Arrays.copyOfRange(gotL, dstOff, dstOff + written))
                    .as("long entries " + kc)
                    .isEqualTo(Arrays.copyOfRange(expectL, dstOff, dstOff + written));
            for (int i = 0; i < gotL.length; i++) {
                if (i < dstOff || i >= dstOff + len) {
                    assertThat(gotL[i])
                            .as("long write outside the batch at " + i + " " + kc)
                            .isEqualTo(0x5A5A5A5A5A5A5A5AL);
                }
            }
            int[] gotI = new int[dstOff + len + 3];
            Arrays.fill(gotI, 0x5A5A5A5A);
            assertThat(kernels.decodeDictionaryRuns(src, pos, srcEnd, loadEnd, w, dictI, gotI, dstOff, len))
                    .as("int result " + kc)
                    .isEqualTo(expected);
            for (int i = 0; i < gotI.length; i++) {
                if (i >= dstOff && i < dstOff + written) {
                    assertThat(gotI[i]).as("int entry " + i + " " + kc).isEqualTo((int) expectL[i]);
                } else if (i < dstOff || i >= dstOff + len) {
                    assertThat(gotI[i])
                            .as("int write outside the batch at " + i + " " + kc)
                            .isEqualTo(0x5A5A5A5A);
                }
            }
        }
    }

    /** The contract of {@link Kernels#decodeDictionaryRuns}, one bit at a time. */
    private static long referenceDictionaryRuns(
            byte[] src, int pos, int srcEnd, int loadEnd, int w, long[] dict, long[] dst, int dstOff, int len) {
        int end = Math.min(srcEnd, loadEnd - Kernels.DICTIONARY_RUN_SLACK);
        int p = pos;
        int written = 0;
        while (p < end) {
            int header = src[p] & 0xFF;
            if (header >= 0x80) {
                break;
            }
            int count;
            int next;
            if ((header & 1) == 0) {
                count = header >>> 1;
                int valueBytes = (w + 7) >>> 3;
                next = p + 1 + valueBytes;
                long id = 0;
                for (int b = 0; b < valueBytes; b++) {
                    id |= (long) (src[p + 1 + b] & 0xFF) << (8 * b);
                }
                if (count > len - written || next > end || id >= dict.length) {
                    break;
                }
                for (int i = 0; i < count; i++) {
                    dst[dstOff + written + i] = dict[(int) id];
                }
            } else {
                count = (header >>> 1) * 8;
                next = p + 1 + (header >>> 1) * w;
                if (count > len - written || next > end) {
                    break;
                }
                long[] ids = new long[count];
                boolean bad = false;
                for (int i = 0; i < count; i++) {
                    for (int b = 0; b < w; b++) {
                        long bit = (long) (p + 1) * 8 + (long) i * w + b;
                        ids[i] |= (long) ((src[(int) (bit >>> 3)] >>> (bit & 7)) & 1) << b;
                    }
                    bad |= ids[i] >= dict.length;
                }
                if (bad) {
                    break;
                }
                for (int i = 0; i < count; i++) {
                    dst[dstOff + written + i] = dict[(int) ids[i]];
                }
            }
            written += count;
            p = next;
        }
        return ((long) written << 32) | p;
    }

    /**
     * {@link Kernels#findByteRun} against the run-by-run reference: arrays of every length up to {@code
     * maxLen} (and some of 80 KB) of random bytes with runs of 1 to 100 bytes planted anywhere (some
     * next to each other with one value, some crossing the window's ends), windows from offsets 0 to 70, and
     * run lengths from {@link Kernels#MIN_BYTE_RUN} to 100. Windows that end with the array catch reads
     * past {@code to}; bytes before {@code from} often continue the window's first run, so a run
     * measured from before {@code from} gives another answer than the reference's.
     */
    public static void checkByteRuns(Kernels k, int maxLen, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] minRuns = {Kernels.MIN_BYTE_RUN, 33, 39, 40, 47, 64, 100};
        int found = 0;
        for (int len = 0; len <= maxLen + 12; len++) {
            int n = len <= maxLen ? len : 80_000 + r.nextInt(100);
            for (int round = 0; round < 4; round++) {
                byte[] b = runs(r, n);
                int from = n == 0 ? 0 : r.nextInt(Math.min(n, 70) + 1);
                int to = round % 2 == 0 ? n : from + r.nextInt(n - from + 1);
                if (from > 0 && r.nextBoolean()) {
                    Arrays.fill(b, Math.max(0, from - 1 - r.nextInt(40)), from, from < n ? b[from] : 0);
                }
                for (int minRun : minRuns) {
                    int want = KernelReference.findByteRun(b, from, to, minRun);
                    found += want >= 0 ? 1 : 0;
                    assertThat(k.findByteRun(b, from, to, minRun))
                            .as(k.name() + " len " + n + " [" + from + ", " + to + ") minRun " + minRun)
                            .isEqualTo(want);
                }
            }
        }
        assertThat(found).as("windows with a run").isGreaterThan(maxLen);
        for (int minRun : new int[] {Integer.MIN_VALUE, 0, 8, Kernels.MIN_BYTE_RUN - 1}) {
            try {
                k.findByteRun(new byte[100], 0, 100, minRun);
                throw new AssertionError("minRun " + minRun + " taken");
            } catch (IllegalArgumentException expected) {
                assertThat(expected).hasMessageContaining("at least " + Kernels.MIN_BYTE_RUN);
            }
        }
        // runs longer than any window, and windows that end before they start, have none
        byte[] some = runs(r, 3000);
        for (int minRun : new int[] {Integer.MAX_VALUE, Integer.MAX_VALUE - 7, 1 << 20}) {
            assertThat(k.findByteRun(some, 0, some.length, minRun)).isEqualTo(-1);
        }
        assertThat(k.findByteRun(some, 2000, 1000, Kernels.MIN_BYTE_RUN)).isEqualTo(-1);
        byte[] zeros = new byte[200];
        assertThat(k.findByteRun(zeros, 100, 100, 40)).isEqualTo(-1);
        assertThat(k.findByteRun(zeros, 150, 100, 40)).isEqualTo(-1);
        assertThat(k.findByteRun(zeros, 0, 200, 40)).isEqualTo(0);
        assertThat(k.findByteRun(zeros, 161, 200, 40)).isEqualTo(-1);
        assertThat(k.findByteRun(zeros, 160, 200, 40)).isEqualTo(160);
    }

    /**
     * {@link Kernels#minMax} (both forms, signed and unsigned order) and {@link Kernels#serialSums} against
     * the one-value-at-a-time reference, for every length up to {@code maxLen} from a random offset of 0
     * to 9, over random values, values near one another (sums that round), extremes ({@code MIN_VALUE},
     * {@code MAX_VALUE}, 0, -1) and runs of one value; sums for 1 to {@link Kernels#MAX_SUM_LANES} lanes,
     * strides of 0 (every lane the same strip), below the length (strips that overlap) and from the
     * length up to the length plus 17, continued from sums already holding -0.0, NaN, infinities and large
     * values. Arrays end where the last strip ends, so an over-read throws.
     */
    public static void checkStatistics(Kernels k, int maxLen, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int len = 0; len <= maxLen; len++) {
            int off = r.nextInt(10);
            long[] lv = statisticsValues(r, off + len);
            int[] iv = new int[off + len];
            for (int i = 0; i < iv.length; i++) {
                iv[i] = (int) (r.nextInt(3) == 0 ? lv[i] >> 32 : lv[i]);
            }
            for (long flip : new long[] {0, Long.MIN_VALUE}) {
                long[] seedMinMax = r.nextBoolean()
                        ? new long[] {Long.MAX_VALUE, Long.MIN_VALUE}
                        : new long[] {r.nextLong(), r.nextLong()};
                long[] want = seedMinMax.clone();
                long[] got = seedMinMax.clone();
                KernelReference.minMax(lv, off, len, flip, want);
                k.minMax(lv, off, len, flip, got);
                assertThat(got)
                        .as(k.name() + " long minMax len " + len + " flip " + flip)
                        .containsExactly(want);
                int iflip = (int) (flip >>> 32);
                int[] iseed = r.nextBoolean()
                        ? new int[] {Integer.MAX_VALUE, Integer.MIN_VALUE}
                        : new int[] {r.nextInt(), r.nextInt()};
                int[] iwant = iseed.clone();
                int[] igot = iseed.clone();
                KernelReference.minMax(iv, off, len, iflip, iwant);
                k.minMax(iv, off, len, iflip, igot);
                assertThat(igot)
                        .as(k.name() + " int minMax len " + len + " flip " + iflip)
                        .containsExactly(iwant);
            }
            int lanes = 1 + r.nextInt(Kernels.MAX_SUM_LANES);
            int stride = switch (r.nextInt(4)) {
                case 0 -> 0;
                case 1 -> r.nextInt(len + 1);
                default -> len + r.nextInt(18);
            };
            long[] strips = statisticsValues(r, off + (lanes - 1) * stride + len);
            double[] start = new double[lanes + r.nextInt(3)];
            double[] specials = {
                0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, -1e300, 3.5, 0x1p62, 0x1p52, -(0x1p53 - 1), -7.0
            };
            for (int l = 0; l < start.length; l++) {
                start[l] = switch (r.nextInt(4)) {
                    case 0 -> specials[r.nextInt(specials.length)];
                    case 1 -> r.nextInt() * 1.0; // with small values, sums where no addition rounds
                    default -> r.nextLong() * 1.0;
                };
            }
            double[] want = start.clone();
            double[] got = start.clone();
            KernelReference.serialSums(strips, off, stride, lanes, len, want);
            k.serialSums(strips, off, stride, lanes, len, got);
            for (int l = 0; l < start.length; l++) {
                assertThat(Double.doubleToRawLongBits(got[l]))
                        .as(k.name() + " serialSums len " + len + " lanes " + lanes + " stride " + stride + " lane " + l
                                + ": " + got[l] + " vs " + want[l])
                        .isEqualTo(Double.doubleToRawLongBits(want[l]));
            }
        }
        checkExactSums(k);
        checkFloatingStatistics(k, maxLen, r);
        for (int lanes : new int[] {Integer.MIN_VALUE, -1, 0, Kernels.MAX_SUM_LANES + 1}) {
            for (Runnable call : List.<Runnable>of(
                    () -> k.serialSums(new double[100], 0, 10, lanes, 10, new double[16]),
                    () -> k.serialSums(new float[100], 0, 10, lanes, 10, new double[16]))) {
                try {
                    call.run();
                    throw new AssertionError("lanes " + lanes + " taken");
                } catch (IllegalArgumentException expected) {
                    assertThat(expected).hasMessageContaining("lanes must be in [1, " + Kernels.MAX_SUM_LANES + "]");
                }
            }
            try {
                k.serialSums(new long[100], 0, 10, lanes, 10, new double[16]);
                throw new AssertionError("lanes " + lanes + " taken");
            } catch (IllegalArgumentException expected) {
                assertThat(expected).hasMessageContaining("lanes must be in [1, " + Kernels.MAX_SUM_LANES + "]");
            }
        }
    }

    /**
     * {@link Kernels#serialSums(long[], int, int, int, int, double[])} at the edge of sums no addition rounds:
     * lanes starting {@code len * v} (and a few more) below 2^53 or above -2^53, of {@code len} values
     * {@code v} (a power of two, or one more or less, for either sign), so that each lane's last additions
     * reach 2^53 exactly, or pass it where the double sums round and long sums would not. Against the
     * reference, bit for bit.
     */
    private static void checkExactSums(Kernels k) {
        // lanes starting len below 2^53 (or above -2^53), of a 0 then len - 1 values of 2 (or -2): the bound
        // is 1, which the first value keeps and the others pass, and the double sums round more than once
        // past 2^53, to other values than the long sums (for len 5, 2^53 + 2 against 2^53 + 3 rounded to + 4)
        for (int len : new int[] {5, 9, 13}) {
            for (int lanes = 1; lanes <= Kernels.MAX_SUM_LANES; lanes++) {
                for (int sign : new int[] {1, -1}) {
                    long[] strips = new long[lanes * len];
                    for (int i = 0; i < strips.length; i++) {
                        strips[i] = i % len == 0 ? 0 : 2 * sign;
                    }
                    double[] want = new double[lanes];
                    Arrays.fill(want, sign * (double) ((1L << 53) - len));
                    double[] got = want.clone();
                    KernelReference.serialSums(strips, 0, len, lanes, len, want);
                    k.serialSums(strips, 0, len, lanes, len, got);
                    for (int l = 0; l < lanes; l++) {
                        assertThat(Double.doubleToRawLongBits(got[l]))
                                .as(k.name() + " serialSums past 2^53, len " + len + " lanes " + lanes + " sign " + sign
                                        + " lane " + l + ": " + got[l] + " vs " + want[l])
                                .isEqualTo(Double.doubleToRawLongBits(want[l]));
                    }
                }
            }
        }
        for (int len : new int[] {1, 2, 3, 7, 64, 1000}) {
            for (long v : new long[] {1, 2, 3, 1L << 20, (1L << 20) + 1, (1L << 20) - 1, (1L << 53) / len}) {
                for (long below = 0; below <= 3; below++) {
                    for (int lanes = 1; lanes <= Kernels.MAX_SUM_LANES; lanes++) {
                        for (int sign : new int[] {1, -1}) {
                            long[] strips = new long[lanes * len];
                            Arrays.fill(strips, sign * v);
                            double[] want = new double[lanes];
                            for (int l = 0; l < lanes; l++) {
                                // the lanes differ: the one at l starts l more below the edge
                                double room = Math.max(0, (double) len * v - below - l);
                                want[l] = sign * ((1L << 53) - room);
                            }
                            double[] got = want.clone();
                            KernelReference.serialSums(strips, 0, len, lanes, len, want);
                            k.serialSums(strips, 0, len, lanes, len, got);
                            for (int l = 0; l < lanes; l++) {
                                assertThat(Double.doubleToRawLongBits(got[l]))
                                        .as(k.name() + " serialSums at 2^53, len " + len + " value " + sign * v
                                                + " below " + below + " lanes " + lanes + " lane " + l + ": "
                                                + got[l] + " vs " + want[l])
                                        .isEqualTo(Double.doubleToRawLongBits(want[l]));
                            }
                        }
                    }
                }
            }
        }
    }

    /**
     * The {@code double} and {@code float} forms of {@code minMax} and {@code serialSums} against the
     * reference, bit for bit (but a zero bound's sign and a NaN sum's payload), for every length up to
     * {@code maxLen}.
     */
    private static void checkFloatingStatistics(Kernels k, int maxLen, SplittableRandom r) {
        for (int len = 0; len <= maxLen; len++) {
            int off = r.nextInt(10);
            double[] dv = floatingValues(r, off + len);
            float[] fv = new float[dv.length];
            for (int i = 0; i < fv.length; i++) {
                fv[i] = (float) dv[i];
            }
            double[] seed = floatingSeed(r);
            double[] want = seed.clone();
            double[] got = seed.clone();
            KernelReference.minMax(dv, off, len, want);
            k.minMax(dv, off, len, got);
            // the bits of each bound but a zero's sign, which the kernels leave open
            assertThat(boundBits(got))
                    .as(k.name() + " double minMax len " + len + ": " + Arrays.toString(got) + " vs "
                            + Arrays.toString(want))
                    .containsExactly(boundBits(want));
            float[] fwant = {(float) seed[0], (float) seed[1]};
            float[] fgot = fwant.clone();
            KernelReference.minMax(fv, off, len, fwant);
            k.minMax(fv, off, len, fgot);
            assertThat(boundBits(new double[] {fgot[0], fgot[1]}))
                    .as(k.name() + " float minMax len " + len + ": " + Arrays.toString(fgot) + " vs "
                            + Arrays.toString(fwant))
                    .containsExactly(boundBits(new double[] {fwant[0], fwant[1]}));
            int lanes = 1 + r.nextInt(Kernels.MAX_SUM_LANES);
            int stride = switch (r.nextInt(4)) {
                case 0 -> 0;
                case 1 -> r.nextInt(len + 1);
                default -> len + r.nextInt(18);
            };
            double[] strips = floatingValues(r, off + (lanes - 1) * stride + len);
            float[] fstrips = new float[strips.length];
            for (int i = 0; i < strips.length; i++) {
                fstrips[i] = (float) strips[i];
            }
            double[] start = new double[lanes + r.nextInt(3)];
            for (int l = 0; l < start.length; l++) {
                start[l] = floatingValues(r, 1)[0];
            }
            double[] sw = start.clone();
            double[] sg = start.clone();
            KernelReference.serialSums(strips, off, stride, lanes, len, sw);
            k.serialSums(strips, off, stride, lanes, len, sg);
            // a NaN sum's payload is the JIT's choice (x + y may be computed as y + x): NaN compared as NaN
            assertThat(sumBits(sg))
                    .as(k.name() + " double serialSums len " + len + " lanes " + lanes + " stride " + stride)
                    .containsExactly(sumBits(sw));
            sw = start.clone();
            sg = start.clone();
            KernelReference.serialSums(fstrips, off, stride, lanes, len, sw);
            k.serialSums(fstrips, off, stride, lanes, len, sg);
            assertThat(sumBits(sg))
                    .as(k.name() + " float serialSums len " + len + " lanes " + lanes + " stride " + stride)
                    .containsExactly(sumBits(sw));
        }
    }

    /** The bits of each sum, every NaN as the canonical NaN. */
    private static long[] sumBits(double[] d) {
        long[] b = new long[d.length];
        for (int i = 0; i < d.length; i++) {
            b[i] = Double.doubleToLongBits(d[i]);
        }
        return b;
    }

    /** The raw bits of each bound (NaN payloads included), a zero of either sign as 0. */
    private static long[] boundBits(double[] d) {
        long[] b = new long[d.length];
        for (int i = 0; i < d.length; i++) {
            b[i] = d[i] == 0 ? 0 : Double.doubleToRawLongBits(d[i]);
        }
        return b;
    }

    /** The bounds a batch starts from: none yet, or bounds (zeros of either sign and NaN among them). */
    private static double[] floatingSeed(SplittableRandom r) {
        double[] picks = {0.0, -0.0, Double.NaN, 1.5, -1.5, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
        return switch (r.nextInt(3)) {
            case 0 -> new double[] {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
            case 1 -> new double[] {picks[r.nextInt(picks.length)], picks[r.nextInt(picks.length)]};
            default -> new double[] {r.nextDouble() * 100 - 50, r.nextDouble() * 100 - 50};
        };
    }

    /**
     * Values for the floating-point statistics: random bit patterns (NaN payloads and infinities among
     * them), sensor-like readings, zeros of both signs with some NaN, or specials only.
     */
    private static double[] floatingValues(SplittableRandom r, int n) {
        double[] v = new double[n];
        double[] specials = {
            0.0,
            -0.0,
            Double.NaN,
            Double.longBitsToDouble(0x7ff0_0000_0000_0001L),
            Double.longBitsToDouble(-1L),
            Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE,
            -Double.MAX_VALUE,
            1e300
        };
        int shape = r.nextInt(5);
        int bits = 1 + r.nextInt(54);
        double level = r.nextDouble() * 40 - 20;
        for (int i = 0; i < n; i++) {
            v[i] = switch (shape) {
                case 0 -> Double.longBitsToDouble(r.nextLong());
                case 1 -> r.nextInt(50) == 0 ? specials[r.nextInt(specials.length)] : level + r.nextDouble();
                case 2 -> r.nextInt(4) == 0 ? Double.NaN : r.nextBoolean() ? 0.0 : -0.0;
                default -> specials[r.nextInt(specials.length)];
            };
        }
        return v;
    }

    /** Values for {@link #checkStatistics}: one of several shapes per array. */
    private static long[] statisticsValues(SplittableRandom r, int n) {
        long[] v = new long[n];
        int shape = r.nextInt(5);
        int bits = 1 + r.nextInt(54);
        long base = r.nextLong();
        long[] extremes = {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1};
        for (int i = 0; i < n; i++) {
            v[i] = switch (shape) {
                case 0 -> r.nextLong();
                case 1 -> base + r.nextInt(1000) - 500; // sums that round at every step
                case 2 -> r.nextInt(5) == 0 ? extremes[r.nextInt(4)] : r.nextLong() >> r.nextInt(64);
                case 3 -> base;
                // signed values of at most bits bits, their bounds among them: sums where no addition rounds
                // (or does, near 2^53)
                default -> r.nextInt(9) == 0 ? (r.nextBoolean() ? -1L : 1L) << (bits - 1) : r.nextLong() >> (64 - bits);
            };
        }
        return v;
    }

    /** {@code n} random bytes with runs of one value (1 to 100 bytes) planted, several per 300 bytes. */
    private static byte[] runs(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        for (int k = n / 300 + r.nextInt(4); k > 0 && n > 0; k--) {
            int at = r.nextInt(n);
            int runLen = 1 + r.nextInt(100);
            byte v = (byte) r.nextInt(3); // few values: runs next to each other often merge
            Arrays.fill(b, at, Math.min(n, at + runLen), v);
        }
        return b;
    }
}
