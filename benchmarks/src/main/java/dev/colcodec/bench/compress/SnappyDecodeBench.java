package dev.colcodec.bench.compress;

import dev.colcodec.bench.BenchSupport;
import dev.colcodec.format.compress.AdaptivePageCompressor;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.compress.CompressionCodecs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.xerial.snappy.Snappy;

/**
 * SNAPPY decompression of one Parquet page of 20,000 values (as the file benchmarks write them), in
 * uncompressed bytes per second: colcodec as its page readers call it ({@code colcodec}: its Java decoder
 * for pages of numbers whose copies mostly repeat bytes 8 or 16 back, snappy-java's for other pages and
 * for byte arrays), colcodec offering every page to its Java decoder ({@code colcodec-java}: the strings
 * page too, as if its values were numbers; the page's copies still decide), and snappy-java's native
 * decoder ({@code snappy-java}, what parquet-java calls).
 * Data: ascending longs with random steps below 1,024 ({@code sorted-longs}, the sorted file benchmark's
 * columns), a random walk of doubles rounded to 2 decimals ({@code sensor-doubles}), and a PLAIN page of
 * strings drawn from 1,000 ({@code strings}, the file benchmark's STRING column).
 *
 * <p>{@code encode} compresses the page as a column writer does: colcodec through one {@link
 * AdaptivePageCompressor} kept across pages, told that the numeric pages hold 8-byte values (so they go to
 * its writer for such values while its samples keep up with snappy-java's size) and that the strings page
 * holds length-prefixed entries (so it goes to its writer for recurring entries while that writer's blocks
 * are no larger than snappy-java's, compared on every 16th page); {@code colcodec-java} offers the strings
 * page to the 8-byte writer instead, which its sample turns down; and snappy-java's compressor.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class SnappyDecodeBench {
    /** Values in the page. */
    public static final int VALUES = 20_000;

    /** Uncompressed bytes of the numeric pages; the strings page is cut to the same size. */
    public static final int PAGE_BYTES = VALUES * 8;

    @Param({"colcodec", "colcodec-java", "snappy-java"})
    public String impl;

    @Param({"sorted-longs", "sensor-doubles", "strings"})
    public String data;

    byte[] raw;
    byte[] compressed;
    byte[] out;
    byte[] packed;
    boolean fixedWidth;
    AdaptivePageCompressor compressor;

    @Setup
    public void setup() {
        raw = page(data);
        try {
            compressed = Snappy.compress(raw);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out = new byte[raw.length];
        if (!impl.equals("colcodec") && !impl.equals("colcodec-java") && !impl.equals("snappy-java")) {
            throw new IllegalArgumentException("impl must be colcodec, colcodec-java or snappy-java: " + impl);
        }
        fixedWidth = impl.equals("colcodec-java") || !data.equals("strings");
        packed = new byte[CompressionCodecs.maxCompressedLength(Compression.SNAPPY, raw.length)];
        compressor = new AdaptivePageCompressor();
    }

    /** The uncompressed page. */
    static byte[] page(String data) {
        BenchSupport.XorShift r = new BenchSupport.XorShift(0x5EED_5A99L);
        ByteBuffer b = ByteBuffer.allocate(PAGE_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        switch (data) {
            case "sorted-longs": {
                long v = 1_700_000_000_000L;
                for (int i = 0; i < VALUES; i++) {
                    v += r.next() & 1023;
                    b.putLong(v);
                }
                break;
            }
            case "sensor-doubles": {
                double v = 20;
                for (int i = 0; i < VALUES; i++) {
                    v += ((r.next() >>> 11) * 0x1.0p-53 - 0.5) * 0.1;
                    b.putDouble(Math.round(v * 100) / 100.0);
                }
                break;
            }
            case "strings": {
                byte[][] pool = new byte[1000][];
                for (int i = 0; i < pool.length; i++) {
                    String tail = Long.toHexString(r.next() & ((1L << (4 * (1 + (i % 12)))) - 1));
                    pool[i] = String.format("s%05d-%s", i, tail).getBytes(StandardCharsets.UTF_8);
                }
                while (true) {
                    byte[] s = pool[(int) Long.remainderUnsigned(r.next(), pool.length)];
                    if (b.remaining() < 4 + s.length) {
                        break;
                    }
                    b.putInt(s.length).put(s);
                }
                break;
            }
            default:
                throw new IllegalArgumentException("data must be sorted-longs, sensor-doubles or strings: " + data);
        }
        return java.util.Arrays.copyOf(b.array(), b.position());
    }

    @Benchmark
    @OperationsPerInvocation(PAGE_BYTES)
    public byte[] decode() throws IOException {
        if (impl.equals("snappy-java")) {
            Snappy.uncompress(compressed, 0, compressed.length, out, 0);
        } else {
            CompressionCodecs.decompressInto(
                    Compression.SNAPPY, compressed, 0, compressed.length, out, 0, raw.length, fixedWidth);
        }
        return out;
    }

    /** Compresses the page; returns the block's size. */
    @Benchmark
    @OperationsPerInvocation(PAGE_BYTES)
    public int encode() throws IOException {
        if (impl.equals("snappy-java")) {
            return Snappy.compress(raw, 0, raw.length, packed, 0);
        }
        if (impl.equals("colcodec") && data.equals("strings")) {
            return compressor.compressEntriesInto(Compression.SNAPPY, raw, 0, raw.length, 0, packed, 0);
        }
        return compressor.compressInto(Compression.SNAPPY, raw, 0, raw.length, packed, 0, fixedWidth);
    }
}
