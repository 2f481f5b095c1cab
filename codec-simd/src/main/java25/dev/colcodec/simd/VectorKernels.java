package dev.colcodec.simd;

import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.ScalarKernels;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * Vector API kernels for the preferred species of this machine. Methods not overridden here are the
 * scalar ones. Every vector loop stops while a full vector load would still fit inside the slice its
 * arguments describe; the rest goes through the scalar code.
 */
final class VectorKernels extends ScalarKernels {
    static final VectorSpecies<Integer> IS = IntVector.SPECIES_PREFERRED;
    static final VectorSpecies<Byte> BS = ByteVector.SPECIES_PREFERRED;
    static final VectorSpecies<Long> LS = LongVector.SPECIES_PREFERRED;
    static final VectorSpecies<Float> FS = FloatVector.SPECIES_PREFERRED;
    static final VectorSpecies<Double> DS = DoubleVector.SPECIES_PREFERRED;
    static final int IL = IS.length();
    static final int LL = LS.length();
    static final int BL = BS.length();
    /** Bytes with as many lanes as the int species (for widening byte streams to ints). */
    static final VectorSpecies<Byte> BS_FOR_INT = VectorSpecies.of(byte.class, VectorShape.forBitSize(IL * 8));
    /**
     * Bytes with as many lanes as the long species, or when that is narrower than the narrowest shape
     * (64 bits: a 128- or 256-bit long species) the 64-bit byte species, whose low {@link #LL} lanes
     * are then used.
     */
    static final VectorSpecies<Byte> BS_FOR_LONG =
            VectorSpecies.of(byte.class, VectorShape.forBitSize(Math.max(LL * 8, 64)));

    /** Per width 1..32: routes the 4 bytes holding each value's first bit into its int lane. */
    static final VectorShuffle<Byte>[] LSB_SHUFFLE = shuffles(false);

    static final VectorShuffle<Byte>[] MSB_SHUFFLE = shuffles(true);
    /** Per width: the bit offset of each value inside its first byte. */
    static final IntVector[] BIT_OFFSET = bitOffsets();

    static final IntVector[] LSB_HI_SHIFT = lsbHiShift();
    static final IntVector[] MSB_SHIFT = msbShift();
    static final IntVector[] MSB_B0_SHIFT = msbB0Shift();

    // booleans: lane j takes byte j/8 and tests bit j%8
    static final VectorShuffle<Byte> BOOL_SHUFFLE = VectorShuffle.fromOp(BS, j -> j >>> 3);
    static final ByteVector BOOL_BITS = ByteVector.broadcast(BS, (byte) 1)
            .lanewise(VectorOperators.LSHL, ByteVector.zero(BS).addIndex(1).lanewise(VectorOperators.AND, (byte) 7));

    VectorKernels() {}

    @Override
    public String name() {
        return "vector-" + IS.vectorBitSize();
    }

    // ---- shuffle tables ------------------------------------------------------------------------

    @SuppressWarnings("unchecked")
    private static VectorShuffle<Byte>[] shuffles(boolean msb) {
        VectorShuffle<Byte>[] out = new VectorShuffle[33];
        for (int w = 1; w <= 32; w++) {
            int[] idx = new int[BL];
            for (int lane = 0; lane < IL; lane++) {
                int first = lane * w / 8;
                for (int k = 0; k < 4; k++) {
                    int b = msb ? first + 3 - k : first + k;
                    idx[lane * 4 + k] = Math.min(b, BL - 1);
                }
            }
            out[w] = VectorShuffle.fromArray(BS, idx, 0);
        }
        return out;
    }

    private static IntVector[] bitOffsets() {
        IntVector[] out = new IntVector[33];
        for (int w = 1; w <= 32; w++) {
            int[] s = new int[IL];
            for (int lane = 0; lane < IL; lane++) {
                s[lane] = (lane * w) & 7;
            }
            out[w] = IntVector.fromArray(IS, s, 0);
        }
        return out;
    }

    private static IntVector[] lsbHiShift() {
        IntVector[] out = new IntVector[33];
        for (int w = 1; w <= 32; w++) {
            int[] s = new int[IL];
            for (int lane = 0; lane < IL; lane++) {
                s[lane] = 8 - ((lane * w) & 7);
            }
            out[w] = IntVector.fromArray(IS, s, 0);
        }
        return out;
    }

    /** For widths up to 25: right shift that aligns the value in the big-endian 32-bit window. */
    private static IntVector[] msbShift() {
        IntVector[] out = new IntVector[33];
        for (int w = 1; w <= 32; w++) {
            int[] s = new int[IL];
            for (int lane = 0; lane < IL; lane++) {
                int off = (lane * w) & 7;
                s[lane] = w <= 25 ? 32 - off - w : 40 - off - w;
            }
            out[w] = IntVector.fromArray(IS, s, 0);
        }
        return out;
    }

    /** For widths 26..32: left shift for the first window byte. */
    private static IntVector[] msbB0Shift() {
        IntVector[] out = new IntVector[33];
        for (int w = 1; w <= 32; w++) {
            int[] s = new int[IL];
            for (int lane = 0; lane < IL; lane++) {
                int off = (lane * w) & 7;
                s[lane] = w <= 25 ? 0 : 32 - (40 - off - w);
            }
            out[w] = IntVector.fromArray(IS, s, 0);
        }
        return out;
    }

    // ---- unpack --------------------------------------------------------------------------------

    /** How many values the vector loop may decode without any load passing the packed slice. */
    private static int vectorizableValues(int bitWidth, int count, int loadBytes) {
        long totalBytes = ((long) count * bitWidth + 7) >>> 3;
        long bytesPerIter = (long) IL * bitWidth / 8; // IL is a multiple of 8
        long need = loadBytes + (bitWidth > 25 ? 1 : 0);
        if (totalBytes < need) {
            return 0;
        }
        long iters = (totalBytes - need) / bytesPerIter + 1;
        return (int) Math.min((long) count / IL, iters) * IL;
    }

    /** Byte species for narrow loads (a step of IL values at a small width reads only a few bytes). */
    static final VectorSpecies<Byte> B128 = BL >= 16 ? ByteVector.SPECIES_128 : BS;

    static final VectorSpecies<Byte> B256 = BL >= 32 ? ByteVector.SPECIES_256 : BS;

    /** Per width: bytes one step reads from its start, so the narrowest load that holds them is used. */
    static final int[] STEP_BYTES = stepBytes();

    private static int[] stepBytes() {
        int[] out = new int[33];
        for (int w = 1; w <= 32; w++) {
            out[w] = ((IL - 1) * w) / 8 + 4;
        }
        return out;
    }

    // The load and step helpers come in one copy per load species, the species a constant inside
    // each (never a parameter): C2 compiles a helper on its own once many widths and species have
    // called it, and a copy whose species was a parameter compiled to the Vector API's slow path, too
    // large to inline later (InlineSmallCode): after every width 1..31 had run, width-4 unpacking fell
    // from 6.2 to 0.35 G values/s. With constant species each copy stays small and intrinsified.

    /** Loads 128-bit worth of bytes and widens them (zero-filled) to the full byte species. */
    private static ByteVector load128(byte[] src, int p) {
        ByteVector v = ByteVector.fromArray(B128, src, p);
        return B128 == BS ? v : (ByteVector) v.reinterpretShape(BS, 0);
    }

    /** Values {@code [p*8/w ...)} of one vector step, LSB-first, widths 1..25 (one load) or 26..32 (two). */
    private static IntVector lsbStep128(byte[] src, int p, int bitWidth, int mask) {
        VectorShuffle<Byte> sh = LSB_SHUFFLE[bitWidth];
        IntVector lo = load128(src, p).rearrange(sh).reinterpretAsInts();
        IntVector v = lo.lanewise(VectorOperators.LSHR, BIT_OFFSET[bitWidth]);
        if (bitWidth > 25) {
            IntVector hi = load128(src, p + 1).rearrange(sh).reinterpretAsInts();
            v = v.lanewise(VectorOperators.OR, hi.lanewise(VectorOperators.LSHL, LSB_HI_SHIFT[bitWidth]));
        }
        return v.lanewise(VectorOperators.AND, mask);
    }

    /** The MSB-first counterpart of {@link #lsbStep128}. */
    private static IntVector msbStep128(byte[] src, int p, int bitWidth, int mask) {
        VectorShuffle<Byte> sh = MSB_SHUFFLE[bitWidth];
        IntVector lo = load128(src, p).rearrange(sh).reinterpretAsInts();
        IntVector v;
        if (bitWidth <= 25) {
            v = lo.lanewise(VectorOperators.LSHR, MSB_SHIFT[bitWidth]);
        } else {
            IntVector hi = load128(src, p + 1).rearrange(sh).reinterpretAsInts();
            v = hi.lanewise(VectorOperators.LSHR, MSB_SHIFT[bitWidth])
                    .lanewise(
                            VectorOperators.OR,
                            lo.lanewise(VectorOperators.LSHR, 24)
                                    .lanewise(VectorOperators.LSHL, MSB_B0_SHIFT[bitWidth]));
        }
        return v.lanewise(VectorOperators.AND, mask);
    }

    /** Loads 256-bit worth of bytes and widens them (zero-filled) to the full byte species. */
    private static ByteVector load256(byte[] src, int p) {
        ByteVector v = ByteVector.fromArray(B256, src, p);
        return B256 == BS ? v : (ByteVector) v.reinterpretShape(BS, 0);
    }

    /** {@link #lsbStep128} with 256-bit loads. */
    private static IntVector lsbStep256(byte[] src, int p, int bitWidth, int mask) {
        VectorShuffle<Byte> sh = LSB_SHUFFLE[bitWidth];
        IntVector lo = load256(src, p).rearrange(sh).reinterpretAsInts();
        IntVector v = lo.lanewise(VectorOperators.LSHR, BIT_OFFSET[bitWidth]);
        if (bitWidth > 25) {
            IntVector hi = load256(src, p + 1).rearrange(sh).reinterpretAsInts();
            v = v.lanewise(VectorOperators.OR, hi.lanewise(VectorOperators.LSHL, LSB_HI_SHIFT[bitWidth]));
        }
        return v.lanewise(VectorOperators.AND, mask);
    }

    /** {@link #msbStep128} with 256-bit loads. */
    private static IntVector msbStep256(byte[] src, int p, int bitWidth, int mask) {
        VectorShuffle<Byte> sh = MSB_SHUFFLE[bitWidth];
        IntVector lo = load256(src, p).rearrange(sh).reinterpretAsInts();
        IntVector v;
        if (bitWidth <= 25) {
            v = lo.lanewise(VectorOperators.LSHR, MSB_SHIFT[bitWidth]);
        } else {
            IntVector hi = load256(src, p + 1).rearrange(sh).reinterpretAsInts();
            v = hi.lanewise(VectorOperators.LSHR, MSB_SHIFT[bitWidth])
                    .lanewise(
                            VectorOperators.OR,
                            lo.lanewise(VectorOperators.LSHR, 24)
                                    .lanewise(VectorOperators.LSHL, MSB_B0_SHIFT[bitWidth]));
        }
        return v.lanewise(VectorOperators.AND, mask);
    }

    /** Loads a whole preferred-species vector of bytes. */
    private static ByteVector loadFull(byte[] src, int p) {
        return ByteVector.fromArray(BS, src, p);
    }

    /** {@link #lsbStep128} with preferred-species loads. */
    private static IntVector lsbStepFull(byte[] src, int p, int bitWidth, int mask) {
        VectorShuffle<Byte> sh = LSB_SHUFFLE[bitWidth];
        IntVector lo = loadFull(src, p).rearrange(sh).reinterpretAsInts();
        IntVector v = lo.lanewise(VectorOperators.LSHR, BIT_OFFSET[bitWidth]);
        if (bitWidth > 25) {
            IntVector hi = loadFull(src, p + 1).rearrange(sh).reinterpretAsInts();
            v = v.lanewise(VectorOperators.OR, hi.lanewise(VectorOperators.LSHL, LSB_HI_SHIFT[bitWidth]));
        }
        return v.lanewise(VectorOperators.AND, mask);
    }

    /** {@link #msbStep128} with preferred-species loads. */
    private static IntVector msbStepFull(byte[] src, int p, int bitWidth, int mask) {
        VectorShuffle<Byte> sh = MSB_SHUFFLE[bitWidth];
        IntVector lo = loadFull(src, p).rearrange(sh).reinterpretAsInts();
        IntVector v;
        if (bitWidth <= 25) {
            v = lo.lanewise(VectorOperators.LSHR, MSB_SHIFT[bitWidth]);
        } else {
            IntVector hi = loadFull(src, p + 1).rearrange(sh).reinterpretAsInts();
            v = hi.lanewise(VectorOperators.LSHR, MSB_SHIFT[bitWidth])
                    .lanewise(
                            VectorOperators.OR,
                            lo.lanewise(VectorOperators.LSHR, 24)
                                    .lanewise(VectorOperators.LSHL, MSB_B0_SHIFT[bitWidth]));
        }
        return v.lanewise(VectorOperators.AND, mask);
    }

    private static int mask(int bitWidth) {
        return bitWidth == 32 ? -1 : (1 << bitWidth) - 1;
    }

    /** Shorts with as many lanes as the int species, and the bytes holding them. */
    static final VectorSpecies<Byte> BS_FOR_SHORTS = VectorSpecies.of(byte.class, VectorShape.forBitSize(IL * 16));

    /**
     * Widths 8 and 16 need no shuffle: zero-extend bytes (or 16-bit units, byte-swapped for MSB-first)
     * straight into int lanes. Returns how many values were done.
     */
    private static int unpackAligned(
            byte[] src, int srcOff, int bitWidth, boolean msb, int[] dst, int dstOff, int count) {
        int n = count - count % IL;
        if (bitWidth == 8) {
            for (int i = 0; i < n; i += IL) {
                ((IntVector) ByteVector.fromArray(BS_FOR_INT, src, srcOff + i)
                                .convertShape(VectorOperators.ZERO_EXTEND_B2I, IS, 0))
                        .intoArray(dst, dstOff + i);
            }
        } else {
            for (int i = 0; i < n; i += IL) {
                ShortVector v =
                        ByteVector.fromArray(BS_FOR_SHORTS, src, srcOff + 2 * i).reinterpretAsShorts();
                if (msb) {
                    v = v.lanewise(VectorOperators.REVERSE_BYTES);
                }
                ((IntVector) v.convertShape(VectorOperators.ZERO_EXTEND_S2I, IS, 0)).intoArray(dst, dstOff + i);
            }
        }
        return n;
    }

    @Override
    public void unpackLsb(byte[] src, int srcOff, int bitWidth, int[] dst, int dstOff, int count) {
        // width 32 is a plain little-endian copy: the scalar loop is already at memory speed
        if (bitWidth == 0 || bitWidth == 32 || count < 2 * IL) {
            super.unpackLsb(src, srcOff, bitWidth, dst, dstOff, count);
            return;
        }
        if (bitWidth == 8 || bitWidth == 16) {
            int done = unpackAligned(src, srcOff, bitWidth, false, dst, dstOff, count);
            super.unpackLsb(src, srcOff + done * bitWidth / 8, bitWidth, dst, dstOff + done, count - done);
            return;
        }
        int need = STEP_BYTES[bitWidth];
        int mask = mask(bitWidth);
        int step = IL * bitWidth / 8;
        int p = srcOff;
        int o = dstOff;
        int n;
        // three loop copies, each with a constant load species (the Vector API needs it constant)
        if (need <= B128.length()) {
            n = vectorizableValues(bitWidth, count, B128.length());
            for (int end = dstOff + n; o < end; o += IL, p += step) {
                lsbStep128(src, p, bitWidth, mask).intoArray(dst, o);
            }
        } else if (need <= B256.length()) {
            n = vectorizableValues(bitWidth, count, B256.length());
            for (int end = dstOff + n; o < end; o += IL, p += step) {
                lsbStep256(src, p, bitWidth, mask).intoArray(dst, o);
            }
        } else {
            n = vectorizableValues(bitWidth, count, BL);
            for (int end = dstOff + n; o < end; o += IL, p += step) {
                lsbStepFull(src, p, bitWidth, mask).intoArray(dst, o);
            }
        }
        if (n < count) {
            super.unpackLsb(src, p, bitWidth, dst, o, count - n);
        }
    }

    @Override
    public void unpackMsb(byte[] src, int srcOff, int bitWidth, int[] dst, int dstOff, int count) {
        if (bitWidth == 0 || count < 2 * IL) {
            super.unpackMsb(src, srcOff, bitWidth, dst, dstOff, count);
            return;
        }
        if (bitWidth == 8 || bitWidth == 16) {
            int done = unpackAligned(src, srcOff, bitWidth, true, dst, dstOff, count);
            super.unpackMsb(src, srcOff + done * bitWidth / 8, bitWidth, dst, dstOff + done, count - done);
            return;
        }
        int need = STEP_BYTES[bitWidth];
        int mask = mask(bitWidth);
        int step = IL * bitWidth / 8;
        int p = srcOff;
        int o = dstOff;
        int n;
        // three loop copies, each with a constant load species (the Vector API needs it constant)
        if (need <= B128.length()) {
            n = vectorizableValues(bitWidth, count, B128.length());
            for (int end = dstOff + n; o < end; o += IL, p += step) {
                msbStep128(src, p, bitWidth, mask).intoArray(dst, o);
            }
        } else if (need <= B256.length()) {
            n = vectorizableValues(bitWidth, count, B256.length());
            for (int end = dstOff + n; o < end; o += IL, p += step) {
                msbStep256(src, p, bitWidth, mask).intoArray(dst, o);
            }
        } else {
            n = vectorizableValues(bitWidth, count, BL);
            for (int end = dstOff + n; o < end; o += IL, p += step) {
                msbStepFull(src, p, bitWidth, mask).intoArray(dst, o);
            }
        }
        if (n < count) {
            super.unpackMsb(src, p, bitWidth, dst, o, count - n);
        }
    }

    /** Widens one int vector of unsigned values into two long vectors at {@code dst[o...]}. */
    private static void storeWidened(IntVector v, long[] dst, int o) {
        ((LongVector) v.convertShape(VectorOperators.ZERO_EXTEND_I2L, LS, 0)).intoArray(dst, o);
        ((LongVector) v.convertShape(VectorOperators.ZERO_EXTEND_I2L, LS, 1)).intoArray(dst, o + LL);
    }

    // ---- arithmetic fill (DELTA_BINARY_PACKED width-0 miniblocks) -------------------------------

    @Override
    public int fillArithmetic(int[] values, int off, int len, int previous, int step) {
        if (step == 0 || len < 2 * IL) {
            return super.fillArithmetic(values, off, len, previous, step);
        }
        // lane j holds previous + (j + 1) * step; every store advances all lanes by IL steps
        IntVector v = INT_ONE_TO_IL.mul(step).add(previous);
        IntVector advance = IntVector.broadcast(IS, step * IL);
        int i = 0;
        for (int end = len - IL; i <= end; i += IL) {
            v.intoArray(values, off + i);
            v = v.add(advance);
        }
        for (; i < len; i++) {
            values[off + i] = previous + (i + 1) * step;
        }
        return previous + len * step;
    }

    @Override
    public long fillArithmetic(long[] values, int off, int len, long previous, long step) {
        if (step == 0 || len < 2 * LL) {
            return super.fillArithmetic(values, off, len, previous, step);
        }
        LongVector v = LONG_ONE_TO_LL.mul(step).add(previous);
        LongVector advance = LongVector.broadcast(LS, step * LL);
        int i = 0;
        for (int end = len - LL; i <= end; i += LL) {
            v.intoArray(values, off + i);
            v = v.add(advance);
        }
        for (; i < len; i++) {
            values[off + i] = previous + (i + 1) * step;
        }
        return previous + len * step;
    }

    @Override
    public void unpackLsb(byte[] src, int srcOff, int bitWidth, long[] dst, int dstOff, int count) {
        if (bitWidth == 0 || bitWidth > 32 || count < 2 * IL) {
            super.unpackLsb(src, srcOff, bitWidth, dst, dstOff, count);
            return;
        }
        int need = STEP_BYTES[bitWidth];
        int mask = mask(bitWidth);
        int step = IL * bitWidth / 8;
        int p = srcOff;
        int o = dstOff;
        int n;
        if (need <= B128.length()) {
            n = vectorizableValues(bitWidth, count, B128.length());
            for (int end = dstOff + n; o < end; o += IL, p += step) {
                storeWidened(lsbStep128(src, p, bitWidth, mask), dst, o);
            }
        } else if (need <= B256.length()) {
            n = vectorizableValues(bitWidth, count, B256.length());
            for (int end = dstOff + n; o < end; o += IL, p += step) {
                storeWidened(lsbStep256(src, p, bitWidth, mask), dst, o);
            }
        } else {
            n = vectorizableValues(bitWidth, count, BL);
            for (int end = dstOff + n; o < end; o += IL, p += step) {
                storeWidened(lsbStepFull(src, p, bitWidth, mask), dst, o);
            }
        }
        if (n < count) {
            super.unpackLsb(src, p, bitWidth, dst, o, count - n);
        }
    }

    @Override
    public void unpackMsb(byte[] src, int srcOff, int bitWidth, long[] dst, int dstOff, int count) {
        if (bitWidth == 0 || bitWidth > 32 || count < 2 * IL) {
            super.unpackMsb(src, srcOff, bitWidth, dst, dstOff, count);
            return;
        }
        int need = STEP_BYTES[bitWidth];
        int mask = mask(bitWidth);
        int step = IL * bitWidth / 8;
        int p = srcOff;
        int o = dstOff;
        int n;
        if (need <= B128.length()) {
            n = vectorizableValues(bitWidth, count, B128.length());
            for (int end = dstOff + n; o < end; o += IL, p += step) {
                storeWidened(msbStep128(src, p, bitWidth, mask), dst, o);
            }
        } else if (need <= B256.length()) {
            n = vectorizableValues(bitWidth, count, B256.length());
            for (int end = dstOff + n; o < end; o += IL, p += step) {
                storeWidened(msbStep256(src, p, bitWidth, mask), dst, o);
            }
        } else {
            n = vectorizableValues(bitWidth, count, BL);
            for (int end = dstOff + n; o < end; o += IL, p += step) {
                storeWidened(msbStepFull(src, p, bitWidth, mask), dst, o);
            }
        }
        if (n < count) {
            super.unpackMsb(src, p, bitWidth, dst, o, count - n);
        }
    }

    // ---- prefix sum ----------------------------------------------------------------------------

    // scan steps as individual constants (array elements would not be constant-folded by C2)
    static final VectorShuffle<Integer> IS1 = scanShuffle(IS, 1);
    static final VectorShuffle<Integer> IS2 = scanShuffle(IS, 2);
    static final VectorShuffle<Integer> IS4 = scanShuffle(IS, 4);
    static final VectorShuffle<Integer> IS8 = scanShuffle(IS, 8);
    static final VectorMask<Integer> IM1 = scanMask(IS, 1);
    static final VectorMask<Integer> IM2 = scanMask(IS, 2);
    static final VectorMask<Integer> IM4 = scanMask(IS, 4);
    static final VectorMask<Integer> IM8 = scanMask(IS, 8);

    private static <E> VectorShuffle<E> scanShuffle(VectorSpecies<E> species, int k) {
        return VectorShuffle.fromOp(species, j -> Math.max(j - k, 0));
    }

    private static <E> VectorMask<E> scanMask(VectorSpecies<E> species, int k) {
        boolean[] m = new boolean[species.length()];
        for (int j = Math.min(k, m.length); j < m.length; j++) {
            m[j] = true;
        }
        return VectorMask.fromArray(species, m, 0);
    }

    /** In-vector inclusive scan of int lanes (log2(lanes) shifted adds). */
    private static IntVector scan(IntVector v) {
        v = v.add(v.rearrange(IS1), IM1);
        if (IL > 2) {
            v = v.add(v.rearrange(IS2), IM2);
        }
        if (IL > 4) {
            v = v.add(v.rearrange(IS4), IM4);
        }
        if (IL > 8) {
            v = v.add(v.rearrange(IS8), IM8);
        }
        return v;
    }

    /** Broadcasts the last lane (the running total) to every lane. */
    static final VectorShuffle<Integer> INT_LAST = VectorShuffle.fromOp(IS, j -> IL - 1);

    @Override
    public int prefixSum(int[] values, int off, int len, int previous, int minDelta) {
        int i = off;
        int end = off + (len / IL) * IL;
        if (end == off) {
            return super.prefixSum(values, off, len, previous, minDelta);
        }
        // the running total stays in a vector: no lane extraction per step
        IntVector carry = IntVector.broadcast(IS, previous);
        IntVector min = IntVector.broadcast(IS, minDelta);
        for (; i < end; i += IL) {
            IntVector v = scan(IntVector.fromArray(IS, values, i).add(min)).add(carry);
            v.intoArray(values, i);
            carry = v.rearrange(INT_LAST);
        }
        return super.prefixSum(values, i, off + len - i, values[i - 1], minDelta);
    }

    // The long prefix sum stays scalar: with 8 lanes the in-register scan measured slower than the
    // scalar loop (kernels table in benchmarks/RESULTS.md), so it is not overridden. Deltas of 64 bits
    // (prefixSumWords) are different: there the scalar loop also byte-swaps and adds the minimum.

    static final VectorShuffle<Long> LS1 = scanShuffle(LS, 1);
    static final VectorShuffle<Long> LS2 = scanShuffle(LS, 2);
    static final VectorShuffle<Long> LS4 = scanShuffle(LS, 4);
    static final VectorMask<Long> LM1 = scanMask(LS, 1);
    static final VectorMask<Long> LM2 = scanMask(LS, 2);
    static final VectorMask<Long> LM4 = scanMask(LS, 4);

    /** In-vector inclusive scan of long lanes (log2(lanes) shifted adds), wrapping at 2^64. */
    private static LongVector scan(LongVector v) {
        v = v.add(v.rearrange(LS1), LM1);
        if (LL > 2) {
            v = v.add(v.rearrange(LS2), LM2);
        }
        if (LL > 4) {
            v = v.add(v.rearrange(LS4), LM4);
        }
        return v;
    }

    /**
     * Deltas of 64 bits are whole 8-byte words (big-endian when MSB-first, little-endian when
     * LSB-first), so there is nothing to unpack: per LL values one load (and byte reversal), the
     * minimum added, an in-vector scan, the running value added (kept broadcast, as in {@link
     * #sumStep}) and one store. Random INT64 columns (hashes, xorshift test data) give such blocks
     * in TS_2DIFF and DELTA_BINARY_PACKED. Loads stay within the {@code count * 8} packed bytes.
     */
    private long prefixSumWords(
            byte[] src, int srcOff, boolean msbFirst, long[] dst, int dstOff, int count, long previous, long minDelta) {
        LongVector min = LongVector.broadcast(LS, minDelta);
        LongVector carry = LongVector.broadcast(LS, previous);
        int n = count - count % LL;
        int p = srcOff;
        int o = dstOff;
        int end = dstOff + n;
        if (msbFirst) {
            for (; o < end; o += LL, p += 8 * LL) {
                LongVector d =
                        ByteVector.fromArray(BS, src, p).reinterpretAsLongs().lanewise(VectorOperators.REVERSE_BYTES);
                LongVector v = scan(d.add(min)).add(carry);
                v.intoArray(dst, o);
                carry = v.rearrange(LONG_LAST);
            }
        } else {
            for (; o < end; o += LL, p += 8 * LL) {
                LongVector d = ByteVector.fromArray(BS, src, p).reinterpretAsLongs();
                LongVector v = scan(d.add(min)).add(carry);
                v.intoArray(dst, o);
                carry = v.rearrange(LONG_LAST);
            }
        }
        long last = carry.lane(0);
        if (n == count) {
            return last;
        }
        return super.unpackPrefixSum(
                src, p, p + 8 * (count - n), Long.SIZE, msbFirst, dst, o, count - n, last, minDelta);
    }

    static final VectorShuffle<Long> LONG_LAST = VectorShuffle.fromOp(LS, j -> LL - 1);

    /** {@code j + 1} in lane j. */
    static final LongVector LONG_ONE_TO_LL = LongVector.zero(LS).addIndex(1).add(1);

    static final IntVector INT_ONE_TO_IL = IntVector.zero(IS).addIndex(1).add(1);

    /** {@code (j + 1) * step} in lane j. */
    private static LongVector ramp(long step) {
        return LONG_ONE_TO_LL.mul(step);
    }

    /**
     * The widest deltas the {@code long} fused kernel scans in int lanes: a step's IL deltas of up to
     * 28 bits sum to less than 2^32, so the scanned lanes are exact as unsigned ints and widen by zero
     * extension.
     */
    static final int LONG_SCAN_MAX_WIDTH = 28;

    /**
     * One pass per IL deltas of up to {@link #LONG_SCAN_MAX_WIDTH} bits: unpack into int lanes, scan
     * there (unsigned), widen to two long vectors, add the minimum deltas ({@code (j + 1) * minDelta}
     * in lane j, precomputed) and the running value (kept broadcast in a vector, so no lane extraction
     * per step), store. The 64-bit dependency chain of the scalar loop becomes one add and one lane
     * broadcast per IL values. Loads may run past the packed deltas up to {@code srcEnd}, as in the
     * {@code int} form; what does not fit in whole steps, and wider deltas, go to the scalar kernels.
     */
    @Override
    public long unpackPrefixSum(
            byte[] src,
            int srcOff,
            int srcEnd,
            int bitWidth,
            boolean msbFirst,
            long[] dst,
            int dstOff,
            int count,
            long previous,
            long minDelta) {
        if (bitWidth == Long.SIZE && count >= 2 * LL) {
            return prefixSumWords(src, srcOff, msbFirst, dst, dstOff, count, previous, minDelta);
        }
        if (bitWidth == 0 || bitWidth > LONG_SCAN_MAX_WIDTH || count < IL) {
            return super.unpackPrefixSum(
                    src, srcOff, srcEnd, bitWidth, msbFirst, dst, dstOff, count, previous, minDelta);
        }
        int need = STEP_BYTES[bitWidth];
        int mask = mask(bitWidth);
        int step = IL * bitWidth / 8;
        LongVector low = ramp(minDelta);
        LongVector high = low.add(minDelta * LL);
        LongVector carry = LongVector.broadcast(LS, previous);
        int p = srcOff;
        int o = dstOff;
        int end;
        // one loop per bit order and load species (the Vector API needs the species constant)
        if (need <= B128.length()) {
            end = dstOff + IL * wholeSteps(srcEnd - srcOff, bitWidth, count, B128.length());
            if (msbFirst) {
                for (; o < end; o += IL, p += step) {
                    carry = sumStep(msbStep128(src, p, bitWidth, mask), low, high, carry, dst, o);
                }
            } else {
                for (; o < end; o += IL, p += step) {
                    carry = sumStep(lsbStep128(src, p, bitWidth, mask), low, high, carry, dst, o);
                }
            }
        } else if (need <= B256.length()) {
            end = dstOff + IL * wholeSteps(srcEnd - srcOff, bitWidth, count, B256.length());
            if (msbFirst) {
                for (; o < end; o += IL, p += step) {
                    carry = sumStep(msbStep256(src, p, bitWidth, mask), low, high, carry, dst, o);
                }
            } else {
                for (; o < end; o += IL, p += step) {
                    carry = sumStep(lsbStep256(src, p, bitWidth, mask), low, high, carry, dst, o);
                }
            }
        } else {
            end = dstOff + IL * wholeSteps(srcEnd - srcOff, bitWidth, count, BL);
            if (msbFirst) {
                for (; o < end; o += IL, p += step) {
                    carry = sumStep(msbStepFull(src, p, bitWidth, mask), low, high, carry, dst, o);
                }
            } else {
                for (; o < end; o += IL, p += step) {
                    carry = sumStep(lsbStepFull(src, p, bitWidth, mask), low, high, carry, dst, o);
                }
            }
        }
        long last = carry.lane(0);
        int done = o - dstOff;
        if (done == count) {
            return last;
        }
        return super.unpackPrefixSum(src, p, srcEnd, bitWidth, msbFirst, dst, o, count - done, last, minDelta);
    }

    /**
     * One block of miniblocks: the running value stays broadcast in a vector and the minimum-delta
     * ramps are built once, across all miniblocks (a call per miniblock rebuilt both and extracted a
     * lane each time). Consecutive miniblocks of one width are one bit stream and go through one loop
     * (random 8-bit deltas: one loop of 8 steps per block instead of four of 2). A block whose widths
     * all take 128- or 256-bit loads that stay within {@code srcEnd} goes to {@link #fusedBlock};
     * others to {@link #mixedBlock}, where runs of width 0, wider runs, the end of a page and sizes
     * that are not whole vector steps go to the per-run kernels.
     */
    @Override
    public long unpackPrefixSumBlock(
            byte[] src,
            int widthsPos,
            int packedPos,
            int srcEnd,
            int miniblocks,
            int miniblockSize,
            long[] dst,
            int dstOff,
            long previous,
            long minDelta) {
        if (miniblockSize % IL != 0) {
            return super.unpackPrefixSumBlock(
                    src, widthsPos, packedPos, srcEnd, miniblocks, miniblockSize, dst, dstOff, previous, minDelta);
        }
        int widest = 0;
        int narrowest = Integer.MAX_VALUE;
        long widthSum = 0;
        for (int k = 0; k < miniblocks; k++) {
            int w = src[widthsPos + k] & 0xFF;
            widest = Math.max(widest, w);
            narrowest = Math.min(narrowest, w);
            widthSum += w;
        }
        long packedEnd = packedPos + widthSum * (miniblockSize >>> 3);
        // a run's last load starts before its packed end and reads at most B256 bytes (widths up to 25
        // load once)
        if (narrowest > 0
                && widest <= LONG_SCAN_MAX_WIDTH
                && widest <= 25
                && STEP_BYTES[widest] <= B256.length()
                && packedEnd + B256.length() <= srcEnd) {
            return fusedBlock(
                    src, widthsPos, packedPos, miniblocks, miniblockSize, dst, dstOff, previous, minDelta, widest);
        }
        return mixedBlock(
                src, widthsPos, packedPos, srcEnd, miniblocks, miniblockSize, dst, dstOff, previous, minDelta);
    }

    /**
     * A block whose runs all go through the 128- or 256-bit loops: every width is 1..15 (at 512 bits)
     * and every load stays within the slice. Kept apart from {@link #mixedBlock}, whose fallbacks to
     * the per-run kernels (the end of a page, width 0, wide deltas) made C2 compile the common case
     * about a quarter slower once they had run.
     */
    private static long fusedBlock(
            byte[] src,
            int widthsPos,
            int packedPos,
            int miniblocks,
            int miniblockSize,
            long[] dst,
            int dstOff,
            long previous,
            long minDelta,
            int widest) {
        // the minimum delta added in int lanes (one add) when the sums stay below 2^32, otherwise as
        // two long ramps
        boolean intMin = minDeltaInIntLanes(widest, minDelta);
        IntVector min = IntVector.broadcast(IS, (int) minDelta);
        LongVector low = ramp(minDelta);
        LongVector high = low.add(minDelta * LL);
        long last = previous;
        int p = packedPos;
        int o = dstOff;
        for (int k = 0; k < miniblocks; ) {
            int w = src[widthsPos + k] & 0xFF;
            int run = sameWidthRun(src, widthsPos, k, miniblocks);
            k += run;
            int end = o + run * miniblockSize;
            int step = IL * w / 8;
            int mask = mask(w);
            LongVector carry = LongVector.broadcast(LS, last);
            if (STEP_BYTES[w] <= B128.length()) {
                if (intMin) {
                    for (; o < end; o += IL, p += step) {
                        carry = sumStep(lsbStep128(src, p, w, mask).add(min), carry, dst, o);
                    }
                } else {
                    for (; o < end; o += IL, p += step) {
                        carry = sumStep(lsbStep128(src, p, w, mask), low, high, carry, dst, o);
                    }
                }
            } else if (intMin) {
                for (; o < end; o += IL, p += step) {
                    carry = sumStep(lsbStep256(src, p, w, mask).add(min), carry, dst, o);
                }
            } else {
                for (; o < end; o += IL, p += step) {
                    carry = sumStep(lsbStep256(src, p, w, mask), low, high, carry, dst, o);
                }
            }
            last = carry.lane(0);
        }
        return last;
    }

    /**
     * The miniblocks from {@code k} on with the width of miniblock {@code k}: following miniblocks of
     * the same width continue the same bit stream, so they are one run and one loop.
     */
    private static int sameWidthRun(byte[] src, int widthsPos, int k, int miniblocks) {
        int w = src[widthsPos + k];
        int run = 1;
        while (k + run < miniblocks && src[widthsPos + k + run] == w) {
            run++;
        }
        return run;
    }

    /** {@link #unpackPrefixSumBlock} for any block: each run goes to a fused loop or a per-run kernel. */
    private long mixedBlock(
            byte[] src,
            int widthsPos,
            int packedPos,
            int srcEnd,
            int miniblocks,
            int miniblockSize,
            long[] dst,
            int dstOff,
            long previous,
            long minDelta) {
        LongVector low = ramp(minDelta);
        LongVector high = low.add(minDelta * LL);
        // the running value crosses runs as a long: a vector held in a phi of this outer loop was not
        // unboxed by C2 in some profiles (width-1 pages ran the Vector API's Java fallbacks)
        long last = previous;
        int p = packedPos;
        int o = dstOff;
        for (int k = 0; k < miniblocks; ) {
            int w = src[widthsPos + k] & 0xFF;
            int run = sameWidthRun(src, widthsPos, k, miniblocks);
            k += run;
            int span = run * miniblockSize;
            int steps = span / IL;
            int bytes = (span >>> 3) * w;
            int step = IL * w / 8;
            int end = o + span;
            int extra = w > 25 ? 1 : 0; // widths over 25 load again one byte further
            if (w != 0
                    && w <= LONG_SCAN_MAX_WIDTH
                    && STEP_BYTES[w] <= B128.length()
                    && (long) (steps - 1) * step + B128.length() + extra <= srcEnd - p) {
                int mask = mask(w);
                LongVector carry = LongVector.broadcast(LS, last);
                for (; o < end; o += IL, p += step) {
                    carry = sumStep(lsbStep128(src, p, w, mask), low, high, carry, dst, o);
                }
                last = carry.lane(0);
            } else if (w != 0
                    && w <= LONG_SCAN_MAX_WIDTH
                    && STEP_BYTES[w] <= B256.length()
                    && (long) (steps - 1) * step + B256.length() + extra <= srcEnd - p) {
                int mask = mask(w);
                LongVector carry = LongVector.broadcast(LS, last);
                for (; o < end; o += IL, p += step) {
                    carry = sumStep(lsbStep256(src, p, w, mask), low, high, carry, dst, o);
                }
                last = carry.lane(0);
            } else {
                last = w == 0
                        ? fillArithmetic(dst, o, span, last, minDelta)
                        : unpackPrefixSum(src, p, srcEnd, w, false, dst, o, span, last, minDelta);
                o = end;
                p += bytes;
            }
        }
        return last;
    }

    /**
     * Whether a step's IL deltas of {@code bitWidth} bits plus a minimum delta still sum to less than
     * 2^32 when the minimum is added in int lanes: then one int add replaces the two long ramp adds.
     */
    private static boolean minDeltaInIntLanes(int bitWidth, long minDelta) {
        return minDelta >= 0 && minDelta < (1L << 32) && (mask(bitWidth) + minDelta) * IL < (1L << 32);
    }

    /**
     * {@link #sumStep(IntVector, LongVector, LongVector, LongVector, long[], int)} for deltas that
     * already include the minimum delta.
     */
    private static LongVector sumStep(IntVector deltas, LongVector carry, long[] dst, int o) {
        IntVector sums = scan(deltas);
        LongVector a = ((LongVector) sums.convertShape(VectorOperators.ZERO_EXTEND_I2L, LS, 0)).add(carry);
        LongVector b = ((LongVector) sums.convertShape(VectorOperators.ZERO_EXTEND_I2L, LS, 1)).add(carry);
        a.intoArray(dst, o);
        b.intoArray(dst, o + LL);
        return b.rearrange(LONG_LAST);
    }

    /**
     * The {@code long} step: scans IL unpacked deltas in int lanes, widens them, adds the minimum
     * deltas ({@code low} for the first LL lanes, {@code high} for the rest) and the running value,
     * stores; returns the new running value broadcast to every lane.
     */
    private static LongVector sumStep(
            IntVector deltas, LongVector low, LongVector high, LongVector carry, long[] dst, int o) {
        IntVector sums = scan(deltas);
        LongVector a = ((LongVector) sums.convertShape(VectorOperators.ZERO_EXTEND_I2L, LS, 0))
                .add(low)
                .add(carry);
        LongVector b = ((LongVector) sums.convertShape(VectorOperators.ZERO_EXTEND_I2L, LS, 1))
                .add(high)
                .add(carry);
        a.intoArray(dst, o);
        b.intoArray(dst, o + LL);
        return b.rearrange(LONG_LAST);
    }

    /**
     * One pass per IL deltas: unpack into int lanes, add the minimum delta, scan, add the running value
     * (kept broadcast in a vector, so no lane extraction per step) and store. Loads may run past the
     * packed slice up to {@code srcEnd} (the contract allows it): a 32-value miniblock is then two
     * whole vector steps instead of one step and a scalar tail. What does not fit in whole steps (fewer
     * than IL values, or a load that would pass {@code srcEnd}) is finished by the scalar kernels.
     */
    @Override
    public int unpackPrefixSum(
            byte[] src,
            int srcOff,
            int srcEnd,
            int bitWidth,
            boolean msbFirst,
            int[] dst,
            int dstOff,
            int count,
            int previous,
            int minDelta) {
        if (bitWidth == 0 || count < IL) {
            return super.unpackPrefixSum(
                    src, srcOff, srcEnd, bitWidth, msbFirst, dst, dstOff, count, previous, minDelta);
        }
        int need = STEP_BYTES[bitWidth];
        int mask = mask(bitWidth);
        int step = IL * bitWidth / 8;
        IntVector min = IntVector.broadcast(IS, minDelta);
        IntVector carry = IntVector.broadcast(IS, previous);
        int p = srcOff;
        int o = dstOff;
        int end;
        // one loop per bit order and load species (the Vector API needs the species constant)
        if (need <= B128.length()) {
            end = dstOff + IL * wholeSteps(srcEnd - srcOff, bitWidth, count, B128.length());
            if (msbFirst) {
                for (; o < end; o += IL, p += step) {
                    carry = sumStep(msbStep128(src, p, bitWidth, mask), min, carry, dst, o);
                }
            } else {
                for (; o < end; o += IL, p += step) {
                    carry = sumStep(lsbStep128(src, p, bitWidth, mask), min, carry, dst, o);
                }
            }
        } else if (need <= B256.length()) {
            end = dstOff + IL * wholeSteps(srcEnd - srcOff, bitWidth, count, B256.length());
            if (msbFirst) {
                for (; o < end; o += IL, p += step) {
                    carry = sumStep(msbStep256(src, p, bitWidth, mask), min, carry, dst, o);
                }
            } else {
                for (; o < end; o += IL, p += step) {
                    carry = sumStep(lsbStep256(src, p, bitWidth, mask), min, carry, dst, o);
                }
            }
        } else {
            end = dstOff + IL * wholeSteps(srcEnd - srcOff, bitWidth, count, BL);
            if (msbFirst) {
                for (; o < end; o += IL, p += step) {
                    carry = sumStep(msbStepFull(src, p, bitWidth, mask), min, carry, dst, o);
                }
            } else {
                for (; o < end; o += IL, p += step) {
                    carry = sumStep(lsbStepFull(src, p, bitWidth, mask), min, carry, dst, o);
                }
            }
        }
        int last = carry.lane(0);
        int done = o - dstOff;
        if (done == count) {
            return last;
        }
        return super.unpackPrefixSum(src, p, srcEnd, bitWidth, msbFirst, dst, o, count - done, last, minDelta);
    }

    /**
     * Whole vector steps of IL values within {@code count} whose loads ({@code loadBytes} from each
     * step's start, one more byte for widths over 25) stay within the {@code available} bytes. Divides
     * only when the slice ends before the last step's load (the end of a page).
     */
    private static int wholeSteps(int available, int bitWidth, int count, int loadBytes) {
        int reach = loadBytes + (bitWidth > 25 ? 1 : 0);
        int steps = count / IL;
        int bytesPerStep = IL * bitWidth / 8; // IL is a multiple of 8
        if (steps == 0 || (long) (steps - 1) * bytesPerStep + reach <= available) {
            return steps;
        }
        return available < reach ? 0 : (available - reach) / bytesPerStep + 1;
    }

    /** Adds the minimum delta, scans, adds the running value, stores; returns the new running value. */
    private static IntVector sumStep(IntVector deltas, IntVector min, IntVector carry, int[] dst, int o) {
        IntVector v = scan(deltas.add(min)).add(carry);
        v.intoArray(dst, o);
        return v.rearrange(INT_LAST);
    }

    // ---- BYTE_STREAM_SPLIT ---------------------------------------------------------------------

    private static IntVector joinInts(byte[] src, int s, int stride) {
        IntVector b0 = (IntVector) ByteVector.fromArray(BS_FOR_INT, src, s).convertShape(VectorOperators.B2I, IS, 0);
        IntVector b1 =
                (IntVector) ByteVector.fromArray(BS_FOR_INT, src, s + stride).convertShape(VectorOperators.B2I, IS, 0);
        IntVector b2 = (IntVector)
                ByteVector.fromArray(BS_FOR_INT, src, s + 2 * stride).convertShape(VectorOperators.B2I, IS, 0);
        IntVector b3 = (IntVector)
                ByteVector.fromArray(BS_FOR_INT, src, s + 3 * stride).convertShape(VectorOperators.B2I, IS, 0);
        return b0.lanewise(VectorOperators.AND, 0xFF)
                .lanewise(
                        VectorOperators.OR,
                        b1.lanewise(VectorOperators.AND, 0xFF).lanewise(VectorOperators.LSHL, 8))
                .lanewise(
                        VectorOperators.OR,
                        b2.lanewise(VectorOperators.AND, 0xFF).lanewise(VectorOperators.LSHL, 16))
                .lanewise(VectorOperators.OR, b3.lanewise(VectorOperators.LSHL, 24));
    }

    /**
     * 8-byte values from eight streams are joined as two int halves (streams 0..3 and 4..7, the same
     * widening as 4-byte values); this combines lane half {@code part} of them into longs.
     */
    private static LongVector longPart(IntVector lo, IntVector hi, int part) {
        LongVector l = (LongVector) lo.convertShape(VectorOperators.ZERO_EXTEND_I2L, LS, part);
        LongVector h = (LongVector) hi.convertShape(VectorOperators.ZERO_EXTEND_I2L, LS, part);
        return l.lanewise(VectorOperators.OR, h.lanewise(VectorOperators.LSHL, 32));
    }

    @Override
    public void bssDecode(byte[] src, int srcOff, int stride, int[] dst, int dstOff, int count) {
        int n = count - count % IL;
        for (int i = 0; i < n; i += IL) {
            joinInts(src, srcOff + i, stride).intoArray(dst, dstOff + i);
        }
        super.bssDecode(src, srcOff + n, stride, dst, dstOff + n, count - n);
    }

    @Override
    public void bssDecode(byte[] src, int srcOff, int stride, float[] dst, int dstOff, int count) {
        int n = count - count % IL;
        for (int i = 0; i < n; i += IL) {
            joinInts(src, srcOff + i, stride).reinterpretAsFloats().intoArray(dst, dstOff + i);
        }
        super.bssDecode(src, srcOff + n, stride, dst, dstOff + n, count - n);
    }

    @Override
    public void bssDecode(byte[] src, int srcOff, int stride, long[] dst, int dstOff, int count) {
        int n = count - count % IL;
        for (int i = 0; i < n; i += IL) {
            IntVector lo = joinInts(src, srcOff + i, stride);
            IntVector hi = joinInts(src, srcOff + i + 4 * stride, stride);
            longPart(lo, hi, 0).intoArray(dst, dstOff + i);
            longPart(lo, hi, 1).intoArray(dst, dstOff + i + LL);
        }
        super.bssDecode(src, srcOff + n, stride, dst, dstOff + n, count - n);
    }

    @Override
    public void bssDecode(byte[] src, int srcOff, int stride, double[] dst, int dstOff, int count) {
        int n = count - count % IL;
        for (int i = 0; i < n; i += IL) {
            IntVector lo = joinInts(src, srcOff + i, stride);
            IntVector hi = joinInts(src, srcOff + i + 4 * stride, stride);
            longPart(lo, hi, 0).reinterpretAsDoubles().intoArray(dst, dstOff + i);
            longPart(lo, hi, 1).reinterpretAsDoubles().intoArray(dst, dstOff + i + LL);
        }
        super.bssDecode(src, srcOff + n, stride, dst, dstOff + n, count - n);
    }

    private static void splitInts(IntVector v, byte[] dst, int d, int stride) {
        for (int k = 0; k < 4; k++) {
            ((ByteVector) v.lanewise(VectorOperators.LSHR, 8 * k).convertShape(VectorOperators.I2B, BS_FOR_INT, 0))
                    .intoArray(dst, d + k * stride);
        }
    }

    private static void splitLongs(LongVector v, byte[] dst, int d, int stride) {
        for (int k = 0; k < 8; k++) {
            ByteVector b = (ByteVector)
                    v.lanewise(VectorOperators.LSHR, 8 * k).convertShape(VectorOperators.L2B, BS_FOR_LONG, 0);
            if (LL >= 8) {
                b.intoArray(dst, d + k * stride);
            } else {
                // fewer than 8 longs: their bytes are the low LL lanes of one 64-bit vector
                long w = b.reinterpretAsLongs().lane(0);
                for (int j = 0; j < LL; j++) {
                    dst[d + k * stride + j] = (byte) (w >>> (8 * j));
                }
            }
        }
    }

    @Override
    public void bssEncode(int[] src, int srcOff, int count, byte[] dst, int dstOff, int stride) {
        int n = count - count % IL;
        for (int i = 0; i < n; i += IL) {
            splitInts(IntVector.fromArray(IS, src, srcOff + i), dst, dstOff + i, stride);
        }
        super.bssEncode(src, srcOff + n, count - n, dst, dstOff + n, stride);
    }

    @Override
    public void bssEncode(float[] src, int srcOff, int count, byte[] dst, int dstOff, int stride) {
        int n = count - count % IL;
        for (int i = 0; i < n; i += IL) {
            splitInts(FloatVector.fromArray(FS, src, srcOff + i).reinterpretAsInts(), dst, dstOff + i, stride);
        }
        super.bssEncode(src, srcOff + n, count - n, dst, dstOff + n, stride);
    }

    @Override
    public void bssEncode(long[] src, int srcOff, int count, byte[] dst, int dstOff, int stride) {
        int n = count - count % LL;
        for (int i = 0; i < n; i += LL) {
            splitLongs(LongVector.fromArray(LS, src, srcOff + i), dst, dstOff + i, stride);
        }
        super.bssEncode(src, srcOff + n, count - n, dst, dstOff + n, stride);
    }

    @Override
    public void bssEncode(double[] src, int srcOff, int count, byte[] dst, int dstOff, int stride) {
        int n = count - count % LL;
        for (int i = 0; i < n; i += LL) {
            splitLongs(DoubleVector.fromArray(DS, src, srcOff + i).reinterpretAsLongs(), dst, dstOff + i, stride);
        }
        super.bssEncode(src, srcOff + n, count - n, dst, dstOff + n, stride);
    }

    // ---- byte order ----------------------------------------------------------------------------

    @Override
    public void readIntsBE(byte[] src, int srcOff, int[] dst, int dstOff, int count) {
        int n = count - count % IL;
        for (int i = 0; i < n; i += IL) {
            ByteVector.fromArray(BS, src, srcOff + 4 * i)
                    .reinterpretAsInts()
                    .lanewise(VectorOperators.REVERSE_BYTES)
                    .intoArray(dst, dstOff + i);
        }
        super.readIntsBE(src, srcOff + 4 * n, dst, dstOff + n, count - n);
    }

    @Override
    public void readLongsBE(byte[] src, int srcOff, long[] dst, int dstOff, int count) {
        int n = count - count % LL;
        for (int i = 0; i < n; i += LL) {
            ByteVector.fromArray(BS, src, srcOff + 8 * i)
                    .reinterpretAsLongs()
                    .lanewise(VectorOperators.REVERSE_BYTES)
                    .intoArray(dst, dstOff + i);
        }
        super.readLongsBE(src, srcOff + 8 * n, dst, dstOff + n, count - n);
    }

    @Override
    public void readDoublesBE(byte[] src, int srcOff, double[] dst, int dstOff, int count) {
        int n = count - count % LL;
        for (int i = 0; i < n; i += LL) {
            ByteVector.fromArray(BS, src, srcOff + 8 * i)
                    .reinterpretAsLongs()
                    .lanewise(VectorOperators.REVERSE_BYTES)
                    .reinterpretAsDoubles()
                    .intoArray(dst, dstOff + i);
        }
        super.readDoublesBE(src, srcOff + 8 * n, dst, dstOff + n, count - n);
    }

    @Override
    public void writeLongsBE(long[] src, int srcOff, int count, byte[] dst, int dstOff) {
        int n = count - count % LL;
        for (int i = 0; i < n; i += LL) {
            LongVector.fromArray(LS, src, srcOff + i)
                    .lanewise(VectorOperators.REVERSE_BYTES)
                    .reinterpretAsBytes()
                    .intoArray(dst, dstOff + 8 * i);
        }
        super.writeLongsBE(src, srcOff + n, count - n, dst, dstOff + 8 * n);
    }

    // ---- dictionary gather ---------------------------------------------------------------------

    /** True if any id in {@code ids[i, i+IL)} is outside {@code [0, dictSize)} (unsigned compare). */
    private static boolean badIds(IntVector ids, int dictSize) {
        return ids.compare(VectorOperators.UGE, dictSize).anyTrue();
    }

    @Override
    public void gather(int[] dict, int dictSize, int[] ids, int idsOff, int[] dst, int dstOff, int count) {
        int n = count - count % IL;
        int i = 0;
        for (; i < n; i += IL) {
            if (badIds(IntVector.fromArray(IS, ids, idsOff + i), dictSize)) {
                break; // the scalar loop reports the exact id
            }
            IntVector.fromArray(IS, dict, 0, ids, idsOff + i).intoArray(dst, dstOff + i);
        }
        scalarGather(dict, dictSize, ids, idsOff, dst, dstOff, count, i);
    }

    @Override
    public void gather(float[] dict, int dictSize, int[] ids, int idsOff, float[] dst, int dstOff, int count) {
        int n = count - count % IL;
        int i = 0;
        for (; i < n; i += IL) {
            if (badIds(IntVector.fromArray(IS, ids, idsOff + i), dictSize)) {
                break;
            }
            FloatVector.fromArray(FS, dict, 0, ids, idsOff + i).intoArray(dst, dstOff + i);
        }
        for (; i < count; i++) {
            int id = ids[idsOff + i];
            if (Integer.compareUnsigned(id, dictSize) >= 0) {
                throw badId(i, id, dictSize);
            }
            dst[dstOff + i] = dict[id];
        }
    }

    @Override
    public void gather(long[] dict, int dictSize, int[] ids, int idsOff, long[] dst, int dstOff, int count) {
        int n = count - count % IL;
        int i = 0;
        for (; i < n; i += IL) {
            if (badIds(IntVector.fromArray(IS, ids, idsOff + i), dictSize)) {
                break;
            }
            LongVector.fromArray(LS, dict, 0, ids, idsOff + i).intoArray(dst, dstOff + i);
            LongVector.fromArray(LS, dict, 0, ids, idsOff + i + LL).intoArray(dst, dstOff + i + LL);
        }
        for (; i < count; i++) {
            int id = ids[idsOff + i];
            if (Integer.compareUnsigned(id, dictSize) >= 0) {
                throw badId(i, id, dictSize);
            }
            dst[dstOff + i] = dict[id];
        }
    }

    @Override
    public void gather(double[] dict, int dictSize, int[] ids, int idsOff, double[] dst, int dstOff, int count) {
        int n = count - count % IL;
        int i = 0;
        for (; i < n; i += IL) {
            if (badIds(IntVector.fromArray(IS, ids, idsOff + i), dictSize)) {
                break;
            }
            DoubleVector.fromArray(DS, dict, 0, ids, idsOff + i).intoArray(dst, dstOff + i);
            DoubleVector.fromArray(DS, dict, 0, ids, idsOff + i + LL).intoArray(dst, dstOff + i + LL);
        }
        for (; i < count; i++) {
            int id = ids[idsOff + i];
            if (Integer.compareUnsigned(id, dictSize) >= 0) {
                throw badId(i, id, dictSize);
            }
            dst[dstOff + i] = dict[id];
        }
    }

    private static void scalarGather(
            int[] dict, int dictSize, int[] ids, int idsOff, int[] dst, int dstOff, int count, int from) {
        for (int i = from; i < count; i++) {
            int id = ids[idsOff + i];
            if (Integer.compareUnsigned(id, dictSize) >= 0) {
                throw badId(i, id, dictSize);
            }
            dst[dstOff + i] = dict[id];
        }
    }

    // ---- dictionary-encoded runs ---------------------------------------------------------------

    @Override
    public long decodeDictionaryRuns(
            byte[] src, int pos, int srcEnd, int loadEnd, int bitWidth, int[] dict, int[] dst, int dstOff, int len) {
        if (VectorDictionaryRuns.takes(bitWidth, dict.length)) {
            return VectorDictionaryRuns.decode(src, pos, srcEnd, loadEnd, bitWidth, dict, dst, dstOff, len);
        }
        return super.decodeDictionaryRuns(src, pos, srcEnd, loadEnd, bitWidth, dict, dst, dstOff, len);
    }

    @Override
    public long decodeDictionaryRuns(
            byte[] src, int pos, int srcEnd, int loadEnd, int bitWidth, long[] dict, long[] dst, int dstOff, int len) {
        if (VectorDictionaryRuns.takes(bitWidth, dict.length)) {
            return VectorDictionaryRuns.decode(src, pos, srcEnd, loadEnd, bitWidth, dict, dst, dstOff, len);
        }
        return super.decodeDictionaryRuns(src, pos, srcEnd, loadEnd, bitWidth, dict, dst, dstOff, len);
    }

    // ---- booleans ------------------------------------------------------------------------------

    @Override
    public void unpackBooleans(byte[] src, int srcOff, int bitOff, boolean[] dst, int dstOff, int count) {
        if (bitOff != 0 || count < 2 * BL) {
            super.unpackBooleans(src, srcOff, bitOff, dst, dstOff, count);
            return;
        }
        int bytes = (count + 7) >>> 3;
        int perIter = BL / 8;
        int i = 0;
        int p = srcOff;
        // a full-vector load reads BL bytes; stop while it still fits in the packed slice
        while (i + BL <= count && (p - srcOff) + BL <= bytes) {
            ByteVector.fromArray(BS, src, p)
                    .rearrange(BOOL_SHUFFLE)
                    .and(BOOL_BITS)
                    .compare(VectorOperators.NE, 0)
                    .intoArray(dst, dstOff + i);
            i += BL;
            p += perIter;
        }
        super.unpackBooleans(src, p, 0, dst, dstOff + i, count - i);
    }

    // ---- delta encoding ------------------------------------------------------------------------

    /**
     * Whole miniblocks a vector at a time (the previous values are a second load one lane back; the
     * first vector takes {@code previous} in lane 0), with one reduction per miniblock; a shorter last
     * miniblock is finished by a scalar loop, and miniblocks that are not a whole number of vectors go
     * through the scalar code.
     */
    @Override
    public int deltaBlock(
            int[] src, int srcOff, int count, int previous, int miniblockSize, int[] deltas, int[] miniblockMax) {
        int whole = miniblockSize % IL == 0 ? count / miniblockSize : 0;
        if (whole == 0) {
            return super.deltaBlock(src, srcOff, count, previous, miniblockSize, deltas, miniblockMax);
        }
        IntVector first = IntVector.fromArray(IS, src, srcOff);
        IntVector d0 = first.sub(IntVector.broadcast(IS, previous).slice(IL - 1, first));
        d0.intoArray(deltas, 0);
        IntVector min = d0;
        IntVector max = d0;
        int k = IL;
        for (int mb = 0; mb < whole; mb++) {
            for (int end = (mb + 1) * miniblockSize; k < end; k += IL) {
                IntVector d =
                        IntVector.fromArray(IS, src, srcOff + k).sub(IntVector.fromArray(IS, src, srcOff + k - 1));
                d.intoArray(deltas, k);
                min = min.min(d);
                max = max.max(d);
            }
            miniblockMax[mb] = max.reduceLanes(VectorOperators.MAX);
            max = IntVector.broadcast(IS, Integer.MIN_VALUE);
        }
        int least = min.reduceLanes(VectorOperators.MIN);
        if (k < count) {
            // the shorter last miniblock
            int tailMax = Integer.MIN_VALUE;
            int before = src[srcOff + k - 1];
            for (; k < count; k++) {
                int current = src[srcOff + k];
                int d = current - before;
                before = current;
                deltas[k] = d;
                least = Math.min(least, d);
                tailMax = Math.max(tailMax, d);
            }
            miniblockMax[whole] = tailMax;
        }
        return least;
    }

    @Override
    public long deltaBlock(
            long[] src, int srcOff, int count, long previous, int miniblockSize, long[] deltas, long[] miniblockMax) {
        int whole = miniblockSize % LL == 0 ? count / miniblockSize : 0;
        if (whole == 0) {
            return super.deltaBlock(src, srcOff, count, previous, miniblockSize, deltas, miniblockMax);
        }
        LongVector first = LongVector.fromArray(LS, src, srcOff);
        LongVector d0 = first.sub(LongVector.broadcast(LS, previous).slice(LL - 1, first));
        d0.intoArray(deltas, 0);
        LongVector min = d0;
        LongVector max = d0;
        int k = LL;
        for (int mb = 0; mb < whole; mb++) {
            for (int end = (mb + 1) * miniblockSize; k < end; k += LL) {
                LongVector d =
                        LongVector.fromArray(LS, src, srcOff + k).sub(LongVector.fromArray(LS, src, srcOff + k - 1));
                d.intoArray(deltas, k);
                min = min.min(d);
                max = max.max(d);
            }
            miniblockMax[mb] = max.reduceLanes(VectorOperators.MAX);
            max = LongVector.broadcast(LS, Long.MIN_VALUE);
        }
        long least = min.reduceLanes(VectorOperators.MIN);
        if (k < count) {
            // the shorter last miniblock
            long tailMax = Long.MIN_VALUE;
            long before = src[srcOff + k - 1];
            for (; k < count; k++) {
                long current = src[srcOff + k];
                long d = current - before;
                before = current;
                deltas[k] = d;
                least = Math.min(least, d);
                tailMax = Math.max(tailMax, d);
            }
            miniblockMax[whole] = tailMax;
        }
        return least;
    }

    // ---- runs of one byte value ----------------------------------------------------------------

    /**
     * Bytes per step of {@link #findByteRun}: 32 or 64 (the provider takes species of 256 bits or more; at
     * most 64, one mask bit per byte in a long).
     */
    static final VectorSpecies<Byte> RUN_BS = BL >= 64 ? ByteVector.SPECIES_512 : BS;

    static final int RUN_BL = RUN_BS.length();

    /** Each byte lane to the first lane of its 16-byte group. */
    static final VectorShuffle<Byte> GROUP_FIRST = VectorShuffle.fromOp(RUN_BS, i -> i & ~15);

    private static final long GROUP_LOW = 0x0001_0001_0001_0001L;
    private static final long GROUP_HIGH = 0x8000_8000_8000_8000L;

    /**
     * Looks at groups of 16 bytes from {@code from} on, a vector of them per step: a run of {@code minRun}
     * (at least 32) bytes covers a whole group, and the first group of one byte value inside the first such
     * run comes before any inside a later one. A group of one value is measured as far as the value goes
     * (back to {@code from}, forward to {@code to}).
     */
    @Override
    public int findByteRun(byte[] src, int from, int to, int minRun) {
        checkMinRun(minRun);
        int i = from;
        while (i <= to - RUN_BL) {
            ByteVector v = ByteVector.fromArray(RUN_BS, src, i);
            long x = ~v.eq(v.rearrange(GROUP_FIRST)).toLong();
            // a 16-bit group of x that is zero: a group of one byte value
            if (((x - GROUP_LOW) & ~x & GROUP_HIGH) == 0) {
                i += RUN_BL;
                continue;
            }
            long r = groupRun(src, from, i, i + RUN_BL, to, minRun);
            if (r >= 0) {
                return (int) r;
            }
            i = (int) ~r;
        }
        long r = groupRun(src, from, i, to, to, minRun);
        return r >= 0 ? (int) r : -1;
    }

    /**
     * The groups of 16 bytes from {@code g} (a group's start) that end by {@code groupsEnd}, one at a time:
     * the start of the first run of {@code minRun} bytes one of them is in, or {@code ~next}, where {@code
     * next} is the group start to go on from: the first at or after {@code groupsEnd}, or, if a run measured
     * goes on past it, the start of the group holding the byte after that run.
     */
    private static long groupRun(byte[] src, int from, int g, int groupsEnd, int to, int minRun) {
        while (g <= groupsEnd - 16) {
            long w = ByteIO.getLongLE(src, g);
            if (((w ^ (w >>> 8)) << 8) != 0 || w != ByteIO.getLongLE(src, g + 8)) {
                g += 16;
                continue;
            }
            int s = runStart(src, from, g);
            int e = runEnd(src, g + 16, to);
            if (e - s >= minRun) {
                return s;
            }
            // the next group that may hold another run starts at or after e
            g += 16 * ((e - g) / 16);
        }
        return ~(long) g;
    }

    // ---- batch statistics ----------------------------------------------------------------------

    @Override
    public void minMax(long[] src, int off, int len, long flip, long[] minMax) {
        int end = off + LS.loopBound(len);
        if (end == off) {
            super.minMax(src, off, len, flip, minMax);
            return;
        }
        LongVector min = LongVector.broadcast(LS, minMax[0]);
        LongVector max = LongVector.broadcast(LS, minMax[1]);
        int i = off;
        if (flip == 0) {
            for (; i < end; i += LL) {
                LongVector v = LongVector.fromArray(LS, src, i);
                min = min.min(v);
                max = max.max(v);
            }
        } else {
            for (; i < end; i += LL) {
                LongVector v = LongVector.fromArray(LS, src, i).lanewise(VectorOperators.XOR, flip);
                min = min.min(v);
                max = max.max(v);
            }
        }
        minMax[0] = min.reduceLanes(VectorOperators.MIN);
        minMax[1] = max.reduceLanes(VectorOperators.MAX);
        super.minMax(src, i, off + len - i, flip, minMax);
    }

    @Override
    public void minMax(int[] src, int off, int len, int flip, int[] minMax) {
        int end = off + IS.loopBound(len);
        if (end == off) {
            super.minMax(src, off, len, flip, minMax);
            return;
        }
        IntVector min = IntVector.broadcast(IS, minMax[0]);
        IntVector max = IntVector.broadcast(IS, minMax[1]);
        int i = off;
        if (flip == 0) {
            for (; i < end; i += IL) {
                IntVector v = IntVector.fromArray(IS, src, i);
                min = min.min(v);
                max = max.max(v);
            }
        } else {
            for (; i < end; i += IL) {
                IntVector v = IntVector.fromArray(IS, src, i).lanewise(VectorOperators.XOR, flip);
                min = min.min(v);
                max = max.max(v);
            }
        }
        minMax[0] = min.reduceLanes(VectorOperators.MIN);
        minMax[1] = max.reduceLanes(VectorOperators.MAX);
        super.minMax(src, i, off + len - i, flip, minMax);
    }

    /**
     * Two accumulators per bound, each lane taking a value it compares below (above): NaN values compare
     * neither, so they are passed over without a test, and the accumulators do not wait on one another.
     * The lanes are then folded and the rest taken by the scalar loop.
     */
    @Override
    public void minMax(double[] src, int off, int len, double[] minMax) {
        int dl = DS.length();
        int end = off + (len / (2 * dl)) * (2 * dl);
        if (end == off) {
            super.minMax(src, off, len, minMax);
            return;
        }
        DoubleVector min0 = DoubleVector.broadcast(DS, minMax[0]);
        DoubleVector max0 = DoubleVector.broadcast(DS, minMax[1]);
        DoubleVector min1 = min0;
        DoubleVector max1 = max0;
        int i = off;
        for (; i < end; i += 2 * dl) {
            DoubleVector v0 = DoubleVector.fromArray(DS, src, i);
            DoubleVector v1 = DoubleVector.fromArray(DS, src, i + dl);
            min0 = min0.blend(v0, v0.lt(min0));
            max0 = max0.blend(v0, max0.lt(v0));
            min1 = min1.blend(v1, v1.lt(min1));
            max1 = max1.blend(v1, max1.lt(v1));
        }
        // the lanes started at the bounds passed in, so their least and greatest are the new bounds (a
        // NaN passed in fills every lane and stays); the rest goes one at a time
        minMax[0] = min0.blend(min1, min1.lt(min0)).reduceLanes(VectorOperators.MIN);
        minMax[1] = max0.blend(max1, max0.lt(max1)).reduceLanes(VectorOperators.MAX);
        super.minMax(src, i, off + len - i, minMax);
    }

    /** As the {@code double} form. */
    @Override
    public void minMax(float[] src, int off, int len, float[] minMax) {
        int fl = FS.length();
        int end = off + (len / (2 * fl)) * (2 * fl);
        if (end == off) {
            super.minMax(src, off, len, minMax);
            return;
        }
        FloatVector min0 = FloatVector.broadcast(FS, minMax[0]);
        FloatVector max0 = FloatVector.broadcast(FS, minMax[1]);
        FloatVector min1 = min0;
        FloatVector max1 = max0;
        int i = off;
        for (; i < end; i += 2 * fl) {
            FloatVector v0 = FloatVector.fromArray(FS, src, i);
            FloatVector v1 = FloatVector.fromArray(FS, src, i + fl);
            min0 = min0.blend(v0, v0.lt(min0));
            max0 = max0.blend(v0, max0.lt(v0));
            min1 = min1.blend(v1, v1.lt(min1));
            max1 = max1.blend(v1, max1.lt(v1));
        }
        // the lanes started at the bounds passed in, so their least and greatest are the new bounds (a
        // NaN passed in fills every lane and stays); the rest goes one at a time
        minMax[0] = min0.blend(min1, min1.lt(min0)).reduceLanes(VectorOperators.MIN);
        minMax[1] = max0.blend(max1, max0.lt(max1)).reduceLanes(VectorOperators.MAX);
        super.minMax(src, i, off + len - i, minMax);
    }

    /**
     * Whether each lane has a bound for sums without rounding ({@link #exactSumBound}) and its first value
     * is within it: a cheap test that turns random 64-bit values away before {@link #exactSums}, kept apart
     * from it so that the gathers of {@link #serialSums(long[], int, int, int, int, double[])} compile as
     * they did without it (with the vector loop of {@code exactSums} in front of them, they ran 3x slower).
     */
    private static boolean firstValuesWithinBounds(long[] src, int off, int stride, int lanes, int len, double[] sums) {
        for (int l = 0; l < lanes; l++) {
            long b = exactSumBound(sums[l], len);
            if (b == 0 || Long.compareUnsigned(src[off + l * stride] + b, 2 * b) >= 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@link #serialSums(long[], int, int, int, int, double[])} where no addition rounds (see {@link
     * #exactSumBound}): each lane's values added as longs, a vector at a time, in one pass with the check
     * that they are within the bound. Sets {@code sums} and returns true when every lane is; otherwise
     * changes nothing and returns false.
     */
    private static boolean exactSums(long[] src, int off, int stride, int lanes, int len, double[] sums) {
        long[] exact = new long[lanes];
        for (int l = 0; l < lanes; l++) {
            long b = exactSumBound(sums[l], len);
            int o = off + l * stride;
            LongVector bv = LongVector.broadcast(LS, b);
            LongVector acc = LongVector.zero(LS);
            LongVector bits = LongVector.zero(LS);
            int i = o;
            for (int end = o + LS.loopBound(len); i < end; i += LL) {
                LongVector v = LongVector.fromArray(LS, src, i);
                acc = acc.add(v);
                bits = bits.or(v.add(bv));
            }
            long sum = acc.reduceLanes(VectorOperators.ADD);
            long bitsOr = bits.reduceLanes(VectorOperators.OR);
            for (; i < o + len; i++) {
                sum += src[i];
                bitsOr |= src[i] + b;
            }
            // v + b in [0, 2b) for every value: no bit at or above 2b (b a power of two)
            if ((bitsOr & -(2 * b)) != 0) {
                return false;
            }
            exact[l] = (long) sums[l] + sum;
        }
        for (int l = 0; l < lanes; l++) {
            sums[l] = exact[l];
        }
        return true;
    }

    /**
     * With 512-bit vectors and more than four lanes: one lane per strip, a gather of the strips' next
     * values per step, converted to doubles and added to the lanes' sums (each lane's additions in index
     * order, as the scalar chains make them). Measured 1.2x to 1.5x the scalar kernel's speed for eight
     * strips of 10,000 values in the cache (RESULTS.md, session 32); at four lanes or fewer the gathers
     * lose to the scalar chains.
     */
    @Override
    public void serialSums(long[] src, int off, int stride, int lanes, int len, double[] sums) {
        checkSumLanes(lanes);
        if (firstValuesWithinBounds(src, off, stride, lanes, len, sums)
                && exactSums(src, off, stride, lanes, len, sums)) {
            return;
        }
        if (LL < MAX_SUM_LANES || lanes <= 4 || len == 0) {
            super.serialSums(src, off, stride, lanes, len, sums);
            return;
        }
        int[] map = new int[LL];
        for (int l = 1; l < lanes; l++) {
            map[l] = l * stride;
        }
        VectorMask<Long> m = LS.indexInRange(0, lanes);
        VectorMask<Double> dm = m.cast(DS);
        DoubleVector acc = DoubleVector.fromArray(DS, sums, 0, dm);
        for (int i = off; i < off + len; i++) {
            LongVector v = LongVector.fromArray(LS, src, i, map, 0, m);
            acc = acc.add((DoubleVector) v.convert(VectorOperators.L2D, 0));
        }
        acc.intoArray(sums, 0, dm);
    }
}
