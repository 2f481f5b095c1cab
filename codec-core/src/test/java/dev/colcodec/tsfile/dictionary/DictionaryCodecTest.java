package dev.colcodec.tsfile.dictionary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.colcodec.CorruptInputException;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.NumericCodecChecks;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.ValuesReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.tsfile.encoding.decoder.Decoder;
import org.apache.tsfile.encoding.encoder.Encoder;
import org.apache.tsfile.encoding.encoder.TSEncodingBuilder;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.apache.tsfile.utils.Binary;
import org.junit.jupiter.api.Test;

class DictionaryCodecTest {
    private static final int[] STEPS = {1, 2, 3, 5, 7, 13, 31, 64, 127, 129, 511, 1000};
    private static final Kernels[] KERNELS = {KernelProvider.scalar(), KernelProvider.best()};

    record Shape(String name, byte[][] values) {
        @Override
        public String toString() {
            return name + "[" + values.length + "]";
        }
    }

    static List<Shape> shapes() {
        List<Shape> out = new ArrayList<>();
        int[] sizes = {0, 1, 2, 7, 8, 9, 15, 16, 17, 64, 504, 505, 1000, 10_000};
        SplittableRandom r = new SplittableRandom(5);
        String[] vocab = {"alpha", "beta", "gamma", "", "δέλτα", "epsilon-with-a-longer-name"};
        for (int n : sizes) {
            out.add(new Shape("vocab", gen(n, i -> vocab[r.nextInt(vocab.length)])));
            out.add(new Shape("distinct", gen(n, i -> "v" + i)));
            out.add(new Shape("constant", gen(n, i -> "same")));
            out.add(new Shape("runs", runs(n, r)));
            out.add(new Shape("sameLengthRuns", sameLengthRuns(n, r)));
            out.add(new Shape("emptyRuns", gen(n, i -> (i / 70) % 2 == 0 ? "" : "e")));
            out.add(new Shape("manyDistinctRepeated", gen(n, i -> "k" + (i % 700))));
            out.add(new Shape("long", gen(n, i -> "x".repeat(r.nextInt(0, 300)) + (i % 3))));
        }
        out.add(new Shape("constantOverRunLimit", gen(40_000, i -> "same")));
        out.add(new Shape("alternatingRuns", gen(70_000, i -> (i / 33_000) % 2 == 0 ? "a" : "b")));
        return out;
    }

    private interface Gen {
        String at(int i);
    }

    private static byte[][] gen(int n, Gen g) {
        byte[][] v = new byte[n][];
        for (int i = 0; i < n; i++) {
            v[i] = g.at(i).getBytes(StandardCharsets.UTF_8);
        }
        return v;
    }

    private static byte[][] runs(int n, SplittableRandom r) {
        byte[][] v = new byte[n][];
        int i = 0;
        while (i < n) {
            byte[] value = ("r" + r.nextInt(20)).getBytes(StandardCharsets.UTF_8);
            int len = r.nextInt(1, r.nextBoolean() ? 10 : 60);
            for (int k = 0; k < len && i < n; k++) {
                v[i++] = value;
            }
        }
        return v;
    }

    /**
     * Runs of 1 to 200 values of one length that differ from the next run's value in one byte
     * anywhere (first, middle or last), so that the writer's run comparisons see runs end at every
     * position of a value and of a comparison step.
     */
    private static byte[][] sameLengthRuns(int n, SplittableRandom r) {
        byte[][] v = new byte[n][];
        int i = 0;
        while (i < n) {
            byte[] value = "device-0000-sensor".getBytes(StandardCharsets.UTF_8);
            value[r.nextInt(value.length)] = (byte) ('a' + r.nextInt(3));
            int len = r.nextInt(1, 200);
            for (int k = 0; k < len && i < n; k++) {
                v[i++] = value;
            }
        }
        return v;
    }

    static byte[] oracleEncode(byte[][] values) {
        Encoder encoder =
                TSEncodingBuilder.getEncodingBuilder(TSEncoding.DICTIONARY).getEncoder(TSDataType.TEXT);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] v : values) {
            encoder.encode(new Binary(v), out);
        }
        try {
            encoder.flush(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    static List<byte[]> oracleDecode(byte[] page) {
        Decoder decoder = Decoder.getDecoderByType(TSEncoding.DICTIONARY, TSDataType.TEXT);
        ByteBuffer buf = ByteBuffer.wrap(page);
        List<byte[]> out = new ArrayList<>();
        try {
            while (decoder.hasNext(buf)) {
                out.add(decoder.readBinary(buf).getValues());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    static byte[] encode(DictionaryWriter writer, byte[][] values, long seed) {
        writer.reset();
        SplittableRandom r = new SplittableRandom(seed);
        int i = 0;
        while (i < values.length) {
            if (r.nextBoolean()) {
                byte[] framed = new byte[values[i].length + 4];
                System.arraycopy(values[i], 0, framed, 2, values[i].length);
                writer.writeBinary(framed, 2, values[i].length);
                i++;
            } else {
                int n = Math.min(values.length - i, STEPS[r.nextInt(STEPS.length)]);
                BinaryBatch batch = new BinaryBatch();
                batch.append(new byte[] {9}, 0, 1);
                for (int k = 0; k < n; k++) {
                    batch.append(values[i + k], 0, values[i + k].length);
                }
                writer.writeBinaries(batch, 1, n);
                i += n;
            }
        }
        assertThat(writer.valueCount()).isEqualTo(values.length);
        byte[] page = writer.toByteArray();
        assertThatThrownBy(() -> writer.writeBinary(new byte[1])).isInstanceOf(IllegalStateException.class);
        return page;
    }

    static void assertDecodes(Kernels kernels, byte[] page, byte[][] expected, long seed) {
        byte[] framed = NumericCodecChecks.frame(page);
        int off = NumericCodecChecks.framedOffset();
        int n = expected.length;

        DictionaryReader single = new DictionaryReader(kernels);
        single.init(n, framed, off, page.length);
        for (int i = 0; i < n; i++) {
            assertThat(single.readBinary()).as("value %s of %s", i, n).isEqualTo(expected[i]);
        }
        assertThatThrownBy(single::readBinary).isInstanceOf(CorruptInputException.class);
        assertThat(single.endOffset()).isEqualTo(off + page.length);

        DictionaryReader mixed = new DictionaryReader(kernels);
        mixed.init(n, framed, off, page.length);
        SplittableRandom r = new SplittableRandom(seed);
        BinaryBatch batch = new BinaryBatch(4, 16);
        int i = 0;
        while (i < n) {
            int step = Math.min(n - i, STEPS[r.nextInt(STEPS.length)]);
            if (r.nextInt(3) == 0) {
                mixed.skip(step);
            } else {
                batch.clear();
                batch.append(new byte[] {1, 2}, 0, 2);
                mixed.readBinaries(batch, step);
                assertThat(batch.count()).isEqualTo(step + 1);
                for (int k = 0; k < step; k++) {
                    if (!java.util.Arrays.equals(batch.get(k + 1), expected[i + k])) {
                        fail("value " + (i + k) + " is " + HexFormat.of().formatHex(batch.get(k + 1)));
                    }
                }
            }
            i += step;
        }
        assertThatThrownBy(() -> mixed.skip(1)).isInstanceOf(CorruptInputException.class);

        DictionaryReader byId = new DictionaryReader(kernels);
        byId.init(n, framed, off, page.length);
        int[] ids = new int[n + 3];
        i = 0;
        while (i < n) {
            int step = Math.min(n - i, STEPS[r.nextInt(STEPS.length)]);
            if (r.nextInt(4) == 0) {
                byId.readBinaries(batch, step);
            } else {
                byId.readIds(ids, 3 + i, step);
                for (int k = i; k < i + step; k++) {
                    int id = ids[3 + k];
                    byte[] value = java.util.Arrays.copyOfRange(
                            framed, byId.entryOffset(id), byId.entryOffset(id) + byId.entryLength(id));
                    if (!java.util.Arrays.equals(value, expected[k])
                            || !java.util.Arrays.equals(byId.entry(id), value)) {
                        fail("value " + k + " is entry " + id + ": "
                                + HexFormat.of().formatHex(value));
                    }
                }
            }
            i += step;
        }
        assertThatThrownBy(() -> byId.readIds(ids, 0, 1)).isInstanceOf(CorruptInputException.class);
        assertThatThrownBy(() -> byId.entryOffset(byId.dictionarySize())).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> byId.entryLength(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void oracleEncodesWeDecode() {
        for (Shape shape : shapes()) {
            byte[] page = oracleEncode(shape.values());
            for (Kernels k : KERNELS) {
                assertDecodes(k, page, shape.values(), shape.values().length);
            }
            DictionaryReader u = new DictionaryReader();
            u.init(ValuesReader.UNKNOWN_COUNT, page, 0, page.length);
            u.skip(shape.values().length);
            assertThatThrownBy(u::readBinary).isInstanceOf(CorruptInputException.class);
        }
    }

    @Test
    void weEncodeTheOraclesBytesAndItDecodesThem() {
        for (Kernels k : KERNELS) {
            DictionaryWriter writer = new DictionaryWriter(k);
            for (Shape shape : shapes()) {
                byte[] ours = encode(writer, shape.values(), 3);
                byte[] theirs = oracleEncode(shape.values());
                assertThat(HexFormat.of().formatHex(ours))
                        .as("%s", shape)
                        .isEqualTo(HexFormat.of().formatHex(theirs));
                if (shape.values().length == 0) {
                    continue; // tsfile 2.4.0's hasNext() is true on an empty page and readBinary() then fails
                }
                List<byte[]> back = oracleDecode(ours);
                assertThat(back).hasSize(shape.values().length);
                for (int i = 0; i < back.size(); i++) {
                    assertThat(back.get(i)).isEqualTo(shape.values()[i]);
                }
            }
        }
    }

    @Test
    void emptyPageAndSmallExample() {
        byte[] empty = encode(new DictionaryWriter(), new byte[0][], 1);
        assertThat(empty).containsExactly(0, 0).isEqualTo(oracleEncode(new byte[0][]));
        byte[][] abca = gen(4, i -> "abca".substring(i, i + 1));
        byte[] page = encode(new DictionaryWriter(), abca, 1);
        // 3 entries (zigzag 6): "a" "b" "c"; RLE: length 5, width 2, 1 bit-packed group with 4 valid
        // values 0 1 2 0 = 00 01 10 00 -> 0x18 0x00
        assertThat(HexFormat.of().formatHex(page))
                .isEqualTo("06" + "0261" + "0262" + "0263" + "05" + "02" + "0304" + "1800");
    }

    @Test
    void indexOutsideTheDictionaryIsCorrupt() {
        // 1 entry "a"; RLE: 3 bytes, width 2, RLE run of 1 x value 3
        byte[] page = {2, 2, 'a', 3, 2, 2, 3};
        DictionaryReader r = new DictionaryReader();
        r.init(1, page, 0, page.length);
        assertThatThrownBy(r::readBinary)
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("DICTIONARY index");
        r.init(1, page, 0, page.length);
        int[] ids = new int[1];
        assertThatThrownBy(() -> r.readIds(ids, 0, 1))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("DICTIONARY index");
    }

    @Test
    void corruptInputGivesOnlyCorruptInputException() {
        List<byte[]> pages = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        SplittableRandom pr = new SplittableRandom(8);
        for (int n : new int[] {1, 5, 9, 30, 80}) {
            pages.add(oracleEncode(gen(n, i -> "w" + pr.nextInt(6))));
            counts.add(n);
            pages.add(oracleEncode(gen(n, i -> "d" + i)));
            counts.add(n);
            pages.add(oracleEncode(runs(n, pr)));
            counts.add(n);
        }
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            SplittableRandom r = new SplittableRandom(77);
            DictionaryReader reader = new DictionaryReader();
            BinaryBatch batch = new BinaryBatch();
            int[] ids = new int[STEPS[STEPS.length - 1]];
            int corrupt = 0;
            for (int it = 0; it < 12_000; it++) {
                int which = r.nextInt(pages.size());
                byte[] d = pages.get(which).clone();
                int mode = r.nextInt(4);
                if (mode != 0 && d.length > 0) {
                    for (int k = r.nextInt(1, 4); k > 0; k--) {
                        int bit = r.nextInt(d.length * 8);
                        d[bit >>> 3] ^= (byte) (0x80 >>> (bit & 7));
                    }
                }
                if (mode == 3 && d.length > 0) {
                    d[r.nextInt(d.length)] = (byte) r.nextInt(256);
                }
                if (mode == 0 || mode == 2) {
                    d = java.util.Arrays.copyOf(d, r.nextInt(d.length + 1));
                }
                int count = r.nextInt(10) == 0 ? ValuesReader.UNKNOWN_COUNT : counts.get(which) + r.nextInt(3);
                try {
                    reader.init(count, d, 0, d.length);
                    int limit = count == ValuesReader.UNKNOWN_COUNT ? d.length * 8 + 64 : count;
                    int done = 0;
                    while (done < limit) {
                        int step = Math.min(limit - done, STEPS[r.nextInt(STEPS.length)]);
                        switch (r.nextInt(4)) {
                            case 0:
                                reader.skip(step);
                                break;
                            case 3:
                                reader.readIds(ids, 0, step);
                                break;
                            case 1:
                                batch.clear();
                                reader.readBinaries(batch, step);
                                break;
                            default:
                                reader.readBinary();
                                step = 1;
                                break;
                        }
                        done += step;
                    }
                } catch (CorruptInputException e) {
                    corrupt++;
                } catch (Throwable t) {
                    throw new AssertionError("iteration " + it + " bytes " + NumericCodecChecks.hex(d) + ": " + t, t);
                }
            }
            assertThat(corrupt).isPositive();
        });
    }
}
