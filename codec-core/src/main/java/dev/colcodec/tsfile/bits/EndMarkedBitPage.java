package dev.colcodec.tsfile.bits;

import dev.colcodec.io.SinkPage;
import dev.colcodec.values.ValuesWriter;
import java.util.Objects;

/**
 * The page side the GORILLA (V2) and CHIMP stream writers share. Values, given as {@code long}s, go in
 * batches to the encoder's {@link #encode}, which keeps the bits it has not stored in {@link #sink} yet
 * in {@link #acc} (the low {@link #accBits} bits, MSB-first) between calls. A page ends as TsFile 2.4.0
 * ends both: the end marker encoded as a last value, then one more byte ({@link MsbBits#putLastByte}).
 */
public abstract class EndMarkedBitPage extends SinkPage implements ValuesWriter {
    /** Values a typed writer converts to bits at a time ({@link #chunkBuffer()}). */
    private static final int CHUNK = 512;
    /** Values per {@link #encode} call from {@link #write}, which bounds the sink's growth per call. */
    private static final int BATCH = 4096;

    /** Bits not stored in {@link #sink} yet: the low {@link #accBits} bits. */
    protected long acc;

    protected int accBits;

    private final long[] chunk = new long[CHUNK];
    private final long endMarker;
    private final int width;
    private int count;

    /** A page of {@code width}-bit values ending with {@code endMarker}. */
    protected EndMarkedBitPage(long endMarker, int width) {
        this.endMarker = endMarker;
        this.width = width;
    }

    /** Encodes {@code src[off, off + n)} after the values so far. */
    protected abstract void encode(long[] src, int off, int n);

    /** Scratch space for typed writers that convert values to bits first. */
    public final long[] chunkBuffer() {
        return chunk;
    }

    public final void writeOne(long bits) {
        checkOpen();
        chunk[0] = bits;
        encode(chunk, 0, 1);
        count++;
    }

    public final void write(long[] src, int off, int len) {
        checkOpen();
        Objects.checkFromIndexSize(off, len, src.length);
        while (len > 0) {
            int n = Math.min(len, BATCH);
            encode(src, off, n);
            count += n;
            off += n;
            len -= n;
        }
    }

    @Override
    public final int valueCount() {
        return count;
    }

    @Override
    public final long bufferedSize() {
        return sink.size() + (accBits >>> 3) + 1 + (width >>> 3);
    }

    @Override
    protected final void finishPage() {
        chunk[0] = endMarker;
        encode(chunk, 0, 1);
        MsbBits.putLastByte(sink, acc, accBits);
        acc = 0;
        accBits = 0;
    }

    /** Empties the page and opens it again; the encoder resets its own state with it. */
    protected final void resetBits() {
        resetPage();
        acc = 0;
        accBits = 0;
        count = 0;
    }
}
