package dev.colcodec.parquet.rle;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.Bounds;
import dev.colcodec.io.ByteIO;
import dev.colcodec.values.ValuesReader;
import java.util.Objects;

/**
 * The run-header side of an RLE/bit-packing hybrid section, shared by {@link RleHybridReader} and
 * {@link RleBooleanReader}: framing, value-count limits, header parsing and the position inside the
 * current run. The readers do the unpacking.
 *
 * <p>A bit-packed run may be cut short by the end of the section within its final group, whose padding
 * values a writer need not store. A value whose bits are not all present is corrupt input when it is
 * read ({@link #checkPresent}); it may still be skipped, as padding is. A run missing more than its last
 * group is corrupt.
 */
final class RunCursor {
    /** The most groups a bit-packed run may have so that its value count fits in an int. */
    static final int MAX_PACKED_GROUPS = Integer.MAX_VALUE >>> 3;

    byte[] buf = new byte[0];
    int bitWidth;
    int valueBytes;
    boolean zeroWidth;
    RleFraming framing = RleFraming.UNPREFIXED;

    private int sliceStart;
    int sectionStart;
    int sectionEnd;
    /** Next run header. */
    int pos;

    private int valueCount;
    private long valuesLeft;

    /** Values left in the current run. */
    int remaining;
    /** Whether the current run is an RLE run (else bit-packed). */
    boolean rle;

    int rleValue;
    /** First data byte of the current bit-packed run. */
    int packedStart;
    /** Index within the current bit-packed run of the next value. */
    int packedIndex;
    /** Values of the current bit-packed run whose bits are all present. */
    int packedFull;
    /** Data bytes of the current bit-packed run that are present. */
    int packedAvailBytes;
    /** Incremented for every run, so readers can tell cached groups apart. */
    int runSeq;

    void begin(int valueCount, int bitWidth, RleFraming framing, byte[] buf, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, buf.length);
        if (bitWidth < 0 || bitWidth > 32) {
            throw new IllegalArgumentException("bit width must be in [0, 32]: " + bitWidth);
        }
        if (valueCount < 0 && valueCount != ValuesReader.UNKNOWN_COUNT) {
            throw new IllegalArgumentException("negative value count: " + valueCount);
        }
        // an empty section until the section is found good (a corrupt one leaves no value of the last page)
        this.valuesLeft = 0;
        this.remaining = 0;
        this.buf = buf;
        this.bitWidth = bitWidth;
        this.valueBytes = (bitWidth + 7) >>> 3;
        this.zeroWidth = bitWidth == 0;
        this.framing = framing;
        this.valueCount = valueCount;
        this.sliceStart = offset;
        int end = offset + length;
        if (zeroWidth) {
            // a zero-width section holds no bytes at all in either framing: every value is 0
            sectionStart = offset;
            sectionEnd = offset;
        } else if (framing == RleFraming.LENGTH_PREFIXED) {
            Bounds.checkAvailable(offset, end, 4, "the 4-byte length of an RLE/bit-packed section");
            int n = ByteIO.getIntLE(buf, offset);
            if (n < 0 || n > length - 4) {
                throw new CorruptInputException(
                        offset,
                        "an RLE/bit-packed section length of at most " + (length - 4) + " bytes (got "
                                + Integer.toUnsignedString(n) + ")");
            }
            sectionStart = offset + 4;
            sectionEnd = sectionStart + n;
        } else {
            sectionStart = offset;
            sectionEnd = end;
        }
        pos = sectionStart;
        this.valuesLeft = valueCount == ValuesReader.UNKNOWN_COUNT ? Long.MAX_VALUE : valueCount;
        remaining = 0;
        rle = true;
        rleValue = 0;
        packedIndex = 0;
        packedFull = 0;
        packedAvailBytes = 0;
        runSeq++;
    }

    /** Accounts for {@code n} values about to be read or skipped. */
    void consume(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative count: " + n);
        }
        if (n > valuesLeft) {
            throw new CorruptInputException(
                    pos, "a request for at most " + valuesLeft + " more values (the section holds " + valueCount + ")");
        }
        valuesLeft -= n;
    }

    /**
     * Checks that values {@code [packedIndex, end)} of the current bit-packed run have all their bits in
     * the section: a value cut off by the section's end is not read as zeros.
     */
    void checkPresent(int end) {
        if (end > packedFull) {
            throw missingBits(); // kept out of line: this check sits on every bit-packed read
        }
    }

    private CorruptInputException missingBits() {
        return new CorruptInputException(
                packedStart + packedAvailBytes,
                "the bits of value " + Math.max(packedIndex, packedFull) + " of a bit-packed run at width " + bitWidth
                        + ", but the section ends after " + packedAvailBytes + " of its bytes");
    }

    /** Parses the next run header (which may describe an empty run). */
    void nextRun() {
        int start = pos;
        if (start >= sectionEnd) {
            throw new CorruptInputException(
                    start, "another RLE/bit-packed run: the section ended with values still to read");
        }
        int header = readHeader();
        runSeq++;
        if ((header & 1) == 0) {
            Bounds.checkAvailable(pos, sectionEnd, valueBytes, "the repeated value of an RLE run");
            rleValue = valueBytes == 1
                    ? buf[pos] & 0xFF
                    : valueBytes == 4 ? ByteIO.getIntLE(buf, pos) : (int) ByteIO.getPartialLE(buf, pos, valueBytes);
            pos += valueBytes;
            rle = true;
            remaining = header >>> 1;
        } else {
            int groups = header >>> 1;
            if (groups > MAX_PACKED_GROUPS) {
                throw new CorruptInputException(
                        start, "a bit-packed run of at most " + MAX_PACKED_GROUPS + " groups (got " + groups + ")");
            }
            long bytes = (long) groups * bitWidth;
            int avail = sectionEnd - pos;
            if (bytes > avail && bytes - avail >= bitWidth) {
                throw new CorruptInputException(
                        start,
                        bytes + " bytes for a bit-packed run of " + groups + " groups at width " + bitWidth
                                + " (only its last group may be cut short) but only " + avail + " remain");
            }
            int present = (int) Math.min(bytes, avail);
            rle = false;
            remaining = groups << 3;
            packedStart = pos;
            packedIndex = 0;
            packedAvailBytes = present;
            packedFull = (int) Math.min(remaining, ((long) present << 3) / bitWidth);
            pos += present;
        }
    }

    private int readHeader() {
        int start = pos;
        int p = start;
        int b = buf[p++];
        if (b >= 0) {
            pos = p;
            return b;
        }
        int result = b & 0x7F;
        for (int shift = 7; ; shift += 7) {
            if (p >= sectionEnd) {
                throw new CorruptInputException(start, "a run header (ULEB128) but the section ended");
            }
            b = buf[p++];
            result |= (b & 0x7F) << shift;
            if (b >= 0) {
                if (shift == 28 && (b & 0x70) != 0) {
                    throw new CorruptInputException(start, "a run header of at most 32 bits");
                }
                pos = p;
                return result;
            }
            if (shift == 28) {
                throw new CorruptInputException(start, "a run header of at most 5 bytes");
            }
        }
    }

    /** Skips {@code n} values without decoding them. */
    void skip(int n) {
        consume(n);
        if (zeroWidth) {
            return;
        }
        while (n > 0) {
            if (remaining == 0) {
                nextRun();
                continue;
            }
            int k = Math.min(n, remaining);
            remaining -= k;
            packedIndex += k;
            n -= k;
        }
    }

    /**
     * Where the section ends: after the length-prefixed section; for an unprefixed one, after the run
     * that holds the last of {@code valueCount} values (or the slice end when the count is unknown or
     * the runs stop earlier); at the slice start for width 0.
     */
    int endOffset() {
        if (zeroWidth) {
            return sliceStart;
        }
        if (framing == RleFraming.LENGTH_PREFIXED || valueCount == ValuesReader.UNKNOWN_COUNT) {
            return sectionEnd;
        }
        int savedPos = pos;
        try {
            long covered = 0;
            pos = sectionStart;
            while (covered < valueCount && pos < sectionEnd) {
                int header = readHeader();
                if ((header & 1) == 0) {
                    Bounds.checkAvailable(pos, sectionEnd, valueBytes, "the repeated value of an RLE run");
                    pos += valueBytes;
                    covered += header >>> 1;
                } else {
                    long bytes = (long) (header >>> 1) * bitWidth;
                    pos += (int) Math.min(bytes, sectionEnd - pos);
                    covered += (long) (header >>> 1) << 3;
                }
            }
            return pos;
        } finally {
            pos = savedPos;
        }
    }
}
