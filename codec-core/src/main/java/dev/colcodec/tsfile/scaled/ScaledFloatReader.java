package dev.colcodec.tsfile.scaled;

import dev.colcodec.io.ByteCursor;
import dev.colcodec.values.FloatValuesReader;
import dev.colcodec.values.IntValuesReader;
import java.util.Objects;

/**
 * Reads the FLOAT pages of TsFile's lossy {@code FloatEncoder} around any INT32 stream reader: the
 * header (see {@link ScaledFloats}), then the inner stream. A value is {@code (float) (v /
 * 10^maxPointNumber)} (scaled), {@code v} (rounded only) or {@code intBitsToFloat(v)} (raw bits),
 * exactly as TsFile's {@code FloatDecoder} computes it. The header is parsed by {@code init}; an empty
 * section, or a count of 0, is an empty page.
 */
public class ScaledFloatReader implements FloatValuesReader {
    private static final int CHUNK = 512;

    private final IntValuesReader inner;
    private final ScaledFloats.Header header = new ScaledFloats.Header();
    private final ByteCursor cursor = new ByteCursor();
    private final int[] tmp = new int[CHUNK];
    private byte[] buf = new byte[0];
    private int index;

    /** @param inner the INT32 stream reader (TS_2DIFF or RLE in TsFile), owned by this reader */
    public ScaledFloatReader(IntValuesReader inner) {
        this.inner = Objects.requireNonNull(inner, "inner");
    }

    @Override
    public final void init(int valueCount, byte[] buf, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, buf.length);
        this.buf = buf;
        this.index = 0;
        int dataStart = offset;
        if (length > 0 && valueCount != 0) {
            // an empty section until the header is found good (a corrupt one leaves no value of the last page)
            inner.init(0, buf, offset, 0);
            header.parse(cursor.reset(buf, offset, length));
            dataStart = header.dataStart;
        } else {
            header.count = -1;
            header.scale = 1.0;
        }
        inner.init(valueCount, buf, dataStart, offset + length - dataStart);
    }

    @Override
    public final float readFloat() {
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
    public final void readFloats(float[] dst, int off, int len) {
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
    public final void skip(int n) {
        inner.skip(n);
        index += n;
    }

    @Override
    public final int endOffset() {
        return inner.endOffset();
    }
}
