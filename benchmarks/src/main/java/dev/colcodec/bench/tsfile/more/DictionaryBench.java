package dev.colcodec.bench.tsfile.more;

import static dev.colcodec.bench.tsfile.more.TsSeries.PAGE;
import static dev.colcodec.bench.tsfile.more.TsSeries.PAGES;
import static dev.colcodec.bench.tsfile.more.TsSeries.VALUES;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.dictionary.DictionaryReader;
import dev.colcodec.tsfile.dictionary.DictionaryWriter;
import dev.colcodec.values.BinaryBatch;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.tsfile.encoding.decoder.Decoder;
import org.apache.tsfile.encoding.encoder.Encoder;
import org.apache.tsfile.encoding.encoder.TSEncodingBuilder;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.apache.tsfile.utils.Binary;
import org.apache.tsfile.utils.PublicBAOS;
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

/**
 * TsFile DICTIONARY (TEXT) decode and encode, 100,000 values per operation in pages of 10,000:
 * {@code devices} (100 distinct device names in runs, the typical TAG-like column) and {@code
 * distinct} (2,000 distinct values per page in random order). colcodec decodes to checked dictionary
 * ids whose bytes stay in the page ({@link DictionaryReader#readIds}); tsfile 2.4.0 returns one {@link
 * Binary} per value, the same instance for every occurrence of an entry, so neither side copies value
 * bytes. memcpy copies the decoded bytes (decode) or the encoded pages (encode).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {
            "--add-modules=jdk.incubator.vector",
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow"
        })
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class DictionaryBench {
    @Param({"colcodec", "colcodec-scalar", "tsfile", "memcpy"})
    public String impl;

    @Param({"devices", "distinct"})
    public String data;

    byte[][] values;
    Binary[] binaries;
    BinaryBatch[] inputPages;
    byte[][] oraclePages;
    byte[] flatValues;
    byte[] flatValuesCopy;
    byte[] flatPages;
    byte[] flatPagesCopy;

    DictionaryReader reader;
    DictionaryWriter writer;
    /** The entry ids of the last colcodec decode, page {@code p}'s at {@code [p * PAGE, (p + 1) * PAGE)}. */
    int[] decodedIds;

    byte[][] encoded;

    Decoder tsDecoder;
    Encoder tsEncoder;
    PublicBAOS tsOut;
    Binary[] tsDecoded;

    @Setup
    public void setup() {
        values = values(data);
        binaries = new Binary[VALUES];
        inputPages = new BinaryBatch[PAGES];
        int flat = 0;
        for (int p = 0; p < PAGES; p++) {
            inputPages[p] = new BinaryBatch(PAGE, 16 * PAGE);
        }
        for (int i = 0; i < VALUES; i++) {
            binaries[i] = new Binary(values[i]);
            inputPages[i / PAGE].append(values[i], 0, values[i].length);
            flat += values[i].length;
        }
        flatValues = new byte[flat];
        flatValuesCopy = new byte[flat];
        int at = 0;
        for (byte[] v : values) {
            System.arraycopy(v, 0, flatValues, at, v.length);
            at += v.length;
        }
        oraclePages = oraclePages(values);
        int flatEncoded = 0;
        for (byte[] p : oraclePages) {
            flatEncoded += p.length;
        }
        flatPages = new byte[flatEncoded];
        flatPagesCopy = new byte[flatEncoded];
        at = 0;
        for (byte[] p : oraclePages) {
            System.arraycopy(p, 0, flatPages, at, p.length);
            at += p.length;
        }
        if (impl.startsWith("colcodec")) {
            Kernels kernels = impl.equals("colcodec") ? KernelProvider.best() : KernelProvider.scalar();
            reader = new DictionaryReader(kernels);
            writer = new DictionaryWriter(kernels);
            decodedIds = new int[VALUES];
            encoded = new byte[PAGES][];
        } else if (impl.equals("tsfile")) {
            tsDecoder = Decoder.getDecoderByType(TSEncoding.DICTIONARY, TSDataType.TEXT);
            tsEncoder =
                    TSEncodingBuilder.getEncodingBuilder(TSEncoding.DICTIONARY).getEncoder(TSDataType.TEXT);
            tsOut = new PublicBAOS(1 << 17);
            tsDecoded = new Binary[VALUES];
        } else if (!impl.equals("memcpy")) {
            throw new IllegalArgumentException("unknown impl " + impl);
        }
    }

    static byte[][] values(String data) {
        SplittableRandom r = new SplittableRandom(42);
        byte[][] v = new byte[VALUES][];
        switch (data) {
            case "devices": {
                byte[][] names = new byte[100][];
                for (int k = 0; k < names.length; k++) {
                    names[k] = ("root.factory" + (k % 7) + ".line" + k + ".device").getBytes(StandardCharsets.UTF_8);
                }
                int i = 0;
                while (i < VALUES) {
                    byte[] name = names[r.nextInt(names.length)];
                    for (int k = r.nextInt(1, 40); k > 0 && i < VALUES; k--) {
                        v[i++] = name;
                    }
                }
                break;
            }
            case "distinct":
                for (int i = 0; i < VALUES; i++) {
                    v[i] = ("id-" + Long.toHexString(r.nextLong(2000) * 0x9E3779B97F4A7C15L))
                            .getBytes(StandardCharsets.UTF_8);
                }
                break;
            default:
                throw new IllegalArgumentException("unknown data " + data);
        }
        return v;
    }

    static byte[][] oraclePages(byte[][] values) {
        byte[][] pages = new byte[PAGES][];
        Encoder encoder =
                TSEncodingBuilder.getEncodingBuilder(TSEncoding.DICTIONARY).getEncoder(TSDataType.TEXT);
        for (int p = 0; p < PAGES; p++) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (int i = p * PAGE; i < (p + 1) * PAGE; i++) {
                encoder.encode(new Binary(values[i]), out);
            }
            flush(encoder, out);
            pages[p] = out.toByteArray();
        }
        return pages;
    }

    private static void flush(Encoder encoder, ByteArrayOutputStream out) {
        try {
            encoder.flush(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Benchmark
    @OperationsPerInvocation(VALUES)
    public Object decode() {
        if (reader != null) {
            for (int p = 0; p < PAGES; p++) {
                byte[] page = oraclePages[p];
                reader.init(PAGE, page, 0, page.length);
                reader.readIds(decodedIds, p * PAGE, PAGE);
            }
            return decodedIds;
        }
        if (tsDecoder != null) {
            int n = 0;
            try {
                for (byte[] page : oraclePages) {
                    tsDecoder.reset();
                    ByteBuffer buf = ByteBuffer.wrap(page);
                    while (tsDecoder.hasNext(buf)) {
                        tsDecoded[n++] = tsDecoder.readBinary(buf);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return tsDecoded;
        }
        System.arraycopy(flatValues, 0, flatValuesCopy, 0, flatValues.length);
        return flatValuesCopy;
    }

    @Benchmark
    @OperationsPerInvocation(VALUES)
    public int encode() {
        int total = 0;
        if (writer != null) {
            for (int p = 0; p < PAGES; p++) {
                writer.reset();
                writer.writeBinaries(inputPages[p], 0, PAGE);
                encoded[p] = writer.toByteArray();
                total += encoded[p].length;
            }
            return total;
        }
        if (tsEncoder != null) {
            for (int p = 0; p < PAGES; p++) {
                tsOut.reset();
                for (int i = p * PAGE; i < (p + 1) * PAGE; i++) {
                    tsEncoder.encode(binaries[i], tsOut);
                }
                flush(tsEncoder, tsOut);
                total += tsOut.size();
            }
            return total;
        }
        System.arraycopy(flatPages, 0, flatPagesCopy, 0, flatPages.length);
        return flatPagesCopy.length;
    }
}
