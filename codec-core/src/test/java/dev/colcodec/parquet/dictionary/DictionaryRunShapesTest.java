package dev.colcodec.parquet.dictionary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.rle.RleRunShapesTest;
import dev.colcodec.parquet.rle.RleRunShapesTest.Section;
import dev.colcodec.values.BinaryBatch;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The typed dictionary readers over hand-built id sections with RLE and bit-packed runs of the lengths
 * in {@link RleRunShapesTest#RUN_LENGTHS}, at every id bit width 0..32, read in odd batches mixed with
 * skips (and per value), the page at the end of an exact-size array or followed by junk; and ids outside
 * the dictionary in repeated, short packed and long packed stretches.
 */
class DictionaryRunShapesTest {
    private final Kernels[] kernels = {KernelProvider.best(), KernelProvider.scalar()};

    /** Reads {@code len} values starting at value {@code pos} and checks them; or skips. */
    interface Batches {
        void read(int pos, int len);

        void skip(int n);
    }

    @Test
    void everyTypedReaderDecodesEveryWidthAndRunLength() {
        SplittableRandom r = new SplittableRandom(7);
        for (int w = 0; w <= 32; w++) {
            for (int trial = 0; trial < 4; trial++) {
                int size = w == 0 ? 1 : (int) Math.min(1L << w, 300);
                Section s = w == 0
                        ? new Section(new byte[] {(byte) 0x81, 1}, new int[1 + r.nextInt(700)])
                        : RleRunShapesTest.section(w, size, r, trial == 3);
                byte[] page = new byte[1 + s.bytes().length];
                page[0] = (byte) w;
                System.arraycopy(s.bytes(), 0, page, 1, s.bytes().length);
                boolean junk = (trial & 1) == 1;
                byte[] buf = RleRunShapesTest.place(page, junk);
                int offset = junk ? 5 : 0;
                int[] ids = s.readableValues();
                int n = ids.length;
                Kernels k = kernels[r.nextInt(2)];
                String what = "width " + w + " trial " + trial + " " + k.name();

                int[] ints = new int[size];
                long[] longs = new long[size];
                float[] floats = new float[size];
                double[] doubles = new double[size];
                byte[][] binaries = new byte[size][];
                for (int i = 0; i < size; i++) {
                    ints[i] = i * 0x9E3779B9 + 17;
                    longs[i] = i * 0x9E3779B97F4A7C15L - 3;
                    floats[i] = i * 1.25f - 7;
                    doubles[i] = i * -2.5 + 0.125;
                    binaries[i] = ("v" + i + "-".repeat(i % 5)).getBytes(StandardCharsets.US_ASCII);
                }

                DictionaryIntReader intReader = new DictionaryIntReader(IntDictionary.of(ints), k);
                intReader.init(n, buf, offset, page.length);
                drive(n, r, new Batches() {
                    public void read(int pos, int len) {
                        int[] out = new int[len + 2];
                        intReader.readIntegers(out, 1, len);
                        for (int i = 0; i < len; i++) {
                            assertThat(out[1 + i])
                                    .as("%s value %d", what, pos + i)
                                    .isEqualTo(ints[ids[pos + i]]);
                        }
                    }

                    public void skip(int m) {
                        intReader.skip(m);
                    }
                });
                intReader.init(n, buf, offset, page.length);
                for (int i = 0; i < n; i++) {
                    assertThat(intReader.readInteger()).isEqualTo(ints[ids[i]]);
                }

                DictionaryLongReader longReader = new DictionaryLongReader(LongDictionary.of(longs), k);
                longReader.init(n, buf, offset, page.length);
                drive(n, r, new Batches() {
                    public void read(int pos, int len) {
                        long[] out = new long[len + 2];
                        longReader.readLongs(out, 1, len);
                        for (int i = 0; i < len; i++) {
                            assertThat(out[1 + i])
                                    .as("%s value %d", what, pos + i)
                                    .isEqualTo(longs[ids[pos + i]]);
                        }
                    }

                    public void skip(int m) {
                        longReader.skip(m);
                    }
                });

                DictionaryFloatReader floatReader = new DictionaryFloatReader(FloatDictionary.of(floats), k);
                floatReader.init(n, buf, offset, page.length);
                drive(n, r, new Batches() {
                    public void read(int pos, int len) {
                        float[] out = new float[len + 2];
                        floatReader.readFloats(out, 1, len);
                        for (int i = 0; i < len; i++) {
                            assertThat(out[1 + i])
                                    .as("%s value %d", what, pos + i)
                                    .isEqualTo(floats[ids[pos + i]]);
                        }
                    }

                    public void skip(int m) {
                        floatReader.skip(m);
                    }
                });

                DictionaryDoubleReader doubleReader = new DictionaryDoubleReader(DoubleDictionary.of(doubles), k);
                doubleReader.init(n, buf, offset, page.length);
                drive(n, r, new Batches() {
                    public void read(int pos, int len) {
                        double[] out = new double[len + 2];
                        doubleReader.readDoubles(out, 1, len);
                        for (int i = 0; i < len; i++) {
                            assertThat(out[1 + i])
                                    .as("%s value %d", what, pos + i)
                                    .isEqualTo(doubles[ids[pos + i]]);
                        }
                    }

                    public void skip(int m) {
                        doubleReader.skip(m);
                    }
                });

                BinaryDictionary dictionary = byteArrayDictionary(binaries);
                DictionaryBinaryReader binaryReader = new DictionaryBinaryReader(dictionary, k);
                binaryReader.init(n, buf, offset, page.length);
                drive(n, r, new Batches() {
                    public void read(int pos, int len) {
                        int[] out = new int[len + 2];
                        binaryReader.readIds(out, 1, len);
                        assertThat(Arrays.copyOfRange(out, 1, 1 + len))
                                .as("%s ids [%d, %d)", what, pos, pos + len)
                                .isEqualTo(Arrays.copyOfRange(ids, pos, pos + len));
                        assertThat(out[1 + len]).isZero();
                    }

                    public void skip(int m) {
                        binaryReader.skip(m);
                    }
                });
                binaryReader.init(n, buf, offset, page.length);
                drive(n, r, new Batches() {
                    public void read(int pos, int len) {
                        BinaryBatch batch = new BinaryBatch();
                        binaryReader.readBinaries(batch, len);
                        assertThat(batch.count()).isEqualTo(len);
                        for (int i = 0; i < len; i++) {
                            assertThat(batch.get(i))
                                    .as("%s value %d", what, pos + i)
                                    .isEqualTo(binaries[ids[pos + i]]);
                        }
                    }

                    public void skip(int m) {
                        binaryReader.skip(m);
                    }
                });
            }
        }
    }

    /** Odd batch sizes 1, 3, ... (up to 151, then again), one in four skipped. */
    private static void drive(int n, SplittableRandom r, Batches batches) {
        int pos = 0;
        int odd = 1;
        while (pos < n) {
            int b = Math.min(n - pos, odd);
            if (r.nextInt(4) == 0) {
                batches.skip(b);
            } else {
                batches.read(pos, b);
            }
            pos += b;
            odd = odd >= 151 ? 1 : odd + 2 + 2 * r.nextInt(14);
        }
    }

    private static BinaryDictionary byteArrayDictionary(byte[][] entries) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] e : entries) {
            out.write(e.length);
            out.write(0);
            out.write(0);
            out.write(0);
            out.write(e, 0, e.length);
        }
        byte[] plain = out.toByteArray();
        return BinaryDictionary.readByteArray(entries.length, plain, 0, plain.length);
    }

    @Test
    void idsOutsideTheDictionaryAreCorruptInputInEveryKindOfStretch() {
        int size = 5;
        int[] bad = {5, 15};
        // width 4: an RLE run, a short bit-packed run (2 groups) and a long one (16 groups)
        for (int stretchKind = 0; stretchKind < 3; stretchKind++) {
            for (int badId : bad) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                out.write(4);
                int n;
                if (stretchKind == 0) {
                    RleRunShapesTest.writeUleb(out, 20 << 1);
                    out.write(badId);
                    n = 20;
                } else {
                    int groups = stretchKind == 1 ? 2 : 16;
                    int[] ids = new int[groups * 8];
                    for (int i = 0; i < ids.length; i++) {
                        ids[i] = i % size;
                    }
                    ids[ids.length - 3] = badId;
                    RleRunShapesTest.writeUleb(out, (groups << 1) | 1);
                    byte[] packed = new byte[groups * 4];
                    KernelProvider.scalar().packLsb(ids, 0, ids.length, 4, packed, 0);
                    out.write(packed, 0, packed.length);
                    n = ids.length;
                }
                byte[] page = out.toByteArray();
                byte[] buf = new byte[3 + page.length];
                System.arraycopy(page, 0, buf, 3, page.length);
                for (Kernels k : kernels) {
                    DictionaryIntReader ints = new DictionaryIntReader(IntDictionary.of(new int[size]), k);
                    ints.init(n, buf, 3, page.length);
                    assertCorruptInPage(buf.length, () -> ints.readIntegers(new int[n], 0, n));
                    DictionaryLongReader longs = new DictionaryLongReader(LongDictionary.of(new long[size]), k);
                    longs.init(n, buf, 3, page.length);
                    assertCorruptInPage(buf.length, () -> longs.readLongs(new long[n], 0, n));
                    DictionaryFloatReader floats = new DictionaryFloatReader(FloatDictionary.of(new float[size]), k);
                    floats.init(n, buf, 3, page.length);
                    assertCorruptInPage(buf.length, () -> floats.readFloats(new float[n], 0, n));
                    DictionaryDoubleReader doubles =
                            new DictionaryDoubleReader(DoubleDictionary.of(new double[size]), k);
                    doubles.init(n, buf, 3, page.length);
                    assertCorruptInPage(buf.length, () -> doubles.readDoubles(new double[n], 0, n));
                    byte[][] entries = new byte[size][];
                    Arrays.fill(entries, new byte[] {1, 2});
                    DictionaryBinaryReader binaries = new DictionaryBinaryReader(byteArrayDictionary(entries), k);
                    binaries.init(n, buf, 3, page.length);
                    assertCorruptInPage(buf.length, () -> binaries.readIds(new int[n], 0, n));
                    binaries.init(n, buf, 3, page.length);
                    assertCorruptInPage(buf.length, () -> binaries.readBinaries(new BinaryBatch(), n));
                }
            }
        }
    }

    @Test
    void anEmptyDictionaryHoldsNoIdAtAnyWidthOrStretch() {
        for (int width : new int[] {0, 1, 4}) {
            for (int stretchKind = 0; stretchKind < 3; stretchKind++) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                out.write(width);
                int n;
                if (stretchKind == 0 || width == 0) {
                    RleRunShapesTest.writeUleb(out, 20 << 1);
                    if (width > 0) {
                        out.write(0);
                    }
                    n = 20;
                } else {
                    int groups = stretchKind == 1 ? 2 : 16;
                    RleRunShapesTest.writeUleb(out, (groups << 1) | 1);
                    out.write(new byte[groups * width], 0, groups * width);
                    n = groups * 8;
                }
                byte[] page = out.toByteArray();
                byte[] buf = new byte[3 + page.length + 16];
                System.arraycopy(page, 0, buf, 3, page.length);
                for (Kernels k : kernels) {
                    DictionaryIntReader ints = new DictionaryIntReader(IntDictionary.of(new int[0]), k);
                    ints.init(n, buf, 3, page.length);
                    assertThatThrownBy(() -> ints.readIntegers(new int[n], 0, n))
                            .isInstanceOf(CorruptInputException.class);
                    DictionaryLongReader longs = new DictionaryLongReader(LongDictionary.of(new long[0]), k);
                    longs.init(n, buf, 3, page.length);
                    assertThatThrownBy(() -> longs.readLongs(new long[n], 0, n))
                            .isInstanceOf(CorruptInputException.class);
                    DictionaryDoubleReader doubles = new DictionaryDoubleReader(DoubleDictionary.of(new double[0]), k);
                    doubles.init(n, buf, 3, page.length);
                    assertThatThrownBy(() -> doubles.readDoubles(new double[n], 0, n))
                            .isInstanceOf(CorruptInputException.class);
                }
            }
        }
    }

    /**
     * A page whose last bit-packed group is cut short: the ids it holds whole are read, the next one is
     * corrupt input even though the caller's count says it exists (parquet-java reads it as id 0), and the
     * rest may be skipped as padding.
     */
    @Test
    void anIdCutOffByTheEndOfThePageIsCorruptInputNotIdZero() {
        // width 3, one bit-packed group of 8 ids (1..7, 1) whose third byte is missing: 16 bits hold 5 ids
        int[] ids = {1, 2, 3, 4, 5, 6, 7, 1};
        byte[] packed = new byte[3];
        KernelProvider.scalar().packLsb(ids, 0, 8, 3, packed, 0);
        byte[] page = {3, 3, packed[0], packed[1]};
        int[] entries = {10, 11, 12, 13, 14, 15, 16, 17};
        for (Kernels k : kernels) {
            DictionaryIntReader batch = new DictionaryIntReader(IntDictionary.of(entries), k);
            batch.init(8, page, 0, page.length);
            int[] out = new int[5];
            batch.readIntegers(out, 0, 5);
            assertThat(out).containsExactly(11, 12, 13, 14, 15);
            assertThatThrownBy(() -> batch.readIntegers(new int[1], 0, 1))
                    .isInstanceOf(CorruptInputException.class)
                    .satisfies(e ->
                            assertThat(((CorruptInputException) e).offset()).isEqualTo(4L))
                    .hasMessageContaining("the section ends after 2 of its bytes");

            DictionaryIntReader perValue = new DictionaryIntReader(IntDictionary.of(entries), k);
            perValue.init(8, page, 0, page.length);
            for (int i = 0; i < 5; i++) {
                assertThat(perValue.readInteger()).isEqualTo(entries[ids[i]]);
            }
            assertThatThrownBy(perValue::readInteger).isInstanceOf(CorruptInputException.class);

            DictionaryLongReader longs =
                    new DictionaryLongReader(LongDictionary.of(new long[] {0, 1, 2, 3, 4, 5, 6, 7}), k);
            longs.init(8, page, 0, page.length);
            assertThatThrownBy(() -> longs.readLongs(new long[8], 0, 8)).isInstanceOf(CorruptInputException.class);

            DictionaryIntReader skipping = new DictionaryIntReader(IntDictionary.of(entries), k);
            skipping.init(8, page, 0, page.length);
            skipping.skip(2);
            assertThat(skipping.readInteger()).isEqualTo(13);
            skipping.skip(5); // the padding of a V1 page, whose count includes nulls
            assertThat(skipping.endOffset()).isEqualTo(page.length);
        }
    }

    /** Corrupt input about a dictionary id, reported at an offset inside the page (which starts at 3). */
    private static void assertCorruptInPage(int end, Runnable read) {
        assertThatThrownBy(read::run)
                .isInstanceOf(CorruptInputException.class)
                .satisfies(e -> assertThat(((CorruptInputException) e).offset()).isBetween(3L, (long) end))
                .hasMessageContaining("dictionary id");
    }
}
