package dev.colcodec.format.tsfile;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.ByteCursor;
import dev.colcodec.io.ByteSink;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.TsDataType;
import java.util.Arrays;

/**
 * The statistics TsFile 2.4.0 keeps per page, chunk and series: {@code uvarint count, int64 BE
 * startTime, int64 BE endTime} then a type-specific part. One mutable class for every type, so
 * readers can reuse an instance; the fields that do not apply to a type stay zero/null.
 *
 * <ul>
 *   <li>BOOLEAN: first, last (1 byte each), sum int64 (in {@link #firstLong}, {@link #lastLong}, {@link #sumLong})
 *   <li>INT32/DATE: min, max, first, last int32, sum int64 (longs; sum in {@link #sumLong})
 *   <li>INT64/TIMESTAMP: min, max, first, last int64, sum double (longs; sum in {@link #sumDouble})
 *   <li>FLOAT: four float32 and a double sum; DOUBLE: five doubles (doubles)
 *   <li>TEXT: first, last; STRING: first, last, min, max (int32 length + bytes); BLOB and VECTOR: nothing
 * </ul>
 */
public final class TsStatistics {
    private TsDataType type;
    /** Number of (non-null) values. */
    public int count;

    /** Time of the first value; {@code Long.MAX_VALUE} while empty (as TsFile writes empty statistics). */
    public long startTime = Long.MAX_VALUE;
    /** Time of the last value; {@code Long.MIN_VALUE} while empty. */
    public long endTime = Long.MIN_VALUE;

    public long minLong;
    public long maxLong;
    public long firstLong;
    public long lastLong;
    /** INT32/DATE and BOOLEAN sum. */
    public long sumLong;

    public double minDouble;
    public double maxDouble;
    public double firstDouble;
    public double lastDouble;
    /** INT64/TIMESTAMP, FLOAT and DOUBLE sum. */
    public double sumDouble;

    public byte[] firstBinary;
    public byte[] lastBinary;
    public byte[] minBinary;
    public byte[] maxBinary;

    /** Empty statistics of {@code type} (a data type as stored in a chunk header; VECTOR for time chunks). */
    public TsStatistics(TsDataType type) {
        this.type = type;
        checkSupported(type);
    }

    private static void checkSupported(TsDataType type) {
        if (type == TsDataType.UNKNOWN) {
            throw new IllegalArgumentException("no TsFile statistics for " + type);
        }
    }

    public TsDataType type() {
        return type;
    }

    /** Statistics of {@code type} read from {@code in}; truncation or impossible values give {@link CorruptInputException}. */
    public static TsStatistics read(TsDataType type, ByteCursor in) {
        if (type == TsDataType.UNKNOWN) {
            throw new CorruptInputException(in.position(), "statistics of a supported data type (got " + type + ")");
        }
        TsStatistics s = new TsStatistics(type);
        s.readFrom(in);
        return s;
    }

    /** Replaces this instance's content with the statistics at {@code in}'s position. */
    public void readFrom(ByteCursor in) {
        int start = in.position();
        count = in.readCount(Integer.MAX_VALUE, "statistics count");
        startTime = in.readLongBE("statistics start time");
        endTime = in.readLongBE("statistics end time");
        switch (type) {
            case BOOLEAN:
                firstLong = readBool(in);
                lastLong = readBool(in);
                sumLong = in.readLongBE("boolean statistics sum");
                break;
            case INT32:
            case DATE:
                minLong = in.readIntBE("int32 statistics min");
                maxLong = in.readIntBE("int32 statistics max");
                firstLong = in.readIntBE("int32 statistics first");
                lastLong = in.readIntBE("int32 statistics last");
                sumLong = in.readLongBE("int32 statistics sum");
                break;
            case INT64:
            case TIMESTAMP:
                minLong = in.readLongBE("int64 statistics min");
                maxLong = in.readLongBE("int64 statistics max");
                firstLong = in.readLongBE("int64 statistics first");
                lastLong = in.readLongBE("int64 statistics last");
                sumDouble = Double.longBitsToDouble(in.readLongBE("int64 statistics sum"));
                break;
            case FLOAT:
                minDouble = Float.intBitsToFloat(in.readIntBE("float statistics min"));
                maxDouble = Float.intBitsToFloat(in.readIntBE("float statistics max"));
                firstDouble = Float.intBitsToFloat(in.readIntBE("float statistics first"));
                lastDouble = Float.intBitsToFloat(in.readIntBE("float statistics last"));
                sumDouble = Double.longBitsToDouble(in.readLongBE("float statistics sum"));
                break;
            case DOUBLE:
                minDouble = Double.longBitsToDouble(in.readLongBE("double statistics min"));
                maxDouble = Double.longBitsToDouble(in.readLongBE("double statistics max"));
                firstDouble = Double.longBitsToDouble(in.readLongBE("double statistics first"));
                lastDouble = Double.longBitsToDouble(in.readLongBE("double statistics last"));
                sumDouble = Double.longBitsToDouble(in.readLongBE("double statistics sum"));
                break;
            case TEXT:
                firstBinary = readBinary(in, "text statistics first");
                lastBinary = readBinary(in, "text statistics last");
                break;
            case STRING:
                firstBinary = readBinary(in, "string statistics first");
                lastBinary = readBinary(in, "string statistics last");
                minBinary = readBinary(in, "string statistics min");
                maxBinary = readBinary(in, "string statistics max");
                break;
            case BLOB:
            case OBJECT: // as tsfile 2.4.0 writes OBJECT statistics: the count and time range only
            case VECTOR:
                break;
            default:
                throw new CorruptInputException(start, "statistics of a supported data type (got " + type + ")");
        }
    }

    private static int readBool(ByteCursor in) {
        int p = in.position();
        int b = in.readUnsignedByte("boolean statistics value");
        if (b > 1) {
            throw new CorruptInputException(p, "a boolean byte 0 or 1 (got " + b + ")");
        }
        return b;
    }

    private static byte[] readBinary(ByteCursor in, String what) {
        int p = in.position();
        int n = in.readIntBE(what + " length");
        if (n < 0) {
            throw new CorruptInputException(p, what + " length >= 0 (got " + n + ")");
        }
        int at = in.skip(n, what);
        return Arrays.copyOfRange(in.buffer(), at, at + n);
    }

    /** Appends the serialized form, exactly as TsFile 2.4.0 writes it. */
    public void writeTo(ByteSink out) {
        out.writeUnsignedVarInt(count);
        out.writeLongBE(startTime);
        out.writeLongBE(endTime);
        switch (type) {
            case BOOLEAN:
                out.write(firstLong != 0 ? 1 : 0);
                out.write(lastLong != 0 ? 1 : 0);
                out.writeLongBE(sumLong);
                break;
            case INT32:
            case DATE:
                out.writeIntBE((int) minLong);
                out.writeIntBE((int) maxLong);
                out.writeIntBE((int) firstLong);
                out.writeIntBE((int) lastLong);
                out.writeLongBE(sumLong);
                break;
            case INT64:
            case TIMESTAMP:
                out.writeLongBE(minLong);
                out.writeLongBE(maxLong);
                out.writeLongBE(firstLong);
                out.writeLongBE(lastLong);
                out.writeLongBE(Double.doubleToLongBits(sumDouble));
                break;
            case FLOAT:
                out.writeIntBE(Float.floatToIntBits((float) minDouble));
                out.writeIntBE(Float.floatToIntBits((float) maxDouble));
                out.writeIntBE(Float.floatToIntBits((float) firstDouble));
                out.writeIntBE(Float.floatToIntBits((float) lastDouble));
                out.writeLongBE(Double.doubleToLongBits(sumDouble));
                break;
            case DOUBLE:
                out.writeLongBE(Double.doubleToLongBits(minDouble));
                out.writeLongBE(Double.doubleToLongBits(maxDouble));
                out.writeLongBE(Double.doubleToLongBits(firstDouble));
                out.writeLongBE(Double.doubleToLongBits(lastDouble));
                out.writeLongBE(Double.doubleToLongBits(sumDouble));
                break;
            case TEXT:
                writeBinary(out, firstBinary);
                writeBinary(out, lastBinary);
                break;
            case STRING:
                writeBinary(out, firstBinary);
                writeBinary(out, lastBinary);
                writeBinary(out, minBinary);
                writeBinary(out, maxBinary);
                break;
            default:
                break;
        }
    }

    private static void writeBinary(ByteSink out, byte[] b) {
        byte[] v = b == null ? new byte[0] : b;
        out.writeIntBE(v.length);
        out.write(v, 0, v.length);
    }

    /** Whether a value with time in {@code [min, max]} may be covered: {@code startTime <= max && endTime >= min}. */
    public boolean overlaps(long min, long max) {
        return count > 0 && startTime <= max && endTime >= min;
    }

    // ---- accumulation (writers) ----

    /** Resets to empty. */
    public void clear() {
        count = 0;
        startTime = Long.MAX_VALUE;
        endTime = Long.MIN_VALUE;
        minLong = maxLong = firstLong = lastLong = sumLong = 0;
        minDouble = maxDouble = firstDouble = lastDouble = sumDouble = 0;
        firstBinary = lastBinary = minBinary = maxBinary = null;
    }

    /** Adds the times {@code t[off, off+len)} (ascending) to a time (VECTOR) statistics. */
    public void updateTimes(long[] t, int off, int len) {
        if (len == 0) {
            return;
        }
        if (count == 0) {
            startTime = t[off];
        }
        endTime = t[off + len - 1];
        count += len;
    }

    private void updateTime(long time) {
        if (count == 0) {
            startTime = time;
        }
        endTime = time;
    }

    /** Adds one INT32/DATE/INT64/TIMESTAMP/BOOLEAN value (booleans as 0/1). */
    public void updateLong(long time, long v) {
        boolean first = count == 0;
        updateTime(time);
        if (type == TsDataType.BOOLEAN) {
            if (first) {
                firstLong = v;
            }
            lastLong = v;
            sumLong += v;
            count++;
            return;
        }
        if (first) {
            minLong = maxLong = firstLong = v;
        } else {
            if (v < minLong) {
                minLong = v;
            }
            if (v > maxLong) {
                maxLong = v;
            }
        }
        lastLong = v;
        if (type == TsDataType.INT32 || type == TsDataType.DATE) {
            sumLong += v;
        } else {
            sumDouble += v;
        }
        count++;
    }

    /** As {@link #updateInts(long[], int[], int, int)} from index 0. */
    public void updateInts(long[] times, int[] v, int n) {
        updateInts(times, v, 0, n);
    }

    /** As {@link #updateLongs(long[], long[], int, int)} from index 0. */
    public void updateLongs(long[] times, long[] v, int n) {
        updateLongs(times, v, 0, n);
    }

    /** As {@link #updateBooleans(long[], boolean[], int, int)} from index 0. */
    public void updateBooleans(long[] times, boolean[] v, int n) {
        updateBooleans(times, v, 0, n);
    }

    /** As {@link #updateFloats(long[], float[], int, int)} from index 0. */
    public void updateFloats(long[] times, float[] v, int n) {
        updateFloats(times, v, 0, n);
    }

    /** As {@link #updateDoubles(long[], double[], int, int)} from index 0. */
    public void updateDoubles(long[] times, double[] v, int n) {
        updateDoubles(times, v, 0, n);
    }

    /** Adds {@code n} INT32/DATE values with their times (in order), rows {@code [off, off + n)} of both arrays. */
    public void updateInts(long[] times, int[] v, int off, int n) {
        updateInts(KernelProvider.best(), times, v, off, n);
    }

    /**
     * As {@link #updateInts(long[], int[], int, int)}, the minimum and maximum taken by {@code kernels}
     * (every kernel set gives the same).
     */
    public void updateInts(Kernels kernels, long[] times, int[] v, int off, int n) {
        if (n == 0) {
            return;
        }
        int[] batch = {v[off], v[off]};
        kernels.minMax(v, off, n, 0, batch);
        long min = count == 0 ? batch[0] : Math.min(minLong, batch[0]);
        long max = count == 0 ? batch[1] : Math.max(maxLong, batch[1]);
        long sum = sumLong;
        for (int i = off; i < off + n; i++) {
            sum += v[i];
        }
        finishBatch(times, off, n, min, max, v[off], v[off + n - 1]);
        sumLong = sum;
    }

    /** Adds {@code n} INT64/TIMESTAMP values with their times (in order), rows {@code [off, off + n)} of both arrays. */
    public void updateLongs(long[] times, long[] v, int off, int n) {
        updateLongs(KernelProvider.best(), times, v, off, n);
    }

    /**
     * As {@link #updateLongs(long[], long[], int, int)}, the minimum, maximum and sum taken by {@code
     * kernels} (every kernel set gives the same, to the bit).
     */
    public void updateLongs(Kernels kernels, long[] times, long[] v, int off, int n) {
        if (n == 0) {
            return;
        }
        double[] sum = {sumDouble};
        kernels.serialSums(v, off, 0, 1, n, sum);
        addLongs(kernels, times, v, off, n, sum[0]);
    }

    /** Adds rows {@code [off, off + n)}, whose double sum continued from {@link #sumDouble} is {@code sum}. */
    private void addLongs(Kernels kernels, long[] times, long[] v, int off, int n, double sum) {
        long[] minMax = count == 0 ? new long[] {v[off], v[off]} : new long[] {minLong, maxLong};
        kernels.minMax(v, off, n, 0, minMax);
        finishBatch(times, off, n, minMax[0], minMax[1], v[off], v[off + n - 1]);
        sumDouble = sum;
    }

    /**
     * As {@link #updateLongPages(Kernels, TsStatistics[], long[], long[], int, int, int)} with {@link
     * KernelProvider#best()}.
     */
    public static void updateLongPages(TsStatistics[] pages, long[] times, long[] v, int from, int n, int pageRows) {
        updateLongPages(KernelProvider.best(), pages, times, v, from, n, pageRows);
    }

    /**
     * Adds INT64/TIMESTAMP values page by page: {@code pages[j]} gets rows {@code [from + j * pageRows,
     * min(from + (j + 1) * pageRows, from + n))}, the same as one {@link #updateLongs(long[], long[], int,
     * int)} per page, to the bit. Each page's double sum is a serial chain of additions in row order; the
     * chains of up to {@link Kernels#MAX_SUM_LANES} pages advance together in one {@link
     * Kernels#serialSums} call, so that their additions overlap instead of waiting for each other (the
     * short last page's lane stops at its end).
     *
     * @throws IllegalArgumentException unless {@code pages.length} is {@code ceil(n / pageRows)}
     */
    public static void updateLongPages(
            Kernels kernels, TsStatistics[] pages, long[] times, long[] v, int from, int n, int pageRows) {
        updatePages(
                pages,
                times,
                v.length,
                from,
                n,
                pageRows,
                (off, stride, lanes, len, sums) -> kernels.serialSums(v, off, stride, lanes, len, sums),
                (page, off, len, sum) -> page.addLongs(kernels, times, v, off, len, sum));
    }

    /**
     * As {@link #updateLongPages(Kernels, TsStatistics[], long[], long[], int, int, int)}, for FLOAT/DOUBLE
     * pages of {@code double} values: the same as one {@link #updateDoubles(Kernels, long[], double[], int,
     * int)} per page, to the bit.
     */
    public static void updateDoublePages(
            Kernels kernels, TsStatistics[] pages, long[] times, double[] v, int from, int n, int pageRows) {
        updatePages(
                pages,
                times,
                v.length,
                from,
                n,
                pageRows,
                (off, stride, lanes, len, sums) -> kernels.serialSums(v, off, stride, lanes, len, sums),
                (page, off, len, sum) -> page.addDoubles(kernels, times, v, off, len, sum));
    }

    /**
     * As {@link #updateDoublePages}, for FLOAT pages: the same as one {@link #updateFloats(Kernels, long[],
     * float[], int, int)} per page, to the bit.
     */
    public static void updateFloatPages(
            Kernels kernels, TsStatistics[] pages, long[] times, float[] v, int from, int n, int pageRows) {
        updatePages(
                pages,
                times,
                v.length,
                from,
                n,
                pageRows,
                (off, stride, lanes, len, sums) -> kernels.serialSums(v, off, stride, lanes, len, sums),
                (page, off, len, sum) -> page.addFloats(kernels, times, v, off, len, sum));
    }

    /** One {@link Kernels#serialSums} call over the values of a page type. */
    @FunctionalInterface
    private interface PageSums {
        void sums(int off, int stride, int lanes, int len, double[] sums);
    }

    /** Adds rows {@code [off, off + len)} to {@code page}, whose double sum continued is {@code sum}. */
    @FunctionalInterface
    private interface PageAdd {
        void add(TsStatistics page, int off, int len, double sum);
    }

    /**
     * Page by page: the sums of up to {@link Kernels#MAX_SUM_LANES} pages in one call of {@code sums}, then
     * {@code add} per page (see {@link #updateLongPages(Kernels, TsStatistics[], long[], long[], int, int,
     * int)}), over a values array of {@code valuesLength}.
     */
    private static void updatePages(
            TsStatistics[] pages,
            long[] times,
            int valuesLength,
            int from,
            int n,
            int pageRows,
            PageSums sumPages,
            PageAdd add) {
        if (pageRows <= 0 || pages.length != (int) ((n + (long) pageRows - 1) / pageRows)) {
            throw new IllegalArgumentException(pages.length + " pages for " + n + " rows of " + pageRows);
        }
        java.util.Objects.checkFromIndexSize(from, n, valuesLength);
        java.util.Objects.checkFromIndexSize(from, n, times.length);
        double[] sums = new double[Kernels.MAX_SUM_LANES];
        for (int j = 0; j < pages.length; j += Kernels.MAX_SUM_LANES) {
            int lanes = Math.min(Kernels.MAX_SUM_LANES, pages.length - j);
            int base = from + j * pageRows;
            for (int l = 0; l < lanes; l++) {
                sums[l] = pages[j + l].startingSum();
            }
            // every page of the group has pageRows rows but the last page of the call (computed without
            // going past from + n, which an int may not hold beyond)
            int last = j + lanes == pages.length ? from + n - (base + (lanes - 1) * pageRows) : pageRows;
            sumPages.sums(base, pageRows, lanes, last, sums);
            if (last < pageRows && lanes > 1) {
                // the last page has ended: the others go on
                sumPages.sums(base + last, pageRows, lanes - 1, pageRows - last, sums);
            }
            for (int l = 0; l < lanes; l++) {
                int len = l == lanes - 1 ? last : pageRows;
                add.add(pages[j + l], base + l * pageRows, len, sums[l]);
            }
        }
    }

    /**
     * The sum the next value is added to: {@link #sumDouble}, but -0.0 for FLOAT/DOUBLE statistics without
     * values (tsfile's sum starts at the first value: -0.0 + v is v, also for v = -0.0, where 0.0 + -0.0
     * is 0.0).
     */
    private double startingSum() {
        return count == 0 && (type.storageType() == TsDataType.FLOAT || type.storageType() == TsDataType.DOUBLE)
                ? -0.0
                : sumDouble;
    }

    /** Adds {@code n} BOOLEAN values with their times (in order), rows {@code [off, off + n)} of both arrays. */
    public void updateBooleans(long[] times, boolean[] v, int off, int n) {
        if (n == 0) {
            return;
        }
        long sum = sumLong;
        for (int i = off; i < off + n; i++) {
            sum += v[i] ? 1 : 0;
        }
        if (count == 0) {
            firstLong = v[off] ? 1 : 0;
            startTime = times[off];
        }
        lastLong = v[off + n - 1] ? 1 : 0;
        endTime = times[off + n - 1];
        sumLong = sum;
        count += n;
    }

    private void finishBatch(long[] times, int off, int n, long min, long max, long first, long last) {
        if (count == 0) {
            firstLong = first;
            startTime = times[off];
        }
        minLong = min;
        maxLong = max;
        lastLong = last;
        endTime = times[off + n - 1];
        count += n;
    }

    /** Adds {@code n} FLOAT values with their times (in order), rows {@code [off, off + n)} of both arrays. */
    public void updateFloats(long[] times, float[] v, int off, int n) {
        updateFloats(KernelProvider.best(), times, v, off, n);
    }

    /**
     * As {@link #updateFloats(long[], float[], int, int)}, the bounds and sum taken by {@code kernels}
     * (every kernel set gives the same, to the bit).
     */
    public void updateFloats(Kernels kernels, long[] times, float[] v, int off, int n) {
        if (n == 0) {
            return;
        }
        double[] sum = {startingSum()};
        kernels.serialSums(v, off, 0, 1, n, sum);
        addFloats(kernels, times, v, off, n, sum[0]);
    }

    /** Adds {@code n} DOUBLE values with their times (in order), rows {@code [off, off + n)} of both arrays. */
    public void updateDoubles(long[] times, double[] v, int off, int n) {
        updateDoubles(KernelProvider.best(), times, v, off, n);
    }

    /**
     * As {@link #updateDoubles(long[], double[], int, int)}, the bounds and sum taken by {@code kernels}
     * (every kernel set gives the same, to the bit).
     */
    public void updateDoubles(Kernels kernels, long[] times, double[] v, int off, int n) {
        if (n == 0) {
            return;
        }
        double[] sum = {startingSum()};
        kernels.serialSums(v, off, 0, 1, n, sum);
        addDoubles(kernels, times, v, off, n, sum[0]);
    }

    /*
     * tsfile's bounds, value by value: the first value starts both (a NaN first value stays, as nothing
     * compares below or above it), and a later value replaces a bound it is strictly below (above). So a
     * bound is the batch's least (greatest) non-NaN value when that is strictly below (above) the bound,
     * and of two zeros the first: the kernels' bounds are taken numerically, and a zero bound from the
     * batch is the batch's first zero (a zero replaces only a bound above (below) zero, and the first zero
     * seen is then the bound for good).
     */

    /** Adds rows {@code [off, off + n)} of DOUBLE values, whose sum continued is {@code sum}. */
    private void addDoubles(Kernels kernels, long[] times, double[] v, int off, int n, double sum) {
        double[] b = {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
        kernels.minMax(v, off, n, b);
        double min = count == 0 ? v[off] : minDouble;
        double max = count == 0 ? v[off] : maxDouble;
        if (b[0] < min) {
            min = b[0] == 0 ? firstZero(v, off) : b[0];
        }
        if (b[1] > max) {
            max = b[1] == 0 ? firstZero(v, off) : b[1];
        }
        finishBatch(times, off, n, min, max, v[off], v[off + n - 1], sum);
    }

    /** As {@link #addDoubles} for FLOAT values (widened to double, as tsfile keeps them). */
    private void addFloats(Kernels kernels, long[] times, float[] v, int off, int n, double sum) {
        float[] b = {Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY};
        kernels.minMax(v, off, n, b);
        double min = count == 0 ? v[off] : minDouble;
        double max = count == 0 ? v[off] : maxDouble;
        if (b[0] < min) {
            min = b[0] == 0 ? firstZero(v, off) : b[0];
        }
        if (b[1] > max) {
            max = b[1] == 0 ? firstZero(v, off) : b[1];
        }
        finishBatch(times, off, n, min, max, v[off], v[off + n - 1], sum);
    }

    /** The first zero (of either sign) of {@code v} from {@code off}, which holds one. */
    private static double firstZero(double[] v, int off) {
        int i = off;
        while (v[i] != 0) {
            i++;
        }
        return v[i];
    }

    private static double firstZero(float[] v, int off) {
        int i = off;
        while (v[i] != 0) {
            i++;
        }
        return v[i];
    }

    private void finishBatch(
            long[] times, int off, int n, double min, double max, double first, double last, double sum) {
        if (count == 0) {
            firstDouble = first;
            startTime = times[off];
        }
        minDouble = min;
        maxDouble = max;
        lastDouble = last;
        sumDouble = sum;
        endTime = times[off + n - 1];
        count += n;
    }

    /** Adds one FLOAT/DOUBLE value (a float widened to double). */
    public void updateDouble(long time, double v) {
        boolean first = count == 0;
        updateTime(time);
        if (first) {
            minDouble = maxDouble = firstDouble = v;
        } else {
            if (v < minDouble) {
                minDouble = v;
            }
            if (v > maxDouble) {
                maxDouble = v;
            }
        }
        lastDouble = v;
        sumDouble = first ? v : sumDouble + v; // as tsfile: the sum starts at the first value
        count++;
    }

    /** Adds one TEXT/STRING/BLOB value (not copied: callers pass arrays they no longer change). */
    public void updateBinary(long time, byte[] v) {
        boolean first = count == 0;
        updateTime(time);
        if (type != TsDataType.BLOB) {
            if (first) {
                firstBinary = v;
                minBinary = v;
                maxBinary = v;
            } else if (type == TsDataType.STRING) {
                if (Arrays.compareUnsigned(v, minBinary) < 0) {
                    minBinary = v;
                }
                if (Arrays.compareUnsigned(v, maxBinary) > 0) {
                    maxBinary = v;
                }
            }
            lastBinary = v;
        }
        count++;
    }

    /**
     * Gives the TEXT/STRING first, last, min and max their own copies, so that these statistics no longer
     * share arrays with the values they were updated with (which a caller may refill).
     */
    public void copyBinaries() {
        firstBinary = firstBinary == null ? null : firstBinary.clone();
        lastBinary = lastBinary == null ? null : lastBinary.clone();
        minBinary = minBinary == null ? null : minBinary.clone();
        maxBinary = maxBinary == null ? null : maxBinary.clone();
    }

    /** Merges {@code o} (later in time) into this. */
    public void merge(TsStatistics o) {
        if (o.count == 0) {
            return;
        }
        if (count == 0) {
            copyFrom(o);
            return;
        }
        endTime = o.endTime;
        count += o.count;
        minLong = Math.min(minLong, o.minLong);
        maxLong = Math.max(maxLong, o.maxLong);
        lastLong = o.lastLong;
        sumLong += o.sumLong;
        // compared as tsfile merges them (and as values are added): a NaN or -0.0 bound of the later
        // statistics does not replace this one's, unlike Math.min / Math.max
        if (o.minDouble < minDouble) {
            minDouble = o.minDouble;
        }
        if (o.maxDouble > maxDouble) {
            maxDouble = o.maxDouble;
        }
        lastDouble = o.lastDouble;
        sumDouble += o.sumDouble;
        lastBinary = o.lastBinary;
        if (type == TsDataType.STRING) {
            if (Arrays.compareUnsigned(o.minBinary, minBinary) < 0) {
                minBinary = o.minBinary;
            }
            if (Arrays.compareUnsigned(o.maxBinary, maxBinary) > 0) {
                maxBinary = o.maxBinary;
            }
        }
    }

    /** Copies every field of {@code o} (same type) into this. */
    public void copyFrom(TsStatistics o) {
        type = o.type;
        count = o.count;
        startTime = o.startTime;
        endTime = o.endTime;
        minLong = o.minLong;
        maxLong = o.maxLong;
        firstLong = o.firstLong;
        lastLong = o.lastLong;
        sumLong = o.sumLong;
        minDouble = o.minDouble;
        maxDouble = o.maxDouble;
        firstDouble = o.firstDouble;
        lastDouble = o.lastDouble;
        sumDouble = o.sumDouble;
        firstBinary = o.firstBinary;
        lastBinary = o.lastBinary;
        minBinary = o.minBinary;
        maxBinary = o.maxBinary;
    }
}
