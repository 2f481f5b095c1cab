package dev.colcodec.tsfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.colcodec.CorruptInputException;
import dev.colcodec.values.ValuesReader;
import dev.colcodec.values.ValuesWriter;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.apache.tsfile.file.metadata.enums.TSEncoding;

/** Test helper: decoding and encoding checks shared by the numeric TsFile encodings. */
public final class NumericCodecChecks {
    private static final int[] STEPS = {1, 2, 3, 5, 7, 13, 31, 64, 127, 129, 511, 1000};
    private static final int PREFIX = 3;
    private static final int SUFFIX = 5;

    private NumericCodecChecks() {}

    /** One encoded page and the number of values it holds. */
    public record Page(byte[] bytes, int count) {}

    /**
     * Decodes {@code page} (placed at an offset inside a larger array) with the exact count: once value
     * by value, once in one batch, and once in odd-sized batches mixed with skips and single reads.
     * Then checks that reading one more value fails, and that {@link ValuesReader#endOffset()} is the
     * page's end before, between and after the reads (the pages here hold nothing else).
     */
    public static void assertDecodes(
            TsNumericType type, Supplier<? extends ValuesReader> readers, byte[] page, long[] expected, long seed) {
        byte[] framed = frame(page);
        int n = expected.length;
        long[] norm = Arrays.stream(expected).map(type::norm).toArray();

        int pageEnd = PREFIX + page.length;
        ValuesReader reader = readers.get();
        reader.init(n, framed, PREFIX, page.length);
        assertThat(reader.endOffset()).as("end offset before reading").isEqualTo(pageEnd);
        long[] got = new long[n];
        for (int i = 0; i < n; i++) {
            got[i] = type.readOne(reader);
            if (i == n / 2) {
                assertThat(reader.endOffset())
                        .as("end offset after %d values", i + 1)
                        .isEqualTo(pageEnd);
            }
        }
        assertSameValues(type, got, norm, "per value");
        assertThat(reader.endOffset()).as("end offset after every value").isEqualTo(pageEnd);
        assertThatThrownBy(() -> type.readOne(reader)).isInstanceOf(CorruptInputException.class);

        ValuesReader batch = readers.get();
        batch.init(n, framed, PREFIX, page.length);
        long[] all = new long[n];
        type.read(batch, all, 0, n);
        assertSameValues(type, all, norm, "one batch");

        ValuesReader mixed = readers.get();
        mixed.init(n, framed, PREFIX, page.length);
        SplittableRandom r = new SplittableRandom(seed);
        int i = 0;
        while (i < n) {
            int step = Math.min(n - i, STEPS[r.nextInt(STEPS.length)]);
            switch (r.nextInt(3)) {
                case 0:
                    mixed.skip(step);
                    break;
                case 1: {
                    long[] part = new long[step];
                    type.read(mixed, part, 0, step);
                    for (int k = 0; k < step; k++) {
                        if (part[k] != norm[i + k]) {
                            fail("mixed batch: value " + (i + k) + " of " + n + " is " + type.show(part[k])
                                    + ", expected " + type.show(norm[i + k]));
                        }
                    }
                    break;
                }
                default: {
                    step = 1;
                    long v = type.readOne(mixed);
                    if (v != norm[i]) {
                        fail("mixed single: value " + i + " is " + type.show(v) + ", expected " + type.show(norm[i]));
                    }
                    break;
                }
            }
            i += step;
        }
        assertThatThrownBy(() -> mixed.skip(1)).isInstanceOf(CorruptInputException.class);
    }

    /**
     * Pages whose last value (and others) equal the encoding's end marker {@code sentinel}: our bytes are
     * the oracle's, and a reader told the count decodes every value and finds the page's end.
     */
    public static void assertLastValueEqualToTheEndMarker(
            TsNumericType type,
            Supplier<? extends ValuesWriter> writers,
            Supplier<? extends ValuesReader> readers,
            TSEncoding encoding,
            long sentinel) {
        long s = type.norm(sentinel);
        long[][] pages = {{s}, {s, s}, {1, s}, {1, 2, s}, {s, 5, s, s}};
        for (long[] values : pages) {
            byte[] ours = encodeAsTheOracle(type, writers.get(), values, 1, encoding);
            assertDecodes(type, readers, ours, values, 5);
        }
    }

    /** Normalizes {@code values} in place and encodes them with {@code writer}: the bytes are the oracle's. */
    private static byte[] encodeAsTheOracle(
            TsNumericType type, ValuesWriter writer, long[] values, long seed, TSEncoding encoding) {
        for (int i = 0; i < values.length; i++) {
            values[i] = type.norm(values[i]);
        }
        byte[] ours = encode(type, writer, values, seed);
        assertThat(ours).isEqualTo(type.oracleEncode(encoding, values));
        return ours;
    }

    /**
     * Pages whose first value equals the end marker, read without their count as TsFile reads them: the
     * first value is stored whole and is a value even then, so only a later marker ends the page. The
     * values read equal tsfile's reading of the same page (which a later value equal to the marker ends
     * early in both), at offset 0 and inside a larger array.
     */
    public static void assertFirstValueEqualToTheEndMarkerReadsAsTsFileReadsIt(
            TsNumericType type,
            Supplier<? extends ValuesWriter> writers,
            Supplier<? extends ValuesReader> readers,
            TSEncoding encoding,
            long sentinel) {
        long s = type.norm(sentinel);
        long[][] pages = {{s}, {s, 1, 2}, {s, s, 5}, {s, 7}, {s, 1, 1, 1}};
        for (long[] values : pages) {
            byte[] page = encodeAsTheOracle(type, writers.get(), values, 3, encoding);
            long[] expected = type.oracleDecode(encoding, page);
            for (boolean framed : new boolean[] {false, true}) {
                String what = "page " + Arrays.toString(values) + " without its count" + (framed ? ", framed" : "");
                byte[] in = framed ? frame(page) : page;
                int off = framed ? PREFIX : 0;
                ValuesReader reader = readers.get();
                reader.init(ValuesReader.UNKNOWN_COUNT, in, off, framed ? page.length + SUFFIX : page.length);
                long[] got = new long[expected.length];
                for (int i = 0; i < got.length; i++) {
                    got[i] = type.readOne(reader);
                }
                assertSameValues(type, got, expected, what);
                if (expected.length == values.length) {
                    // no later value equal to the marker ended the page early
                    assertThat(reader.endOffset()).as(what + ": end offset").isEqualTo(off + page.length);
                }
                assertThatThrownBy(() -> type.readOne(reader))
                        .as(what + ": past the marker")
                        .isInstanceOf(CorruptInputException.class);
            }
        }
    }

    /** The page with {@value #PREFIX} junk bytes before and {@value #SUFFIX} after it. */
    public static byte[] frame(byte[] page) {
        byte[] framed = new byte[page.length + PREFIX + SUFFIX];
        Arrays.fill(framed, (byte) 0xA5);
        System.arraycopy(page, 0, framed, PREFIX, page.length);
        return framed;
    }

    public static int framedOffset() {
        return PREFIX;
    }

    public static void assertSameValues(TsNumericType type, long[] got, long[] expected, String what) {
        assertThat(got.length).as(what + ": count").isEqualTo(expected.length);
        for (int i = 0; i < got.length; i++) {
            if (type.norm(got[i]) != type.norm(expected[i])) {
                fail(what + ": value " + i + " of " + got.length + " is " + type.show(got[i]) + ", expected "
                        + type.show(expected[i]));
            }
        }
    }

    /**
     * The benchmarks' sensor walk in pages of several sizes through one reused {@code writer}: every page's
     * bytes equal tsfile's for {@code encoding}.
     */
    public static void sensorWalkPagesGiveTheOraclesBytes(
            TsNumericType type, ValuesWriter writer, TSEncoding encoding) {
        long[] walk = TsTestData.sensorWalk(type, 40_000, 42);
        int[] pageSizes = {10_000, 1, 129, 10_000, 2, 3_000, 10_000};
        int at = 0;
        for (int page = 0; page < pageSizes.length; page++) {
            long[] values = Arrays.copyOfRange(walk, at, at + pageSizes[page]);
            at += pageSizes[page];
            byte[] ours = encode(type, writer, values, page);
            assertThat(ours).as("page %d", page).isEqualTo(type.oracleEncode(encoding, values));
        }
    }

    /** Encodes with {@code writer} (reset first), alternating single writes and odd-sized batches. */
    public static byte[] encode(TsNumericType type, ValuesWriter writer, long[] values, long seed) {
        writer.reset();
        SplittableRandom r = new SplittableRandom(seed);
        int i = 0;
        while (i < values.length) {
            int step = Math.min(values.length - i, STEPS[r.nextInt(STEPS.length)]);
            if (r.nextInt(4) == 0) {
                type.writeOne(writer, values[i]);
                step = 1;
            } else {
                type.write(writer, values, i, step);
            }
            i += step;
        }
        assertThat(writer.valueCount()).isEqualTo(values.length);
        byte[] page = writer.toByteArray();
        assertThat(writer.toByteArray())
                .as("toByteArray is repeatable")
                .isEqualTo(page)
                .isNotSameAs(page);
        assertThatThrownBy(() -> type.writeOne(writer, 0)).isInstanceOf(IllegalStateException.class);
        return page;
    }

    /**
     * Decodes {@code iterations} damaged versions (truncated, bit-flipped, overwritten, or with a wrong
     * count) of the given pages and asserts that each either decodes or throws {@link
     * CorruptInputException}, nothing else, within a generous time limit.
     */
    public static void fuzz(
            TsNumericType type, Supplier<? extends ValuesReader> readers, List<Page> pages, long seed, int iterations) {
        assertThat(pages).isNotEmpty();
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            SplittableRandom r = new SplittableRandom(seed);
            ValuesReader reader = readers.get();
            long[] sink = new long[4096];
            int corrupt = 0;
            for (int it = 0; it < iterations; it++) {
                Page page = pages.get(r.nextInt(pages.size()));
                byte[] damaged = damage(page.bytes(), r);
                int count;
                int mode = r.nextInt(10);
                if (mode == 0) {
                    count = ValuesReader.UNKNOWN_COUNT;
                } else if (mode == 1) {
                    count = page.count() + r.nextInt(1, 40);
                } else if (mode == 2) {
                    count = r.nextInt(page.count() + 1);
                } else {
                    count = page.count();
                }
                try {
                    reader.init(count, damaged, 0, damaged.length);
                    if (r.nextInt(8) == 0) {
                        reader.endOffset();
                    }
                    int limit = count == ValuesReader.UNKNOWN_COUNT ? damaged.length * 8 + 64 : count;
                    int done = 0;
                    while (done < limit) {
                        int step = Math.min(limit - done, STEPS[r.nextInt(STEPS.length)]);
                        switch (r.nextInt(3)) {
                            case 0:
                                reader.skip(step);
                                break;
                            case 1:
                                type.read(reader, sink, 0, Math.min(step, sink.length));
                                step = Math.min(step, sink.length);
                                break;
                            default:
                                type.readOne(reader);
                                step = 1;
                                break;
                        }
                        done += step;
                    }
                    if (r.nextInt(4) == 0) {
                        reader.endOffset();
                    }
                } catch (CorruptInputException e) {
                    corrupt++;
                } catch (Throwable t) {
                    throw new AssertionError(
                            "iteration " + it + " (seed " + seed + ", count " + count + ", bytes " + hex(damaged)
                                    + "): " + t,
                            t);
                }
            }
            assertThat(corrupt).as("some damaged pages are detected").isPositive();
        });
    }

    private static byte[] damage(byte[] page, SplittableRandom r) {
        byte[] d = page.clone();
        int mode = r.nextInt(4);
        if (mode != 0 && d.length > 0) {
            int flips = r.nextInt(1, 4);
            for (int k = 0; k < flips; k++) {
                int bit = r.nextInt(d.length * 8);
                d[bit >>> 3] ^= (byte) (0x80 >>> (bit & 7));
            }
        }
        if (mode == 3 && d.length > 0) {
            int at = r.nextInt(d.length);
            d[at] = (byte) r.nextInt(256);
        }
        if (mode == 0 || mode == 2) {
            d = Arrays.copyOf(d, r.nextInt(d.length + 1));
        }
        return d;
    }

    public static String hex(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < Math.min(b.length, 64); i++) {
            s.append(String.format("%02x", b[i]));
        }
        if (b.length > 64) {
            s.append("...(").append(b.length).append(" bytes)");
        }
        return s.toString();
    }
}
