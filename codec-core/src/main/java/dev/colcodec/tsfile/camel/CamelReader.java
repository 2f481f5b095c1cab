package dev.colcodec.tsfile.camel;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.ByteCursor;
import dev.colcodec.tsfile.bits.MsbBits;
import dev.colcodec.values.DoubleValuesReader;
import dev.colcodec.values.ValuesReader;
import java.util.Objects;

/**
 * Reads a TsFile CAMEL page of DOUBLE values (see {@link CamelWriter} for the layout), computing each
 * value with the same floating-point steps as TsFile 2.4.0's {@code CamelDecoder}, so it returns the
 * same doubles. Several bit streams in one page are read one after the other, as TsFile does.
 */
public final class CamelReader implements DoubleValuesReader {
    private final ByteCursor cursor = new ByteCursor();

    private byte[] buf = new byte[0];
    private int end;
    private boolean countKnown;
    private int remaining;

    // current bit stream
    private long pos;
    private long limit;
    private int streamEnd;
    private boolean first;
    private long storedInteger;
    private long previousBits;
    private int storedLeadingZeros;
    private int storedTrailingZeros;

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        if (valueCount < ValuesReader.UNKNOWN_COUNT) {
            throw new IllegalArgumentException("negative value count " + valueCount);
        }
        cursor.reset(buf, offset, length);
        this.buf = buf;
        this.end = offset + length;
        this.countKnown = valueCount != ValuesReader.UNKNOWN_COUNT;
        this.remaining = countKnown ? valueCount : Integer.MAX_VALUE;
        this.pos = (long) offset * 8;
        this.limit = pos;
        this.streamEnd = offset;
    }

    @Override
    public double readDouble() {
        take(1);
        return next();
    }

    @Override
    public void readDoubles(double[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        take(len);
        for (int i = off, e = off + len; i < e; i++) {
            dst[i] = next();
        }
    }

    @Override
    public void skip(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative skip " + n);
        }
        take(n);
        for (int i = 0; i < n; i++) {
            next();
        }
    }

    /**
     * The end of the bit stream holding the last value (with an unknown count: the end of the slice,
     * as TsFile reads streams while bytes remain).
     */
    @Override
    public int endOffset() {
        if (!countKnown) {
            return end;
        }
        long savedPos = pos;
        long savedLimit = limit;
        int savedStreamEnd = streamEnd;
        boolean savedFirst = first;
        long savedInteger = storedInteger;
        long savedPrevious = previousBits;
        int savedLz = storedLeadingZeros;
        int savedTz = storedTrailingZeros;
        int savedRemaining = remaining;
        int savedCursor = cursor.position();
        try {
            skip(remaining);
            return streamEnd;
        } finally {
            pos = savedPos;
            limit = savedLimit;
            streamEnd = savedStreamEnd;
            first = savedFirst;
            storedInteger = savedInteger;
            previousBits = savedPrevious;
            storedLeadingZeros = savedLz;
            storedTrailingZeros = savedTz;
            remaining = savedRemaining;
            cursor.position(savedCursor);
        }
    }

    private void take(int n) {
        if (n > remaining) {
            throw new CorruptInputException(pos >>> 3, n + " more CAMEL values but the page holds " + remaining);
        }
        remaining -= n;
    }

    private double next() {
        if (pos >= limit) {
            nextStream();
        }
        double value;
        if (first) {
            first = false;
            value = Double.longBitsToDouble(bits(64));
            storedInteger = (long) value;
        } else {
            double sign = bits(1) == 1 ? -1.0 : 1.0;
            if (bits(1) == 1) {
                long integerPart = storedInteger + readVarLong();
                storedInteger = integerPart;
                int decimals = (int) bits(4) + 1;
                if (decimals > CamelFormat.MAX_DIGITS) {
                    throw new CorruptInputException(pos >>> 3, "at most 10 CAMEL decimals (got " + decimals + ")");
                }
                boolean split = bits(1) == 1;
                long high = split ? bits(decimals) << (52 - decimals) : 0;
                long m = readVarLong();
                double power = CamelFormat.POWERS[decimals - 1];
                double fraction =
                        split ? Double.longBitsToDouble(high ^ Double.doubleToLongBits(m / power + 1)) - 1 : m / power;
                double scale = Math.pow(10, decimals);
                double digits = Math.round(fraction * scale);
                double magnitude = integerPart >= 0
                        ? (integerPart * scale + digits) / scale
                        : -(integerPart * scale + digits) / scale;
                value = sign * magnitude;
            } else {
                value = sign * xorWithPrevious();
            }
        }
        previousBits = Double.doubleToLongBits(value);
        if (pos > limit) {
            throw new CorruptInputException(streamEnd, "CAMEL bits within the stream's bit count");
        }
        return value;
    }

    private double xorWithPrevious() {
        if (bits(1) == 0) {
            return Double.longBitsToDouble(previousBits);
        }
        long xor;
        if (bits(1) == 0) {
            if (storedLeadingZeros < 0) {
                throw new CorruptInputException(pos >>> 3, "a CAMEL XOR window before the first reuse of it");
            }
            int significant = 64 - storedLeadingZeros - storedTrailingZeros;
            if (significant == 0) {
                return Double.longBitsToDouble(previousBits);
            }
            xor = bits(significant) << storedTrailingZeros;
        } else {
            int lz = (int) bits(6);
            int significant = (int) bits(6) + 1;
            int tz = 64 - lz - significant;
            if (tz < 0) {
                throw new CorruptInputException(pos >>> 3, "a CAMEL XOR window within 64 bits");
            }
            storedLeadingZeros = lz;
            storedTrailingZeros = tz;
            xor = bits(significant) << tz;
        }
        previousBits ^= xor;
        return Double.longBitsToDouble(previousBits);
    }

    private long readVarLong() {
        long u = 0;
        for (int shift = 0; ; shift += 7) {
            long group = bits(8);
            u |= (group >>> 1) << shift;
            if ((group & 1) == 0) {
                break;
            }
            if (shift + 7 >= 64) {
                throw new CorruptInputException(pos >>> 3, "a CAMEL varint of at most 10 groups");
            }
        }
        return (u >>> 1) ^ -(u & 1);
    }

    /** Reads {@code n} (1..64) bits; a read past the stream's bit count is caught after the value. */
    private long bits(int n) {
        if (pos + n > limit) {
            throw new CorruptInputException(streamEnd, "CAMEL bits within the stream's bit count");
        }
        long v = MsbBits.read(buf, pos, n);
        pos += n;
        return v;
    }

    private void nextStream() {
        cursor.position(streamEnd);
        if (!cursor.hasRemaining()) {
            throw new CorruptInputException(streamEnd, "another CAMEL bit stream (the page ended)");
        }
        int at = cursor.position();
        int bitCount = cursor.readZigZagVarInt("the bit count of a CAMEL stream");
        if (bitCount < 64) {
            throw new CorruptInputException(at, "a CAMEL stream of at least 64 bits (got " + bitCount + ")");
        }
        int bytes = (int) ((bitCount + 7L) >>> 3);
        int start = cursor.skip(bytes, "a CAMEL bit stream");
        pos = (long) start * 8;
        limit = pos + bitCount;
        streamEnd = start + bytes;
        first = true;
        storedInteger = 0;
        previousBits = 0;
        storedLeadingZeros = -1;
        storedTrailingZeros = 0;
    }
}
