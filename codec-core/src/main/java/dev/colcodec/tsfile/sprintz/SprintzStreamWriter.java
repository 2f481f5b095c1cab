package dev.colcodec.tsfile.sprintz;

import dev.colcodec.io.ByteIO;
import dev.colcodec.io.ByteSink;
import dev.colcodec.io.SinkPage;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.ValuesWriter;
import java.util.Objects;

/**
 * Encodes a TsFile SPRINTZ page as TsFile 2.4.0 does with its default FIRE predictor: every 9
 * values become a block (width byte, first value, 8 mapped residuals packed MSB-first), and a last
 * group of 1 to 8 values is written raw by {@link SprintzTail}. Values are {@code long}s, 32-bit types
 * sign-extended.
 *
 * <p>One intended difference: a residual equal to the type's minimum (a FLOAT {@code x} after {@code -x}
 * with the predictor at rest, for one) is written as all ones, where TsFile writes 0 and so changes the
 * value; {@link SprintzStreamReader} reads it back exactly, and tsfile 2.4.0's decoder reads such a block
 * as it reads TsFile's own.
 */
final class SprintzStreamWriter extends SinkPage implements ValuesWriter {
    private static final int BLOCK = SprintzStreamReader.BLOCK;
    private static final int CHUNK = 513;

    private final SprintzType type;
    private final Kernels kernels;
    private final FirePredictor fire;
    private final SprintzTail tail;
    private final long[] pending = new long[BLOCK];
    private final long[] mapped = new long[BLOCK - 1];
    private final long[] chunk = new long[CHUNK];
    private int pendingCount;
    private int count;

    SprintzStreamWriter(SprintzType type, Kernels kernels) {
        this.type = type;
        this.kernels = Objects.requireNonNull(kernels, "kernels");
        this.fire = new FirePredictor(type);
        this.tail = new SprintzTail(type, kernels);
    }

    long[] chunkBuffer() {
        return chunk;
    }

    void writeOne(long v) {
        chunk[0] = v;
        write(chunk, 0, 1);
    }

    void write(long[] src, int off, int len) {
        checkOpen();
        Objects.checkFromIndexSize(off, len, src.length);
        if (count + (long) len > Integer.MAX_VALUE) {
            throw new IllegalStateException("more than 2^31-1 values in one page");
        }
        count += len;
        while (len > 0) {
            if (pendingCount == 0 && len >= BLOCK) {
                encodeBlock(src, off);
                off += BLOCK;
                len -= BLOCK;
                continue;
            }
            int n = Math.min(len, BLOCK - pendingCount);
            System.arraycopy(src, off, pending, pendingCount, n);
            pendingCount += n;
            off += n;
            len -= n;
            if (pendingCount == BLOCK) {
                encodeBlock(pending, 0);
                pendingCount = 0;
            }
        }
    }

    @Override
    public int valueCount() {
        return count;
    }

    @Override
    public long bufferedSize() {
        return sink.size() + 1L + pendingCount * (type.width / 8L) + 8;
    }

    @Override
    protected void finishPage() {
        if (pendingCount > 0) {
            tail.write(pending, 0, pendingCount, sink);
        }
    }

    @Override
    public void reset() {
        resetPage();
        pendingCount = 0;
        count = 0;
    }

    private void encodeBlock(long[] v, int off) {
        final SprintzType t = type;
        final FirePredictor f = fire;
        final long mask = t.mask;
        f.reset();
        long previous = t.predictionBits(v[off]);
        long widest = 0;
        for (int k = 0; k < BLOCK - 1; k++) {
            long value = t.predictionBits(t.norm(v[off + 1 + k]));
            long error = t.norm(value - f.predict(previous));
            f.train(previous, value, error);
            // a residual of the type's minimum has no code: -2p wraps to 0, and TsFile's encoder writes 0,
            // which reads back as another value. It goes out as all ones, the one code the mapping never
            // makes, which the reader decodes to the minimum (tsfile's reader reads it as 0, as it reads
            // its own bytes)
            long m = error == t.minError ? mask : (error <= 0 ? t.norm(-2 * error) : t.norm(2 * error - 1)) & mask;
            mapped[k] = m;
            widest |= m;
            previous = value;
        }
        int width = Math.max(1, 64 - Long.numberOfLeadingZeros(widest));
        ByteSink out = sink;
        int p = out.ensure(1 + 10 + width);
        byte[] a = out.array();
        a[p++] = (byte) width;
        long first = v[off];
        if (t == SprintzType.INT32) {
            int u = (int) first;
            while ((u & ~0x7F) != 0) {
                a[p++] = (byte) (u | 0x80);
                u >>>= 7;
            }
            a[p++] = (byte) u;
        } else if (t.width == 32) {
            ByteIO.putIntBE(a, p, (int) first);
            p += 4;
        } else {
            ByteIO.putLongBE(a, p, first);
            p += 8;
        }
        p += kernels.packMsb(mapped, 0, BLOCK - 1, width, a, p);
        out.setSize(p);
    }
}
