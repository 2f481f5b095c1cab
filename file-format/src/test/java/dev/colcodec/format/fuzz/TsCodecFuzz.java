package dev.colcodec.format.fuzz;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.ByteSink;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import dev.colcodec.tsfile.TsFileValues;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesReader;
import dev.colcodec.values.BinaryValuesWriter;
import dev.colcodec.values.BinaryViewsReader;
import dev.colcodec.values.BooleanValuesReader;
import dev.colcodec.values.BooleanValuesWriter;
import dev.colcodec.values.DoubleValuesReader;
import dev.colcodec.values.DoubleValuesWriter;
import dev.colcodec.values.FloatValuesReader;
import dev.colcodec.values.FloatValuesWriter;
import dev.colcodec.values.IntValuesReader;
import dev.colcodec.values.IntValuesWriter;
import dev.colcodec.values.LongValuesReader;
import dev.colcodec.values.LongValuesWriter;
import dev.colcodec.values.ValuesReader;
import dev.colcodec.values.ValuesWriter;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * TsFile pages, codec by codec, against tsfile 2.4.0: every (encoding, type) pair colcodec supports.
 *
 * <p>{@link Mode#VALUES}: one to four pages through one reused colcodec writer and reader. (A) colcodec
 * reads tsfile's page by count (per value, in batches, with skips, inside a larger buffer) and, where
 * tsfile reads its own page back, with an unknown count; (B) colcodec's page has tsfile's bytes (except
 * the documented differences) and tsfile reads it back; (C) colcodec reads its own page, and a read past
 * the count is corrupt input. Lossy pairs (TS_2DIFF/RLE FLOAT and DOUBLE) are compared with what tsfile
 * reads from its own page.
 *
 * <p>{@link Mode#DAMAGED}: a page of either writer truncated or with bits flipped, read with a right,
 * short, long, unknown or absurd count: values or {@link CorruptInputException}, nothing else.
 */
final class TsCodecFuzz extends FuzzHarness {
    enum Mode {
        VALUES,
        DAMAGED
    }

    private static final List<Object[]> PAIRS = TsValues.pairs();

    private final Mode mode;

    TsCodecFuzz(Mode mode) {
        this.mode = mode;
    }

    @Override
    void run(long seed) throws Exception {
        SplittableRandom r = new SplittableRandom(seed);
        Kernels k = Fuzzing.kernels(seed);
        Object[] pair = PAIRS.get(r.nextInt(PAIRS.size()));
        TsEncoding e = (TsEncoding) pair[0];
        TsDataType t = (TsDataType) pair[1];
        if (mode == Mode.VALUES) {
            pages(e, t, k, r);
        } else {
            damaged(e, t, k, r);
        }
    }

    /** One page's values: {@code long[]} bits ({@link TsValues}) or, for TEXT, {@code byte[][]}. */
    private record Page(long[] numbers, byte[][] binaries, String shape) {
        static Page random(TsDataType t, int n, SplittableRandom r) {
            if (t == TsDataType.TEXT) {
                return new Page(null, TsValues.binaries(n, r), "binaries");
            }
            TsValues.Numbers v = TsValues.numbers(t, n, r);
            return new Page(v.values(), null, v.shapeName());
        }

        Object values() {
            return numbers != null ? numbers : binaries;
        }
    }

    private void pages(TsEncoding e, TsDataType t, Kernels k, SplittableRandom r) throws Exception {
        int pages = 1 + (r.nextInt(4) == 0 ? r.nextInt(4) : 0);
        ValuesWriter writer = TsFileValues.newWriter(e, t, k);
        ValuesReader reader = TsFileValues.newReader(e, t, k);
        boolean lossy = TsFileValues.isLossy(e, t);
        StringBuilder desc = new StringBuilder(e + "/" + t + " " + k.getClass().getSimpleName() + ",");
        for (int p = 0; p < pages; p++) {
            int n = TsValues.pageSize(r);
            Page page = Page.random(t, n, r);
            desc.append(" page").append(p).append(" n=").append(n).append(' ').append(page.shape());
            describe(desc.toString());
            Object orig = page.values();
            // where a SPRINTZ residual equals the type's minimum, tsfile's page holds other values
            boolean[] sprintzChanged = e == TsEncoding.SPRINTZ && page.numbers() != null
                    ? TsValues.sprintzMinimumResidualBlocks(t, page.numbers())
                    : null;
            boolean sprintzDiffers = sprintzChanged != null && any(sprintzChanged);
            byte[] theirs = TsOracle.encode(e, t, page.numbers(), page.binaries());
            Object tsSelf = tsfileDecodes(e, t, theirs);
            boolean tsRoundTrips = tsSelf != null && same(t, orig, tsSelf, null);
            Object expected = orig;
            if (lossy) {
                if (tsSelf == null || count(t, tsSelf) != n) {
                    // tsfile's lossy RLE decoder does not read its own page back: no reference for this page
                    log("  tsfile does not read its own lossy page back; page skipped");
                    continue;
                }
                expected = tsSelf;
            }
            String tag = e + "/" + t + " page " + p + " n=" + n + " " + page.shape();

            // A: tsfile's page, read by colcodec by count
            int how = r.nextInt(3);
            boolean[] skipped = new boolean[n];
            Object got = read(reader, t, theirs, n, n, how, r, skipped, r.nextBoolean());
            compare("A tsfile->colcodec how=" + how + " " + tag, t, expected, got, or(skipped, sprintzChanged));
            // A': the same with an unknown count (as non-aligned pages without statistics are read), where
            // tsfile reads its page back
            if ((tsRoundTrips || lossy) && n > 0 && r.nextInt(3) == 0) {
                boolean[] sk = new boolean[n];
                Object g = read(
                        TsFileValues.newReader(e, t, k), t, theirs, ValuesReader.UNKNOWN_COUNT, n, 1, r, sk, false);
                compare("A' unknown count tsfile->colcodec " + tag, t, expected, g, sk);
            }

            // B: colcodec's page: tsfile's bytes, and tsfile reads it
            writer.reset();
            byte[] ours = write(writer, t, page, r);
            long[] stored = TsValues.asTsFileStores(e, t, page.numbers());
            if (e == TsEncoding.TS_2DIFF) {
                // intended difference: zero padding bits where tsfile leaves stale ones (Ts2DiffIntWriter's
                // and Ts2DiffLongWriter's javadoc); the lengths are the same
                if (ours.length != theirs.length) {
                    throw new AssertionError(
                            "B " + tag + ": " + ours.length + " bytes, tsfile writes " + theirs.length);
                }
            } else if (!sprintzDiffers) {
                // intended difference: colcodec keeps NaN payloads where tsfile's encoder stores the canonical
                // NaN (TsFileValues.keepsNanPayloads); the values as tsfile stores them give tsfile's bytes
                byte[] asTheirs = ours;
                if (stored != null) {
                    ValuesWriter w = TsFileValues.newWriter(e, t, k);
                    asTheirs = write(w, t, new Page(stored, null, page.shape()), r);
                }
                if (!Arrays.equals(asTheirs, theirs) && !onlyValuesKeptDiffer(e, t, k, ours, theirs, page.numbers())) {
                    throw new AssertionError("B " + tag + ": colcodec's page differs from tsfile's at byte "
                            + Arrays.mismatch(asTheirs, theirs) + " (" + asTheirs.length + " vs " + theirs.length
                            + " bytes)");
                }
            }
            Object tsOfOurs = tsfileDecodes(e, t, ours);
            if (tsRoundTrips || lossy) {
                if (tsOfOurs == null) {
                    throw new AssertionError("B " + tag + ": tsfile's decoder fails on colcodec's page");
                }
                compare(
                        "B colcodec->tsfile " + tag,
                        t,
                        keptWhereWritten(e, t, expected, tsOfOurs, page),
                        tsOfOurs,
                        null);
            } else if (tsSelf != null && !sprintzDiffers && !same(t, tsSelf, tsOfOurs, null)) {
                // where tsfile does not read its own page back (a value equal to its end marker, a SPRINTZ
                // page of 9k values, ...), it must still read colcodec's page as it reads its own (NaNs
                // compared whatever their payload: PLAIN pages differ only there)
                throw new AssertionError("B " + tag + ": tsfile reads colcodec's page unlike its own");
            }

            // C: colcodec's page read by colcodec (exactly, SPRINTZ's minimum residuals included)
            skipped = new boolean[n];
            Object back = read(reader, t, ours, n, n, r.nextInt(3), r, skipped, r.nextBoolean());
            compare("C colcodec round trip " + tag, t, keptWhereWritten(e, t, expected, back, page), back, skipped);
            if (TsFileValues.keepsNanPayloads(e, t) && TsValues.isFloating(t)) {
                // these pairs give NaN payloads back
                long[] want = page.numbers();
                long[] gotBits = (long[]) back;
                for (int i = 0; i < n; i++) {
                    if (!skipped[i] && TsValues.norm(t, want[i]) != TsValues.norm(t, gotBits[i])) {
                        throw new AssertionError("C colcodec round trip " + tag + ": value " + i + " has bits "
                                + Long.toHexString(gotBits[i]) + ", written " + Long.toHexString(want[i]));
                    }
                }
            }
            if (r.nextInt(8) == 0) {
                reader.init(n, ours, 0, ours.length);
                reader.skip(n);
                try {
                    readOne(reader, t);
                    throw new AssertionError("C " + tag + ": a read past the count returned a value");
                } catch (CorruptInputException expectedFailure) {
                    // the page has n values
                }
            }
        }
    }

    /** What tsfile's decoder reads from a page, or null where it throws (on some of its own pages too). */
    private static Object tsfileDecodes(TsEncoding e, TsDataType t, byte[] page) {
        try {
            return TsOracle.decode(e, t, page);
        } catch (RuntimeException | java.io.IOException ex) {
            return null;
        }
    }

    private void damaged(TsEncoding e, TsDataType t, Kernels k, SplittableRandom r) throws Exception {
        int n = r.nextInt(4) == 0 ? TsValues.pageSize(r) : r.nextInt(600);
        Page page = Page.random(t, n, r);
        boolean fromTsFile = r.nextBoolean();
        describe(e + "/" + t + " " + k.getClass().getSimpleName() + " n=" + n + " " + page.shape() + " written by "
                + (fromTsFile ? "tsfile" : "colcodec"));
        byte[] good = fromTsFile
                ? TsOracle.encode(e, t, page.numbers(), page.binaries())
                : write(TsFileValues.newWriter(e, t, k), t, page, r);
        long[] sink = new long[8192];
        for (int it = 0; it < 30; it++) {
            FuzzData.Damage d = FuzzData.damage(good, r, 0, good.length);
            int cm = r.nextInt(10);
            int count = switch (cm) {
                case 0 -> ValuesReader.UNKNOWN_COUNT;
                case 1 -> n + 1 + r.nextInt(50);
                case 2 -> r.nextInt(n + 1);
                case 3 -> r.nextInt(Integer.MAX_VALUE);
                default -> n;
            };
            ValuesReader reader = TsFileValues.newReader(e, t, k);
            byte[] bad = d.bytes();
            try {
                reader.init(count, bad, 0, bad.length);
                if (r.nextInt(6) == 0) {
                    reader.endOffset();
                }
                int limit = count < 0 ? bad.length * 8 + 64 : Math.min(count, 200_000);
                for (int done = 0; done < limit; ) {
                    int st = Math.min(limit - done, FuzzData.step(r));
                    switch (r.nextInt(3)) {
                        case 0 -> reader.skip(st);
                        case 1 -> {
                            st = Math.min(st, sink.length);
                            if (t == TsDataType.TEXT) {
                                ((BinaryValuesReader) reader).readBinaries(new BinaryBatch(), st);
                            } else {
                                readBatch(reader, t, sink, 0, st);
                            }
                        }
                        default -> {
                            st = 1;
                            readOne(reader, t);
                        }
                    }
                    done += st;
                }
                if (r.nextInt(3) == 0) {
                    reader.endOffset();
                }
            } catch (CorruptInputException expected) {
                // damaged input reported as such
            } catch (RuntimeException | Error x) {
                throw new AssertionError(
                        "damaged page " + it + " (" + d.how() + ", " + bad.length + " bytes) read with count " + count
                                + ": " + x,
                        x);
            }
        }
    }

    // ------------------------------------------------------------------------------- colcodec side

    private static long readOne(ValuesReader r, TsDataType t) {
        return switch (t) {
            case BOOLEAN -> ((BooleanValuesReader) r).readBoolean() ? 1 : 0;
            case INT32 -> ((IntValuesReader) r).readInteger();
            case INT64 -> ((LongValuesReader) r).readLong();
            case FLOAT -> Float.floatToRawIntBits(((FloatValuesReader) r).readFloat());
            case DOUBLE -> Double.doubleToRawLongBits(((DoubleValuesReader) r).readDouble());
            default -> ((BinaryValuesReader) r).readBinary().length;
        };
    }

    /** Reads {@code len} numbers through the batch call, into an array with a leading offset. */
    private static void readBatch(ValuesReader r, TsDataType t, long[] dst, int off, int len) {
        int pad = 2;
        switch (t) {
            case BOOLEAN -> {
                boolean[] a = new boolean[len + pad];
                ((BooleanValuesReader) r).readBooleans(a, pad, len);
                for (int i = 0; i < len; i++) {
                    dst[off + i] = a[pad + i] ? 1 : 0;
                }
            }
            case INT32 -> {
                int[] a = new int[len + pad];
                ((IntValuesReader) r).readIntegers(a, pad, len);
                for (int i = 0; i < len; i++) {
                    dst[off + i] = a[pad + i];
                }
            }
            case INT64 -> {
                long[] a = new long[len + pad];
                ((LongValuesReader) r).readLongs(a, pad, len);
                System.arraycopy(a, pad, dst, off, len);
            }
            case FLOAT -> {
                float[] a = new float[len + pad];
                ((FloatValuesReader) r).readFloats(a, pad, len);
                for (int i = 0; i < len; i++) {
                    dst[off + i] = Float.floatToRawIntBits(a[pad + i]);
                }
            }
            default -> {
                double[] a = new double[len + pad];
                ((DoubleValuesReader) r).readDoubles(a, pad, len);
                for (int i = 0; i < len; i++) {
                    dst[off + i] = Double.doubleToRawLongBits(a[pad + i]);
                }
            }
        }
    }

    private static void writeOne(ValuesWriter w, TsDataType t, long x) {
        switch (t) {
            case BOOLEAN -> ((BooleanValuesWriter) w).writeBoolean(x != 0);
            case INT32 -> ((IntValuesWriter) w).writeInteger((int) x);
            case INT64 -> ((LongValuesWriter) w).writeLong(x);
            case FLOAT -> ((FloatValuesWriter) w).writeFloat(Float.intBitsToFloat((int) x));
            default -> ((DoubleValuesWriter) w).writeDouble(Double.longBitsToDouble(x));
        }
    }

    /** Writes {@code len} numbers through the batch call, from an array with a leading offset. */
    private static void writeBatch(ValuesWriter w, TsDataType t, long[] src, int off, int len) {
        int pad = 1;
        switch (t) {
            case BOOLEAN -> {
                boolean[] a = new boolean[len + pad];
                for (int i = 0; i < len; i++) {
                    a[pad + i] = src[off + i] != 0;
                }
                ((BooleanValuesWriter) w).writeBooleans(a, pad, len);
            }
            case INT32 -> {
                int[] a = new int[len + pad];
                for (int i = 0; i < len; i++) {
                    a[pad + i] = (int) src[off + i];
                }
                ((IntValuesWriter) w).writeIntegers(a, pad, len);
            }
            case INT64 -> {
                long[] a = new long[len + pad];
                System.arraycopy(src, off, a, pad, len);
                ((LongValuesWriter) w).writeLongs(a, pad, len);
            }
            case FLOAT -> {
                float[] a = new float[len + pad];
                for (int i = 0; i < len; i++) {
                    a[pad + i] = Float.intBitsToFloat((int) src[off + i]);
                }
                ((FloatValuesWriter) w).writeFloats(a, pad, len);
            }
            default -> {
                double[] a = new double[len + pad];
                for (int i = 0; i < len; i++) {
                    a[pad + i] = Double.longBitsToDouble(src[off + i]);
                }
                ((DoubleValuesWriter) w).writeDoubles(a, pad, len);
            }
        }
    }

    /** colcodec's page of the values: per value, in one batch, or mixed; to a byte array or a sink. */
    private static byte[] write(ValuesWriter w, TsDataType t, Page page, SplittableRandom r) {
        int n = count(t, page.values());
        int how = r.nextInt(3);
        for (int i = 0; i < n; ) {
            int st = how == 0 ? 1 : how == 1 ? n - i : Math.min(n - i, FuzzData.step(r));
            if (t == TsDataType.TEXT) {
                BinaryValuesWriter bw = (BinaryValuesWriter) w;
                if (st == 1 || r.nextBoolean()) {
                    for (int j = 0; j < st; j++) {
                        bw.writeBinary(page.binaries()[i + j]);
                    }
                } else {
                    BinaryBatch bb = new BinaryBatch();
                    bb.append(new byte[] {1, 2}, 0, 2); // a value before the range written
                    for (int j = 0; j < st; j++) {
                        bb.append(page.binaries()[i + j], 0, page.binaries()[i + j].length);
                    }
                    bw.writeBinaries(bb, 1, st);
                }
            } else if (st == 1) {
                writeOne(w, t, page.numbers()[i]);
            } else {
                writeBatch(w, t, page.numbers(), i, st);
            }
            i += st;
        }
        if (w.valueCount() != n) {
            throw new AssertionError("valueCount " + w.valueCount() + " after writing " + n);
        }
        if (r.nextInt(4) == 0) {
            ByteSink s = new ByteSink(1);
            w.finishTo(s);
            return s.toByteArray();
        }
        return w.toByteArray();
    }

    /**
     * Reads {@code n} values of a page told {@code count}: per value (how 0), in one batch (1), or mixed
     * with skips and, for binaries, views (2); skipped values are marked. With {@code frame} the page lies
     * inside a larger buffer, and a page read by count must end where the page ends.
     */
    private static Object read(
            ValuesReader r,
            TsDataType t,
            byte[] page,
            int count,
            int n,
            int how,
            SplittableRandom rnd,
            boolean[] skipped,
            boolean frame) {
        byte[] buf = page;
        int off = 0;
        if (frame) {
            buf = new byte[page.length + 7];
            Arrays.fill(buf, (byte) 0x5A);
            System.arraycopy(page, 0, buf, 3, page.length);
            off = 3;
        }
        r.init(count, buf, off, page.length);
        Object out;
        if (t == TsDataType.TEXT) {
            out = readBinaries((BinaryValuesReader) r, n, how, rnd, skipped);
        } else {
            long[] v = new long[n];
            for (int i = 0; i < n; ) {
                int st = how == 0 ? 1 : how == 1 ? n - i : Math.min(n - i, FuzzData.step(rnd));
                int what = how == 2 ? rnd.nextInt(3) : st == 1 ? 0 : 1;
                if (what == 0) {
                    for (int j = 0; j < st; j++) {
                        v[i + j] = readOne(r, t);
                    }
                } else if (what == 1) {
                    readBatch(r, t, v, i, st);
                } else {
                    r.skip(st);
                    Arrays.fill(skipped, i, i + st, true);
                }
                i += st;
            }
            out = v;
        }
        if (frame && count >= 0 && r.endOffset() != off + page.length) {
            throw new AssertionError("endOffset " + r.endOffset() + ", the page ends at " + (off + page.length));
        }
        return out;
    }

    private static byte[][] readBinaries(
            BinaryValuesReader r, int n, int how, SplittableRandom rnd, boolean[] skipped) {
        byte[][] out = new byte[n][];
        for (int i = 0; i < n; ) {
            int st = how == 0 ? 1 : how == 1 ? n - i : Math.min(n - i, FuzzData.step(rnd));
            int what = how == 2 ? rnd.nextInt(4) : st == 1 ? 0 : 1;
            if (what == 0) {
                for (int j = 0; j < st; j++) {
                    out[i + j] = r.readBinary();
                }
            } else if (what == 1) {
                BinaryBatch bb = new BinaryBatch();
                bb.append(new byte[] {9}, 0, 1); // a value already in the batch
                r.readBinaries(bb, st);
                if (bb.count() != st + 1) {
                    throw new AssertionError("readBinaries(" + st + ") left " + bb.count() + " values in the batch");
                }
                for (int j = 0; j < st; j++) {
                    out[i + j] = bb.get(j + 1);
                }
            } else if (what == 2 && r instanceof BinaryViewsReader vr) {
                int[] starts = new int[st + 1];
                int[] lens = new int[st + 1];
                vr.readViews(starts, lens, 1, st);
                byte[] arr = vr.viewArray();
                for (int j = 0; j < st; j++) {
                    out[i + j] = Arrays.copyOfRange(arr, starts[j + 1], starts[j + 1] + lens[j + 1]);
                }
            } else {
                r.skip(st);
                Arrays.fill(skipped, i, i + st, true);
            }
            i += st;
        }
        return out;
    }

    // ------------------------------------------------------------------------------- comparison

    /**
     * Whether colcodec's lossy DOUBLE page differs from tsfile's only where colcodec stored the neighbouring
     * integer that reads back as the value itself (ScaledFloats.toLong, an intended difference since session
     * 40; tsfile's page moves such a value by an ulp): read back, every value of colcodec's page that is not
     * tsfile's is the value written, and one is.
     */
    private static boolean onlyValuesKeptDiffer(
            TsEncoding e, TsDataType t, Kernels k, byte[] ours, byte[] theirs, long[] written) {
        if (t != TsDataType.DOUBLE || !TsFileValues.isLossy(e, t)) {
            return false;
        }
        int n = written.length;
        double[] a = new double[n];
        double[] b = new double[n];
        DoubleValuesReader ra = (DoubleValuesReader) TsFileValues.newReader(e, t, k);
        ra.init(n, ours, 0, ours.length);
        ra.readDoubles(a, 0, n);
        DoubleValuesReader rb = (DoubleValuesReader) TsFileValues.newReader(e, t, k);
        rb.init(n, theirs, 0, theirs.length);
        rb.readDoubles(b, 0, n);
        boolean differs = false;
        for (int i = 0; i < n; i++) {
            long x = Double.doubleToRawLongBits(a[i]);
            if (x != Double.doubleToRawLongBits(b[i])) {
                System.out.println("DEBUG i=" + i + " written=" + Double.longBitsToDouble(written[i]) + " ours=" + a[i]
                        + " theirs=" + b[i]);
                if (x != written[i]) {
                    return false;
                }
                differs = true;
            }
        }
        return differs;
    }

    /**
     * What a read of colcodec's page is checked against: {@code expected} (for a lossy page, tsfile's
     * reading of its own), but for a lossy DOUBLE value that {@code got} has as it was written, where
     * colcodec's page keeps it and tsfile's moves it by an ulp (session 40's intended difference).
     */
    private static Object keptWhereWritten(TsEncoding e, TsDataType t, Object expected, Object got, Page page) {
        if (t != TsDataType.DOUBLE || !TsFileValues.isLossy(e, t) || !(got instanceof long[] g)) {
            return expected;
        }
        long[] want = ((long[]) expected).clone();
        long[] written = page.numbers();
        for (int i = 0; i < Math.min(want.length, g.length); i++) {
            if (g[i] != want[i] && g[i] == written[i]) {
                want[i] = written[i];
            }
        }
        return want;
    }

    private static int count(TsDataType t, Object values) {
        return t == TsDataType.TEXT ? ((byte[][]) values).length : ((long[]) values).length;
    }

    private static boolean same(TsDataType t, Object expected, Object got, boolean[] ignore) {
        try {
            compare("", t, expected, got, ignore);
            return true;
        } catch (AssertionError x) {
            return false;
        }
    }

    /** Equal counts and values (NaNs equal whatever their payload), except where {@code ignore} is set. */
    private static void compare(String what, TsDataType t, Object expected, Object got, boolean[] ignore) {
        int n = count(t, expected);
        if (count(t, got) != n) {
            throw new AssertionError(what + ": " + count(t, got) + " values, expected " + n);
        }
        for (int i = 0; i < n; i++) {
            if (ignore != null && ignore[i]) {
                continue;
            }
            Object e = value(t, expected, i);
            Object g = value(t, got, i);
            if (!FuzzData.same(e, g)) {
                throw new AssertionError(what + ": value " + i + " of " + n + " is " + FuzzData.show(g) + ", expected "
                        + FuzzData.show(e));
            }
        }
    }

    private static Object value(TsDataType t, Object values, int i) {
        if (t == TsDataType.TEXT) {
            return ((byte[][]) values)[i];
        }
        long x = ((long[]) values)[i];
        return switch (t) {
            case FLOAT -> Float.intBitsToFloat((int) x);
            case DOUBLE -> Double.longBitsToDouble(x);
            default -> TsValues.norm(t, x);
        };
    }

    private static boolean any(boolean[] a) {
        for (boolean b : a) {
            if (b) {
                return true;
            }
        }
        return false;
    }

    private static boolean[] or(boolean[] a, boolean[] b) {
        if (b == null) {
            return a;
        }
        boolean[] o = a.clone();
        for (int i = 0; i < b.length; i++) {
            o[i] |= b[i];
        }
        return o;
    }
}
