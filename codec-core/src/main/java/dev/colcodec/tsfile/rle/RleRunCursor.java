package dev.colcodec.tsfile.rle;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.ByteCursor;
import dev.colcodec.io.ByteIO;
import dev.colcodec.values.ValuesReader;

/**
 * The type-independent part of the TsFile RLE readers: segment and run headers, their validation, the
 * value budget, and where the current run's values are. The typed readers own the decoded values.
 *
 * <p>Stream: one or more segments {@code <ULEB128 byteLength> <bitWidth: 1 byte> <run>*} (TsFile's
 * decoder reads segments back to back; a zero length is an empty segment with no width byte). A run
 * is {@code ULEB128(count << 1)} followed by the value in {@code ceil(bitWidth / 8)} bytes (INT32:
 * little-endian, INT64: big-endian), or {@code ULEB128(groups << 1 | 1)}, one byte with the number of
 * valid values in the last group, and {@code groups * bitWidth} bytes of MSB-first packed groups of 8.
 */
final class RleRunCursor {
    private static final int GROUP = 8;

    private final int maxWidth;
    private final boolean bigEndianRunValues;
    final String what;
    private final ByteCursor section = new ByteCursor();
    private final ByteCursor seg = new ByteCursor();

    byte[] buf = new byte[0];
    private int start;
    private int end;
    private boolean inSegment;
    boolean countKnown;
    long valuesLeft;

    int width;
    private int valueBytes;

    // the current run
    boolean rle;
    long runLeft;
    long runValue;
    int packedPos;

    RleRunCursor(int maxWidth, boolean bigEndianRunValues, String what) {
        this.maxWidth = maxWidth;
        this.bigEndianRunValues = bigEndianRunValues;
        this.what = what;
    }

    void init(int valueCount, byte[] buf, int offset, int length) {
        section.reset(buf, offset, length);
        if (valueCount < 0 && valueCount != ValuesReader.UNKNOWN_COUNT) {
            throw new IllegalArgumentException("valueCount " + valueCount);
        }
        this.buf = buf;
        this.start = offset;
        this.end = offset + length;
        this.inSegment = false;
        this.countKnown = valueCount != ValuesReader.UNKNOWN_COUNT;
        this.valuesLeft = countKnown ? valueCount : Long.MAX_VALUE;
        this.runLeft = 0;
    }

    /** Claims {@code n} values of the budget; more than a known count is corrupt input. */
    void claim(long n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative value count " + n);
        }
        if (n > valuesLeft) {
            throw new CorruptInputException(
                    inSegment ? seg.position() : section.position(),
                    n + " more " + what + " but the section holds only " + valuesLeft + " more");
        }
        valuesLeft -= n;
    }

    /** Reads run headers until a run with at least one value starts; opens segments as needed. */
    void nextRun() {
        while (true) {
            if (!inSegment || !seg.hasRemaining()) {
                openSegment();
                continue;
            }
            int at = seg.position();
            int header = seg.readUnsignedVarInt("an RLE run header");
            if ((header & 1) == 0) {
                int p = seg.skip(valueBytes, "an RLE run value");
                runValue = bigEndianRunValues
                        ? ByteIO.getPartialBE(buf, p, valueBytes)
                        : ByteIO.getPartialLE(buf, p, valueBytes);
                rle = true;
                runLeft = header >>> 1;
            } else {
                int groups = header >>> 1;
                if (groups == 0) {
                    throw new CorruptInputException(at, "a bit-packed run of at least one group");
                }
                int lastAt = seg.position();
                int last = seg.readUnsignedByte("the number of values in the last bit-packed group");
                if (last > GROUP) {
                    throw new CorruptInputException(lastAt, "at most 8 values in the last group (got " + last + ")");
                }
                packedPos = seg.skip((long) groups * width, "bit-packed groups");
                rle = false;
                runLeft = (groups - 1L) * GROUP + last;
            }
            if (runLeft > 0) {
                return;
            }
        }
    }

    private void openSegment() {
        if (!section.hasRemaining()) {
            throw new CorruptInputException(section.position(), "more " + what + " but the section ended");
        }
        int len = section.readCount(Integer.MAX_VALUE, "an RLE segment length");
        int p = section.skip(len, "an RLE segment");
        seg.reset(buf, p, len);
        inSegment = true;
        if (len > 0) {
            int w = seg.readUnsignedByte("an RLE bit width");
            if (w > maxWidth) {
                throw new CorruptInputException(p, "an RLE bit width in [0, " + maxWidth + "] (got " + w + ")");
            }
            width = w;
            valueBytes = (w + 7) >>> 3;
        }
    }

    /**
     * Marks {@code n} values of the current run as read; in a bit-packed run {@code n} is a multiple of
     * 8 or the rest of the run, so the packed position stays on a byte.
     */
    void consume(long n) {
        runLeft -= n;
        if (!rle) {
            packedPos += (int) ((n * width) >>> 3);
        }
    }

    /**
     * The end of the segment holding the last value of a known count, given how many decoded values
     * the typed reader still holds; the slice end when the count is unknown. Walks run headers only.
     */
    int endOffset(int buffered) {
        if (!countKnown) {
            return end;
        }
        long need = valuesLeft - buffered - runLeft;
        if (need <= 0 && inSegment) {
            return seg.end();
        }
        if (need <= 0 && !section.hasRemaining()) {
            return start;
        }
        RleRunCursor walker = new RleRunCursor(maxWidth, bigEndianRunValues, what);
        walker.buf = buf;
        walker.start = start;
        walker.end = end;
        walker.section.reset(buf, section.position(), end - section.position());
        walker.inSegment = inSegment;
        if (inSegment) {
            walker.seg.reset(buf, seg.position(), seg.end() - seg.position());
            walker.width = width;
            walker.valueBytes = valueBytes;
        } else {
            walker.openSegment();
        }
        while (need > 0) {
            walker.nextRun();
            need -= walker.runLeft;
        }
        return walker.seg.end();
    }
}
