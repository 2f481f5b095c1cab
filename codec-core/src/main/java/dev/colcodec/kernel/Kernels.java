package dev.colcodec.kernel;

/**
 * The data-parallel building blocks every decoder and encoder is made of. There are two
 * implementations: {@link ScalarKernels} (here, always available) and the Vector API kernels of
 * codec-simd. {@link KernelProvider} picks one once per JVM; a decoder takes its {@code Kernels} at
 * construction and keeps it, so the choice is never made per value.
 *
 * <p>Contract for every method: array bounds are the caller's responsibility (the kernels are the
 * hot path and do not re-validate what a decoder already checked), except {@code gather}, which
 * validates ids because they come straight from the input. Kernels never read or write outside the
 * ranges their arguments describe: vector implementations finish tails with scalar code instead of
 * over-reading.
 *
 * <p>Bit order: "LSB-first" is Parquet's packing (value 0 in the least significant bits of byte 0);
 * "MSB-first" is TsFile's (value 0 in the most significant bits of byte 0). Packed {@code count}
 * values at width {@code w} occupy exactly {@code ceil(count * w / 8)} bytes; pack writes zero bits
 * after the last value.
 */
public interface Kernels {
    /** Short name for logs and benchmark labels, e.g. {@code "scalar"} or {@code "vector-512"}. */
    String name();

    // ---- bit unpacking / packing -------------------------------------------------------------

    /** Unpacks {@code count} LSB-first values of {@code bitWidth} (0..32) bits. */
    void unpackLsb(byte[] src, int srcOff, int bitWidth, int[] dst, int dstOff, int count);

    /** Unpacks {@code count} LSB-first values of {@code bitWidth} (0..64) bits. */
    void unpackLsb(byte[] src, int srcOff, int bitWidth, long[] dst, int dstOff, int count);

    /** Unpacks {@code count} MSB-first values of {@code bitWidth} (0..32) bits. */
    void unpackMsb(byte[] src, int srcOff, int bitWidth, int[] dst, int dstOff, int count);

    /** Unpacks {@code count} MSB-first values of {@code bitWidth} (0..64) bits. */
    void unpackMsb(byte[] src, int srcOff, int bitWidth, long[] dst, int dstOff, int count);

    /** Packs the low {@code bitWidth} (0..32) bits of {@code count} values LSB-first; returns bytes written. */
    int packLsb(int[] src, int srcOff, int count, int bitWidth, byte[] dst, int dstOff);

    /** Packs the low {@code bitWidth} (0..64) bits of {@code count} values LSB-first; returns bytes written. */
    int packLsb(long[] src, int srcOff, int count, int bitWidth, byte[] dst, int dstOff);

    /** Packs the low {@code bitWidth} (0..32) bits of {@code count} values MSB-first; returns bytes written. */
    int packMsb(int[] src, int srcOff, int count, int bitWidth, byte[] dst, int dstOff);

    /** Packs the low {@code bitWidth} (0..64) bits of {@code count} values MSB-first; returns bytes written. */
    int packMsb(long[] src, int srcOff, int count, int bitWidth, byte[] dst, int dstOff);

    // ---- delta decoding ------------------------------------------------------------------------

    /**
     * In place: {@code v[i] = v[i-1] + minDelta + v[i]} for {@code i} in {@code [off, off+len)} with
     * {@code v[off-1]} taken as {@code previous} (wrapping int arithmetic). Returns the last value (or
     * {@code previous} when {@code len == 0}).
     */
    int prefixSum(int[] values, int off, int len, int previous, int minDelta);

    /** The {@code long} form of {@link #prefixSum(int[], int, int, int, int)}. */
    long prefixSum(long[] values, int off, int len, long previous, long minDelta);

    /**
     * A delta block in one call: unpacks {@code count} deltas of {@code bitWidth} (0..64) bits,
     * MSB-first when {@code msbFirst} else LSB-first, from {@code src} and prefix-sums them into {@code
     * dst} with wrapping 64-bit arithmetic, exactly as {@link #unpackMsb(byte[], int, int, long[], int,
     * int)} (or {@code unpackLsb}) followed by {@link #prefixSum(long[], int, int, long, long)} would.
     * Returns the last value ({@code previous} when {@code count == 0}).
     *
     * <p>{@code srcEnd} is the end (exclusive) of the caller's input slice, at or after the end of
     * the packed deltas. Vector loads may read bytes after the packed deltas but never at or past
     * {@code srcEnd}, so a 32-value miniblock inside a page needs no scalar tail; those bytes never
     * influence the result.
     */
    long unpackPrefixSum(
            byte[] src,
            int srcOff,
            int srcEnd,
            int bitWidth,
            boolean msbFirst,
            long[] dst,
            int dstOff,
            int count,
            long previous,
            long minDelta);

    /**
     * The {@code int} form of {@link #unpackPrefixSum(byte[], int, int, int, boolean, long[], int, int,
     * long, long)} for INT32 delta blocks (Parquet DELTA_BINARY_PACKED INT32, TsFile TS_2DIFF INT32):
     * unpacks {@code count} deltas of {@code bitWidth} (0..32) bits and prefix-sums them into {@code
     * dst} with wrapping 32-bit arithmetic, exactly as {@link #unpackLsb(byte[], int, int, int[], int,
     * int)} (or {@code unpackMsb}) followed by {@link #prefixSum(int[], int, int, int, int)} would.
     * Returns the last value ({@code previous} when {@code count == 0}). {@code srcEnd} bounds vector
     * loads as in the {@code long} form.
     */
    int unpackPrefixSum(
            byte[] src,
            int srcOff,
            int srcEnd,
            int bitWidth,
            boolean msbFirst,
            int[] dst,
            int dstOff,
            int count,
            int previous,
            int minDelta);

    /**
     * The bit-width-0 case of a delta block: {@code v[off+i] = previous + (i + 1) * step}, with no
     * dependency chain. Returns the last value.
     */
    int fillArithmetic(int[] values, int off, int len, int previous, int step);

    /** The {@code long} form of {@link #fillArithmetic(int[], int, int, int, int)}. */
    long fillArithmetic(long[] values, int off, int len, long previous, long step);

    /**
     * Decodes one whole block of LSB-first miniblocks (Parquet DELTA_BINARY_PACKED INT64): {@code
     * miniblocks} miniblocks of {@code miniblockSize} (a multiple of 32) deltas each, miniblock k of
     * bit width {@code src[widthsPos + k]} (0..64, checked by the caller, as is the presence of all
     * packed bytes) with their packed bytes back to back from {@code packedPos}. The result equals
     * {@link #unpackPrefixSum(byte[], int, int, int, boolean, long[], int, int, long, long)} (or, for
     * width 0, {@link #fillArithmetic(long[], int, int, long, long)}) called per miniblock, in order,
     * into {@code dst[dstOff, dstOff + miniblocks * miniblockSize)}; returns the last value. Loads may
     * run up to {@code srcEnd}. One call per block lets an implementation keep its running value and
     * per-block constants across miniblocks.
     */
    default long unpackPrefixSumBlock(
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
        int p = packedPos;
        int o = dstOff;
        for (int k = 0; k < miniblocks; k++, o += miniblockSize) {
            int w = src[widthsPos + k] & 0xFF;
            previous = w == 0
                    ? fillArithmetic(dst, o, miniblockSize, previous, minDelta)
                    : unpackPrefixSum(src, p, srcEnd, w, false, dst, o, miniblockSize, previous, minDelta);
            p += (miniblockSize >>> 3) * w;
        }
        return previous;
    }

    // ---- BYTE_STREAM_SPLIT ---------------------------------------------------------------------
    // Stream k (k < width) holds byte k (little-endian) of every value and starts at srcOff + k * stride.

    /** Joins 2-byte values from two streams. */
    void bssDecode(byte[] src, int srcOff, int stride, short[] dst, int dstOff, int count);

    /** Joins 4-byte values from four streams. */
    void bssDecode(byte[] src, int srcOff, int stride, int[] dst, int dstOff, int count);

    /** Joins 8-byte values from eight streams. */
    void bssDecode(byte[] src, int srcOff, int stride, long[] dst, int dstOff, int count);

    /** Joins 4-byte values as floats (raw bits kept, NaN payloads included). */
    void bssDecode(byte[] src, int srcOff, int stride, float[] dst, int dstOff, int count);

    /** Joins 8-byte values as doubles (raw bits kept). */
    void bssDecode(byte[] src, int srcOff, int stride, double[] dst, int dstOff, int count);

    /** Joins {@code width}-byte values into consecutive bytes of {@code dst}. */
    void bssDecode(byte[] src, int srcOff, int stride, int width, byte[] dst, int dstOff, int count);

    /** Splits 2-byte values into two streams at {@code dstOff + k * stride}. */
    void bssEncode(short[] src, int srcOff, int count, byte[] dst, int dstOff, int stride);

    /** Splits 4-byte values into four streams. */
    void bssEncode(int[] src, int srcOff, int count, byte[] dst, int dstOff, int stride);

    /** Splits 8-byte values into eight streams. */
    void bssEncode(long[] src, int srcOff, int count, byte[] dst, int dstOff, int stride);

    /** Splits floats (raw bits) into four streams. */
    void bssEncode(float[] src, int srcOff, int count, byte[] dst, int dstOff, int stride);

    /** Splits doubles (raw bits) into eight streams. */
    void bssEncode(double[] src, int srcOff, int count, byte[] dst, int dstOff, int stride);

    /** Splits {@code count} consecutive {@code width}-byte values into {@code width} streams. */
    void bssEncode(byte[] src, int srcOff, int width, int count, byte[] dst, int dstOff, int stride);

    // ---- fixed-width values with a byte order --------------------------------------------------

    /** Reads {@code count} 4-byte little-endian ints. */
    void readIntsLE(byte[] src, int srcOff, int[] dst, int dstOff, int count);

    /** Reads {@code count} 8-byte little-endian longs. */
    void readLongsLE(byte[] src, int srcOff, long[] dst, int dstOff, int count);

    /** Reads {@code count} 4-byte big-endian ints (a byte swap on little-endian machines). */
    void readIntsBE(byte[] src, int srcOff, int[] dst, int dstOff, int count);

    /** Reads {@code count} 8-byte big-endian longs. */
    void readLongsBE(byte[] src, int srcOff, long[] dst, int dstOff, int count);

    /** Reads little-endian floats, raw bits kept. */
    void readFloatsLE(byte[] src, int srcOff, float[] dst, int dstOff, int count);

    /** Reads little-endian doubles, raw bits kept. */
    void readDoublesLE(byte[] src, int srcOff, double[] dst, int dstOff, int count);

    /** Reads big-endian floats, raw bits kept. */
    void readFloatsBE(byte[] src, int srcOff, float[] dst, int dstOff, int count);

    /** Reads big-endian doubles, raw bits kept. */
    void readDoublesBE(byte[] src, int srcOff, double[] dst, int dstOff, int count);

    void writeIntsLE(int[] src, int srcOff, int count, byte[] dst, int dstOff);

    void writeLongsLE(long[] src, int srcOff, int count, byte[] dst, int dstOff);

    void writeIntsBE(int[] src, int srcOff, int count, byte[] dst, int dstOff);

    void writeLongsBE(long[] src, int srcOff, int count, byte[] dst, int dstOff);

    void writeFloatsLE(float[] src, int srcOff, int count, byte[] dst, int dstOff);

    void writeDoublesLE(double[] src, int srcOff, int count, byte[] dst, int dstOff);

    void writeFloatsBE(float[] src, int srcOff, int count, byte[] dst, int dstOff);

    void writeDoublesBE(double[] src, int srcOff, int count, byte[] dst, int dstOff);

    // ---- booleans ------------------------------------------------------------------------------

    /**
     * Unpacks {@code count} booleans, 8 per byte LSB-first, starting at bit {@code bitOff} (0..7) of
     * {@code src[srcOff]}.
     */
    void unpackBooleans(byte[] src, int srcOff, int bitOff, boolean[] dst, int dstOff, int count);

    /** Packs {@code count} booleans LSB-first from bit 0 of {@code dst[dstOff]}; returns bytes written. */
    int packBooleans(boolean[] src, int srcOff, int count, byte[] dst, int dstOff);

    // ---- runs of one byte value ----------------------------------------------------------------

    /** The smallest {@code minRun} {@link #findByteRun} takes. */
    int MIN_BYTE_RUN = 32;

    /**
     * The first run of one byte value that has at least {@code minRun} bytes in {@code src[from, to)}:
     * returns its start, the smallest {@code s >= from} such that {@code src[s, s + minRun)} is one value,
     * {@code s + minRun <= to}, and {@code s == from} or {@code src[s - 1] != src[s]}; -1 if there is none
     * (also when {@code to - from < minRun}). Every implementation returns the same; they read only
     * {@code src[from, to)}. Used to find the runs an LZ4 literal run makes matches of.
     *
     * @throws IllegalArgumentException if {@code minRun < MIN_BYTE_RUN}
     */
    int findByteRun(byte[] src, int from, int to, int minRun);

    // ---- dictionary gather ---------------------------------------------------------------------
    // dst[dstOff + i] = dict[ids[idsOff + i]]; an id outside [0, dictSize) throws
    // dev.colcodec.CorruptInputException (offset = index of the id within the batch).

    void gather(int[] dict, int dictSize, int[] ids, int idsOff, int[] dst, int dstOff, int count);

    void gather(long[] dict, int dictSize, int[] ids, int idsOff, long[] dst, int dstOff, int count);

    void gather(float[] dict, int dictSize, int[] ids, int idsOff, float[] dst, int dstOff, int count);

    void gather(double[] dict, int dictSize, int[] ids, int idsOff, double[] dst, int dstOff, int count);

    // ---- dictionary-encoded runs ---------------------------------------------------------------

    /**
     * How many bytes before {@code loadEnd} a run must end for {@link #decodeDictionaryRuns(byte[], int,
     * int, int, int, int[], int[], int, int)} to take it: room for vector loads past the run.
     */
    int DICTIONARY_RUN_SLACK = 80;

    /**
     * Decodes whole runs of a Parquet RLE/bit-packing hybrid section of dictionary ids (ids of {@code
     * bitWidth}, 1..32, bits; one-byte run headers) and writes their entries: starting with the run header
     * at {@code src[pos]}, each run's values go to {@code dst} from {@code dstOff} on, at most {@code len}
     * of them. It stops before the first run that
     *
     * <ul>
     *   <li>has a header of more than one byte,
     *   <li>holds more values than are left of {@code len},
     *   <li>ends after {@code srcEnd} or less than {@link #DICTIONARY_RUN_SLACK} bytes before {@code
     *       loadEnd}, or
     *   <li>holds an id that is not below {@code dict.length}
     * </ul>
     *
     * leaving that run (and its errors) to the caller. Returns {@code (valuesWritten << 32) | position},
     * the position being that of the first run not taken. Loads stay below {@code loadEnd} (at most {@code
     * src.length}); {@code dst[dstOff + valuesWritten, dstOff + len)} may be overwritten with entries that
     * mean nothing (the caller writes them later), nothing after it. Every implementation stops at the same
     * run and writes the same first {@code valuesWritten} values.
     */
    long decodeDictionaryRuns(
            byte[] src, int pos, int srcEnd, int loadEnd, int bitWidth, int[] dict, int[] dst, int dstOff, int len);

    /**
     * The {@code long} form of {@link #decodeDictionaryRuns(byte[], int, int, int, int, int[], int[], int,
     * int)}, for INT64 dictionaries.
     */
    long decodeDictionaryRuns(
            byte[] src, int pos, int srcEnd, int loadEnd, int bitWidth, long[] dict, long[] dst, int dstOff, int len);

    // ---- delta encoding ------------------------------------------------------------------------

    /**
     * The first pass of a DELTA_BINARY_PACKED block: {@code deltas[i] = src[srcOff + i] - src[srcOff + i
     * - 1]} (wrapping int arithmetic) for {@code i} in {@code [0, count)}, with {@code src[srcOff - 1]}
     * taken as {@code previous}. The deltas form miniblocks of {@code miniblockSize} (at least 1) values,
     * the last one possibly shorter; the largest delta of miniblock {@code j} goes to {@code
     * miniblockMax[j]}. Returns the smallest delta ({@link Integer#MAX_VALUE} when {@code count == 0}).
     */
    int deltaBlock(int[] src, int srcOff, int count, int previous, int miniblockSize, int[] deltas, int[] miniblockMax);

    /** The {@code long} form of {@link #deltaBlock(int[], int, int, int, int, int[], int[])}. */
    long deltaBlock(
            long[] src, int srcOff, int count, long previous, int miniblockSize, long[] deltas, long[] miniblockMax);

    // ---- batch statistics ----------------------------------------------------------------------

    /** The most strips {@link #serialSums} adds at once. */
    int MAX_SUM_LANES = 8;

    /**
     * The least and greatest of {@code src[off, off + len)}, each value taken as {@code src[i] ^ flip} and
     * compared signed, combined with what {@code minMax} holds: {@code minMax[0]} becomes the smaller of
     * itself and that least, {@code minMax[1]} the larger of itself and that greatest ({@code len == 0}
     * leaves both). {@code flip} 0 is the signed order; {@link Long#MIN_VALUE} is the unsigned order of the
     * values, the results being flipped values. Writers' statistics take a batch of values at a time here.
     */
    void minMax(long[] src, int off, int len, long flip, long[] minMax);

    /** The {@code int} form of {@link #minMax(long[], int, int, long, long[])}. */
    void minMax(int[] src, int off, int len, int flip, int[] minMax);

    /**
     * Serial double sums of {@code lanes} (1 to {@link #MAX_SUM_LANES}) strips of {@code src}, {@code
     * stride} apart: for each lane {@code l}, {@code sums[l] += src[off + l * stride + i]} (the long
     * converted to double, then added) for {@code i} from 0 to {@code len - 1} in that order, so each sum is
     * bit for bit the one a loop over its strip alone gives. TsFile's INT64 statistics sum a page's values
     * that way; the lanes (consecutive pages) overlap their additions instead of waiting for each other.
     *
     * @throws IllegalArgumentException unless {@code 1 <= lanes <= MAX_SUM_LANES}
     */
    void serialSums(long[] src, int off, int stride, int lanes, int len, double[] sums);

    /**
     * The least and greatest of the values of {@code src[off, off + len)} that are not NaN, combined with
     * what {@code minMax} holds: {@code minMax[0]} becomes the least of itself and those values, {@code
     * minMax[1]} the greatest, in numeric order ({@code <}, {@code >}). NaN values of {@code src} are left
     * out, and a NaN already in {@code minMax} stays. Where a bound comes out as a zero, which zero it is
     * (-0.0 or 0.0, among the values and the bound passed in) is not specified, and kernel sets may
     * differ: a caller that writes the sign settles it (TsFile keeps the first zero, Parquet writes -0.0
     * and 0.0). Passing {@code {+Infinity, -Infinity}} gives a batch's own bounds; they stay so when it
     * has no value other than NaN. Writers' FLOAT and DOUBLE statistics take a batch at a time here.
     */
    void minMax(double[] src, int off, int len, double[] minMax);

    /** The {@code float} form of {@link #minMax(double[], int, int, double[])}. */
    void minMax(float[] src, int off, int len, float[] minMax);

    /**
     * {@link #serialSums(long[], int, int, int, int, double[])} of {@code double} values: for each lane
     * {@code l}, {@code sums[l] += src[off + l * stride + i]} for {@code i} from 0 to {@code len - 1} in
     * that order, as TsFile's DOUBLE statistics sum a page. A NaN sum is some NaN: which payload an
     * addition of NaN gives is the JIT's choice, in Java's loops as in these.
     *
     * @throws IllegalArgumentException unless {@code 1 <= lanes <= MAX_SUM_LANES}
     */
    void serialSums(double[] src, int off, int stride, int lanes, int len, double[] sums);

    /**
     * {@link #serialSums(double[], int, int, int, int, double[])} of {@code float} values, each widened to
     * {@code double} before it is added, as TsFile's FLOAT statistics sum a page.
     *
     * @throws IllegalArgumentException unless {@code 1 <= lanes <= MAX_SUM_LANES}
     */
    void serialSums(float[] src, int off, int stride, int lanes, int len, double[] sums);
}
