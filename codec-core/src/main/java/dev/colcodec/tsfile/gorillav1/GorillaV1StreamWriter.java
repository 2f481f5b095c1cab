package dev.colcodec.tsfile.gorillav1;

import dev.colcodec.io.SinkPage;
import dev.colcodec.tsfile.bits.MsbBitWriter;
import dev.colcodec.values.ValuesWriter;

/** Encodes one GORILLA_V1 page of value bits, byte for byte as tsfile 2.4.0 (see {@link GorillaV1Format}). */
final class GorillaV1StreamWriter extends SinkPage implements ValuesWriter {
    private final GorillaV1Format format;
    private final MsbBitWriter bits = new MsbBitWriter(sink);
    private boolean started;
    private long previous;
    private int count;

    GorillaV1StreamWriter(GorillaV1Format format) {
        this.format = format;
    }

    /** Appends one value given as its canonical bits (zero-extended for FLOAT). */
    void write(long value) {
        checkOpen();
        encode(value);
        count++;
    }

    private void encode(long value) {
        GorillaV1Format f = format;
        int w = f.width;
        if (!started) {
            started = true;
            previous = value;
            int p = sink.ensure(w >>> 3);
            byte[] a = sink.array();
            for (int i = 0; i < w >>> 3; i++) {
                a[p + i] = (byte) (value >>> (8 * i));
            }
            sink.advance(w >>> 3);
            return;
        }
        long xor = value ^ previous;
        if (xor == 0) {
            bits.write(0, 1);
        } else {
            int lz = f.leadingZeros(xor);
            int tz = Long.numberOfTrailingZeros(xor);
            int previousLz = f.leadingZeros(previous);
            int previousTz = f.trailingZeros(previous);
            if (lz >= previousLz && tz >= previousTz) {
                bits.write(2, 2);
                bits.write(xor >>> previousTz, w - previousLz - previousTz);
            } else {
                int len = w - lz - tz;
                bits.write(3, 2);
                bits.write(lz, f.leadingBits);
                bits.write(len, f.lengthBits);
                bits.write(xor >>> tz, len);
            }
        }
        previous = value;
    }

    @Override
    public int valueCount() {
        return count;
    }

    @Override
    public long bufferedSize() {
        return sink.size() + (bits.bitsWritten() & 63) / 8 + 1 + 16;
    }

    @Override
    protected void finishPage() {
        encode(format.endMarker);
        bits.flushToByte();
    }

    @Override
    public void reset() {
        resetPage();
        bits.reset();
        started = false;
        previous = 0;
        count = 0;
    }
}
