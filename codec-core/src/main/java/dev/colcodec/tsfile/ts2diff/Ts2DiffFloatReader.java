package dev.colcodec.tsfile.ts2diff;

import dev.colcodec.io.ByteCursor;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.FloatValuesReader;
import java.util.Objects;

/**
 * Reads the FLOAT pages TsFile writes under TS_2DIFF (its lossy {@code FloatEncoder}): a small header
 * with the max point number and, when some values did not scale, bitmaps of how each value was stored,
 * then a {@link Ts2DiffIntReader} stream. A value is {@code (float) (v / 10^maxPointNumber)} (scaled), {@code v}
 * (rounded only) or {@code intBitsToFloat(v)} (raw bits), exactly as TsFile's {@code FloatDecoder}
 * computes it. The header is parsed by {@code init}; an empty section, or a count of 0, is an empty page.
 */
public final class Ts2DiffFloatReader implements FloatValuesReader {
    private static final int CHUNK = 512;

    private final Ts2DiffIntReader inner;
    private final ScaledFloats.Header header = new ScaledFloats.Header();
    private final ByteCursor cursor = new ByteCursor();
    private final int[] tmp = new int[CHUNK];
    private byte[] buf = new byte[0];
    private int index;

    public Ts2DiffFloatReader(Kernels kernels) {
        this.inner = new Ts2DiffIntReader(kernels);
    }

    /** A reader using {@link KernelProvider#best()}. */
    public Ts2DiffFloatReader() {
        this(KernelProvider.best());
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, buf.length);
        this.buf = buf;
        this.index = 0;
        int dataStart = offset;
        if (length > 0 && valueCount != 0) {
            header.parse(cursor.reset(buf, offset, length));
            dataStart = header.dataStart;
        } else {
            header.count = -1;
            header.scale = 1.0;
        }
        inner.init(valueCount, buf, dataStart, offset + length - dataStart);
    }

    @Override
    public float readFloat() {
        return convert(inner.readInteger(), index++);
    }

    private float convert(int v, int i) {
        switch (header.kind(buf, i)) {
            case ScaledFloats.SCALED:
                return (float) (v / header.scale);
            case ScaledFloats.ROUNDED:
                return (float) v;
            default:
                return Float.intBitsToFloat(v);
        }
    }

    @Override
    public void readFloats(float[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        while (len > 0) {
            int m = Math.min(len, CHUNK);
            inner.readIntegers(tmp, 0, m);
            if (header.count < 0) {
                double scale = header.scale;
                for (int k = 0; k < m; k++) {
                    dst[off + k] = (float) (tmp[k] / scale);
                }
            } else {
                for (int k = 0; k < m; k++) {
                    dst[off + k] = convert(tmp[k], index + k);
                }
            }
            index += m;
            off += m;
            len -= m;
        }
    }

    @Override
    public void skip(int n) {
        inner.skip(n);
        index += n;
    }

    @Override
    public int endOffset() {
        return inner.endOffset();
    }
}
