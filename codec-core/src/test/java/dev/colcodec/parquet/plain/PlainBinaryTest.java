package dev.colcodec.parquet.plain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import dev.colcodec.parquet.ValueShapes;
import dev.colcodec.parquet.ValueShapes.Shape;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesReader;
import dev.colcodec.values.BinaryValuesWriter;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** PLAIN BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY and INT96 against parquet-java. */
class PlainBinaryTest {
    private final SplittableRandom r = new SplittableRandom(31);

    @Test
    void referenceVectorByteArray() {
        byte[] expected = HexFormat.ofDelimiter(" ").parseHex("02 00 00 00 61 62 00 00 00 00 03 00 00 00 78 79 7a");
        byte[][] values = {"ab".getBytes(StandardCharsets.UTF_8), new byte[0], "xyz".getBytes(StandardCharsets.UTF_8)};
        assertThat(PlainOracle.binaries(values)).isEqualTo(expected);
        PlainBinaryWriter w = new PlainBinaryWriter();
        for (byte[] v : values) {
            w.writeBinary(v);
        }
        assertThat(w.toByteArray()).isEqualTo(expected);
        PlainBinaryReader reader = new PlainBinaryReader();
        reader.init(3, expected, 0, expected.length);
        BinaryBatch batch = new BinaryBatch(1, 1);
        reader.readBinaries(batch, 3);
        assertThat(batch.getString(0)).isEqualTo("ab");
        assertThat(batch.length(1)).isZero();
        assertThat(batch.getString(2)).isEqualTo("xyz");
    }

    @Test
    void byteArrayMatchesOracleBothWays() {
        long seed = 1;
        for (Shape shape : Shape.values()) {
            for (int n : ValueShapes.SIZES) {
                byte[][] v = ValueShapes.binaries(shape, n, -1, 40, seed++);
                byte[] oracle = PlainOracle.binaries(v);
                byte[] ours = write(new PlainBinaryWriter(), v);
                assertThat(ours).isEqualTo(oracle);
                assertThat(PlainOracle.readBinaries(ours, n)).isEqualTo(v);
                check(new PlainBinaryReader(), oracle, v);
            }
        }
    }

    /**
     * Views of parquet-java's pages, read in batches of every size after a skip, are its values; a length
     * past the page is corrupt input, and the reader stays at that value.
     */
    @Test
    void viewsOfParquetJavaPagesAreItsValues() {
        long seed = 900;
        for (Shape shape : Shape.values()) {
            for (int n : ValueShapes.SIZES) {
                byte[][] v = ValueShapes.binaries(shape, n, -1, 40, seed++);
                byte[] page = new byte[3];
                byte[] oracle = PlainOracle.binaries(v);
                page = java.util.Arrays.copyOf(page, 3 + oracle.length);
                System.arraycopy(oracle, 0, page, 3, oracle.length);
                PlainBinaryReader reader = new PlainBinaryReader();
                reader.init(n, page, 3, oracle.length);
                assertThat(reader.viewArray()).isSameAs(page);
                int skipped = Math.min(n, 2);
                reader.skip(skipped);
                int[] starts = new int[n + 1];
                int[] lengths = new int[n + 1];
                int i = skipped;
                while (i < n) {
                    int k = Math.min(n - i, 1 + r.nextInt(50));
                    reader.readViews(starts, lengths, 1 + i, k);
                    i += k;
                }
                for (int j = skipped; j < n; j++) {
                    byte[] got = java.util.Arrays.copyOfRange(page, starts[1 + j], starts[1 + j] + lengths[1 + j]);
                    assertThat(got).as("%s n=%d value %d", shape, n, j).isEqualTo(v[j]);
                }
            }
        }
        byte[] page = PlainOracle.binaries(new byte[][] {{1, 2}, {3, 4, 5}});
        page[6] = 4; // the second value claims 4 bytes, the page has 3
        PlainBinaryReader reader = new PlainBinaryReader();
        reader.init(2, page, 0, page.length);
        int[] starts = new int[2];
        int[] lengths = new int[2];
        assertThatThrownBy(() -> reader.readViews(starts, lengths, 0, 2))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("at most 3 bytes (got 4)");
        byte[] cut = java.util.Arrays.copyOf(page, 8); // the second length cut after 2 bytes
        reader.init(2, cut, 0, cut.length);
        reader.readViews(starts, lengths, 0, 1);
        assertThat(starts[0]).isEqualTo(4);
        assertThat(lengths[0]).isEqualTo(2);
        assertThatThrownBy(() -> reader.readViews(starts, lengths, 1, 1))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("4-byte length");
    }

    @Test
    void fixedLengthAndInt96MatchOracleBothWays() {
        long seed = 500;
        for (int length : new int[] {1, 3, 12, 16}) {
            for (Shape shape : Shape.values()) {
                for (int n : ValueShapes.SIZES) {
                    byte[][] v = ValueShapes.binaries(shape, n, length, length, seed++);
                    byte[] oracle = PlainOracle.fixed(length, v);
                    PlainFixedLenWriter writer =
                            length == 12 ? PlainFixedLenWriter.forInt96() : new PlainFixedLenWriter(length);
                    byte[] ours = write(writer, v);
                    assertThat(ours).isEqualTo(oracle);
                    assertThat(PlainOracle.readFixed(length, ours, n)).isEqualTo(v);
                    check(length == 12 ? PlainFixedLenReader.forInt96() : new PlainFixedLenReader(length), oracle, v);
                }
            }
        }
    }

    private byte[] write(BinaryValuesWriter w, byte[][] v) {
        BinaryBatch batch = new BinaryBatch();
        for (byte[] x : v) {
            batch.append(x, 0, x.length);
        }
        for (int i = 0; i < v.length; ) {
            int c = Math.min(v.length - i, r.nextInt(3) == 0 ? 1 : 1 + r.nextInt(100));
            if (c == 1) {
                w.writeBinary(v[i]);
            } else {
                w.writeBinaries(batch, i, c);
            }
            i += c;
        }
        assertThat(w.valueCount()).isEqualTo(v.length);
        long size = w.bufferedSize();
        byte[] out = w.toByteArray();
        assertThat(out).hasSize((int) size);
        return out;
    }

    private void check(BinaryValuesReader reader, byte[] page, byte[][] v) {
        int n = v.length;
        byte[] shifted = new byte[page.length + 5];
        System.arraycopy(page, 0, shifted, 5, page.length);
        reader.init(n, shifted, 5, page.length);
        byte[][] one = new byte[n][];
        for (int i = 0; i < n; i++) {
            one[i] = reader.readBinary();
        }
        assertThat(one).isEqualTo(v);
        assertThat(reader.endOffset()).isEqualTo(shifted.length);
        assertThatThrownBy(reader::readBinary).isInstanceOf(CorruptInputException.class);
        reader.init(n, shifted, 5, page.length);
        BinaryBatch batch = new BinaryBatch(2, 8);
        int pos = 0;
        for (int b : ValueShapes.oddBatches(n, r)) {
            if (b < 0) {
                reader.skip(-b);
                pos -= b;
            } else {
                batch.clear();
                reader.readBinaries(batch, b);
                assertThat(batch.count()).isEqualTo(b);
                byte[][] got = new byte[b][];
                for (int i = 0; i < b; i++) {
                    got[i] = batch.get(i);
                }
                assertThat(got).isEqualTo(java.util.Arrays.copyOfRange(v, pos, pos + b));
                pos += b;
            }
        }
    }

    @Test
    void badLengthsAreCorruptInput() {
        byte[] page = HexFormat.ofDelimiter(" ").parseHex("05 00 00 00 61 62 63");
        PlainBinaryReader reader = new PlainBinaryReader();
        reader.init(1, page, 0, page.length);
        assertThatThrownBy(reader::readBinary)
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("at most 3 bytes (got 5)");
        byte[] negative = HexFormat.ofDelimiter(" ").parseHex("ff ff ff ff 61");
        reader.init(1, negative, 0, negative.length);
        assertThatThrownBy(() -> reader.readBinaries(new BinaryBatch(), 1))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("4294967295");
    }

    @Test
    void fixedLengthWriterRejectsOtherLengths() {
        PlainFixedLenWriter w = new PlainFixedLenWriter(4);
        assertThatThrownBy(() -> w.writeBinary(new byte[3])).isInstanceOf(IllegalArgumentException.class);
        BinaryBatch b = new BinaryBatch();
        b.append(new byte[4], 0, 4);
        b.append(new byte[5], 0, 5);
        assertThatThrownBy(() -> w.writeBinaries(b, 0, 2)).isInstanceOf(IllegalArgumentException.class);
        assertThat(w.valueCount()).isZero();
    }
}
