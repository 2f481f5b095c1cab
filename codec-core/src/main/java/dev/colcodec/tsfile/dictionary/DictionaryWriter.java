package dev.colcodec.tsfile.dictionary;

import dev.colcodec.io.ByteSink;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.rle.RleIntWriter;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesWriter;
import java.util.Arrays;
import java.util.Objects;

/**
 * Writes a TsFile DICTIONARY page of TEXT/STRING values, byte for byte as TsFile 2.4.0's {@code
 * DictionaryEncoder}: the entries in first-seen order ({@code zigzag varint size}, each entry as a
 * zigzag-varint length and its bytes), then the entry indexes as a TsFile RLE INT32 stream.
 */
public final class DictionaryWriter implements BinaryValuesWriter {
    /** The most values one comparison of a run checks. */
    private static final int MAX_RUN_STEP = 64;

    private final EntryTable entries = new EntryTable();
    private final RleIntWriter indexWriter;
    private int[] ids = new int[1024];
    private int count;
    /** The entry of the last value written, -1 if none: runs of one value skip the hash lookup. */
    private int lastId = -1;

    private boolean finished;

    /** A writer using the JVM's best kernels. */
    public DictionaryWriter() {
        this(KernelProvider.best());
    }

    /** A writer packing indexes with {@code kernels}. */
    public DictionaryWriter(Kernels kernels) {
        this.indexWriter = new RleIntWriter(Objects.requireNonNull(kernels, "kernels"));
    }

    @Override
    public void writeBinary(byte[] value, int off, int len) {
        checkOpen();
        Objects.checkFromIndexSize(off, len, value.length);
        ensureIds(1);
        int id = lastId >= 0 && entries.matches(lastId, value, off, len) ? lastId : entries.indexOf(value, off, len);
        ids[count++] = id;
        lastId = id;
    }

    @Override
    public void writeBinaries(BinaryBatch src, int from, int len) {
        checkOpen();
        Objects.checkFromIndexSize(from, len, src.count());
        ensureIds(len);
        byte[] data = src.data();
        int[] offsets = src.offsets();
        int[] out = ids;
        int n = count;
        int last = lastId;
        // the last entry's bytes, kept in locals: runs of one value compare without the table
        byte[] lastData = entries.data();
        int lastStart = last < 0 ? 0 : entries.start(last);
        int lastLength = last < 0 ? -1 : entries.length(last);
        final int end = from + len;
        int i = from;
        while (i < end) {
            int s = offsets[i];
            int l = offsets[i + 1] - s;
            if (l != lastLength || !Arrays.equals(lastData, lastStart, lastStart + l, data, s, s + l)) {
                last = entries.indexOf(data, s, l);
                lastData = entries.data();
                lastStart = entries.start(last);
                lastLength = l;
                out[n++] = last;
                i++;
                continue;
            }
            out[n++] = last;
            i++;
            // inside a run: value i - 1 (at s) equals the entry, and the values after it that have
            // its length lie back to back, so they all equal it exactly when data[s, s + k * l)
            // equals data[s + l, s + (k + 1) * l). One mismatch call checks k values at once; k
            // doubles while the run goes on.
            for (int k = 1; i < end; k = Math.min(2 * k, MAX_RUN_STEP)) {
                int m = Math.min(k, end - i);
                int same = 0;
                while (same < m && offsets[i + same + 1] - offsets[i + same] == l) {
                    same++;
                }
                if (same == 0) {
                    break;
                }
                int at = offsets[i];
                long bytes = (long) same * l;
                int equalValues = same;
                if (l > 0) {
                    long mismatch = Arrays.mismatch(data, at - l, (int) (at - l + bytes), data, at, (int) (at + bytes));
                    if (mismatch >= 0) {
                        equalValues = (int) (mismatch / l);
                    }
                }
                Arrays.fill(out, n, n + equalValues, last);
                n += equalValues;
                i += equalValues;
                if (equalValues < k) {
                    break;
                }
            }
        }
        count = n;
        lastId = last;
    }

    /** The number of distinct values written since the last reset. */
    public int dictionarySize() {
        return entries.size();
    }

    @Override
    public int valueCount() {
        return count;
    }

    @Override
    public long bufferedSize() {
        return entries.byteSize() + 5L * entries.size() + count * 4L / 8 + 16;
    }

    @Override
    public byte[] toByteArray() {
        ByteSink out = new ByteSink((int) Math.min(Integer.MAX_VALUE - 16, bufferedSize()));
        finishTo(out);
        return out.toByteArray();
    }

    @Override
    public void finishTo(ByteSink out) {
        finished = true;
        int size = entries.size();
        out.writeZigZagVarInt(size);
        byte[] data = entries.data();
        for (int i = 0; i < size; i++) {
            out.writeZigZagVarInt(entries.length(i));
            out.write(data, entries.start(i), entries.length(i));
        }
        indexWriter.reset();
        indexWriter.writeIntegers(ids, 0, count);
        indexWriter.finishTo(out);
    }

    @Override
    public void reset() {
        entries.clear();
        count = 0;
        lastId = -1;
        finished = false;
    }

    private void checkOpen() {
        if (finished) {
            throw new IllegalStateException("page already finished by toByteArray(); call reset() first");
        }
    }

    private void ensureIds(int more) {
        if (count + (long) more > ids.length) {
            long want = Math.max(count + (long) more, 2L * ids.length);
            if (want > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException("more than 2^31 values in one page");
            }
            ids = Arrays.copyOf(ids, (int) want);
        }
    }
}
