package dev.colcodec.parquet.delta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesReader;
import dev.colcodec.values.ValuesReader;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * Decodes a byte-string section with a random mix of single reads, odd-sized batches (into a reused
 * {@link BinaryBatch}) and skips, checking every value read. Shared by the DELTA_LENGTH_BYTE_ARRAY,
 * DELTA_BYTE_ARRAY and BYTE_STREAM_SPLIT FIXED_LEN_BYTE_ARRAY tests.
 */
public final class BinaryReadCheck {
    private BinaryReadCheck() {}

    private static void same(byte[] actual, byte[] expected, int index, int n) {
        if (!Arrays.equals(actual, expected)) {
            assertThat(actual).as("value %d of %d", index, n).isEqualTo(expected);
        }
    }

    /**
     * @param afterInit called after each {@code init} (e.g. to supply a previous value)
     */
    public static void check(
            BinaryValuesReader reader,
            byte[] stream,
            List<byte[]> expected,
            long seed,
            Consumer<BinaryValuesReader> afterInit) {
        SplittableRandom r = new SplittableRandom(seed);
        int lead = r.nextInt(8);
        byte[] framed = new byte[lead + stream.length + r.nextInt(4)];
        for (int i = 0; i < framed.length; i++) {
            framed[i] = (byte) r.nextInt(256);
        }
        System.arraycopy(stream, 0, framed, lead, stream.length);
        int n = expected.size();
        int valueCount = r.nextBoolean() ? ValuesReader.UNKNOWN_COUNT : n + r.nextInt(3);
        BinaryBatch batch = new BinaryBatch(1, 1);
        for (int pass = 0; pass < 2; pass++) {
            reader.init(valueCount, framed, lead, stream.length);
            afterInit.accept(reader);
            int pos = 0;
            while (pos < n) {
                int left = n - pos;
                switch (r.nextInt(4)) {
                    case 0:
                        same(reader.readBinary(), expected.get(pos), pos, n);
                        pos++;
                        break;
                    case 1:
                    case 2: {
                        int len = Math.min(left, 1 + 2 * r.nextInt(70));
                        if (r.nextBoolean()) {
                            batch.clear();
                        }
                        int before = batch.count();
                        reader.readBinaries(batch, len);
                        assertThat(batch.count()).isEqualTo(before + len);
                        byte[] data = batch.data();
                        for (int i = 0; i < len; i++) {
                            byte[] e = expected.get(pos + i);
                            int at = batch.offset(before + i);
                            if (batch.length(before + i) != e.length
                                    || !Arrays.equals(data, at, at + e.length, e, 0, e.length)) {
                                same(batch.get(before + i), e, pos + i, n);
                            }
                        }
                        pos += len;
                        break;
                    }
                    default: {
                        int len = Math.min(left, r.nextInt(140));
                        reader.skip(len);
                        pos += len;
                    }
                }
            }
            assertThat(reader.endOffset()).isEqualTo(lead + stream.length);
            assertThatThrownBy(reader::readBinary).isInstanceOf(CorruptInputException.class);
            assertThatThrownBy(() -> reader.skip(1)).isInstanceOf(CorruptInputException.class);
            assertThatThrownBy(() -> reader.readBinaries(new BinaryBatch(), 1))
                    .isInstanceOf(CorruptInputException.class);
        }
    }
}
