package dev.colcodec.tsfile.scaled;

import dev.colcodec.io.ByteCursor;
import dev.colcodec.values.DoubleValuesReader;
import dev.colcodec.values.LongValuesReader;
import java.util.Objects;

/**
 * Reads the DOUBLE pages of TsFile's lossy {@code FloatEncoder} around any INT64 stream reader: the
 * header (see {@link ScaledFloats}) with the max point number and, when some values did not scale,
 * bitmaps of how each value was stored, then the inner stream. A value is {@code v /
 * 10^maxPointNumber} (scaled), {@code v} (rounded only) or {@code longBitsToDouble(v)} (raw bits),
 * exactly as TsFile's {@code FloatDecoder} computes it. The header is parsed by {@code init}; an empty
 * section, or a count of 0, is an empty page.
 */
public class ScaledDoubleReader implements DoubleValuesReader {
    private static final int CHUNK = 512;

    private final LongValuesReader inner;
    private final ScaledFloats.Header header = new ScaledFloats.Header();
    private final ByteCursor cursor = new ByteCursor();
    private final long[] tmp = new long[CHUNK];
    private byte[] buf = new byte[0];
    private int index;

    /** @param inner the INT64 stream reader (TS_2DIFF or RLE in TsFile), owned by this reader */
    public ScaledDoubleReader(LongValuesReader inner) {
        this.inner = Objects.requireNonNull(inner, "inner");
    }

    @Override
    public final void init(int valueCount, byte[] buf, int offset, int length) {
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
    public final double readDouble() {
        return convert(inner.readLong(), index++);
    }

    private double convert(long v, int i) {
        switch (header.kind(buf, i)) {
            case ScaledFloats.SCALED:
                return v / header.scale;
            case ScaledFloats.ROUNDED:
                return (double) v;
            default:
                return Double.longBitsToDouble(v);
        }
    }

    @Override
    public final void readDoubles(double[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        while (len > 0) {
            int m = Math.min(len, CHUNK);
            inner.readLongs(tmp, 0, m);
            if (header.count < 0) {
                double scale = header.scale;
                for (int k = 0; k < m; k++) {
                    dst[off + k] = tmp[k] / scale;
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
    public final void skip(int n) {
        inner.skip(n);
        index += n;
    }

    @Override
    public final int endOffset() {
        return inner.endOffset();
    }
}
