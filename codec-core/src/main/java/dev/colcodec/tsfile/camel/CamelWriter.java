package dev.colcodec.tsfile.camel;

import dev.colcodec.io.ByteSink;
import dev.colcodec.tsfile.bits.MsbBitWriter;
import dev.colcodec.values.DoubleValuesWriter;
import java.util.Objects;

/**
 * Writes a TsFile CAMEL page of DOUBLE values, byte for byte as TsFile 2.4.0's {@code CamelEncoder}:
 * a zigzag varint with the number of bits, then the bit stream. The first value is stored raw; every
 * other one as a sign bit and either a decimal (the integer part as a varint delta, the fractional
 * digits split by a threshold) or, when that does not fit 10 digits, a GORILLA-style XOR against the
 * previous value. Varints inside the bit stream are 7-bit groups, low group first, each followed by a
 * continuation bit.
 *
 * <p>The format is TsFile's and so are its losses: NaN is written as a signed zero decimal, and
 * decimals whose rounding carries into the integer part come back off by one unit.
 */
public final class CamelWriter implements DoubleValuesWriter {
    private static final double LONG_RANGE = 9.223372036854776E18;

    private final ByteSink body = new ByteSink(1024);
    private final MsbBitWriter out = new MsbBitWriter(body);

    private boolean first = true;
    private long storedInteger;
    private long previousBits;
    private int storedLeadingZeros = Integer.MAX_VALUE;
    private int storedTrailingZeros;
    private int count;
    private boolean finished;
    private long bitCount;

    @Override
    public void writeDouble(double value) {
        checkOpen();
        add(value);
        count++;
    }

    @Override
    public void writeDoubles(double[] src, int off, int len) {
        checkOpen();
        Objects.checkFromIndexSize(off, len, src.length);
        for (int i = off, e = off + len; i < e; i++) {
            add(src[i]);
        }
        count += len;
    }

    @Override
    public int valueCount() {
        return count;
    }

    @Override
    public long bufferedSize() {
        return body.size() + 16L;
    }

    @Override
    public byte[] toByteArray() {
        ByteSink page = new ByteSink(body.size() + 8);
        finishTo(page);
        return page.toByteArray();
    }

    @Override
    public void finishTo(ByteSink page) {
        if (!finished) {
            finished = true;
            bitCount = out.bitsWritten();
            out.flushToByte();
        }
        if (count == 0) {
            return;
        }
        if (bitCount > Integer.MAX_VALUE) {
            // the page states its bit count as an int: a larger page would be read back as corrupt
            throw new IllegalStateException("a CAMEL page holds at most " + Integer.MAX_VALUE + " bits, this one "
                    + bitCount + ": write fewer values per page");
        }
        page.writeZigZagVarInt((int) bitCount);
        page.write(body.array(), 0, body.size());
    }

    @Override
    public void reset() {
        body.reset();
        out.reset();
        first = true;
        storedInteger = 0;
        previousBits = 0;
        storedLeadingZeros = Integer.MAX_VALUE;
        storedTrailingZeros = 0;
        count = 0;
        finished = false;
        bitCount = 0;
    }

    private void checkOpen() {
        if (finished) {
            throw new IllegalStateException("page already finished by toByteArray(); call reset() first");
        }
    }

    private void add(double value) {
        if (first) {
            first = false;
            storedInteger = (long) value;
            out.write(Double.doubleToRawLongBits(value), 64);
        } else {
            compress(value);
        }
        previousBits = Double.doubleToLongBits(value);
    }

    private void compress(double value) {
        long sign = Double.doubleToLongBits(value) >>> 63;
        double magnitude = Math.abs(value);
        if (magnitude > LONG_RANGE || magnitude == 0 || tooManyDigits(magnitude)) {
            out.write(sign << 1, 2);
            xorWithPrevious(magnitude);
            return;
        }
        long integerPart = (long) magnitude;
        int integerDigits = decimalDigits(integerPart);
        // TsFile counts decimals while Math.abs(m * 10^d - Math.round(m * 10^d)) > 0. Here m * 10^d stays
        // below 10^10 (or the count stops at once), where that holds exactly when the product is not an
        // integer: Math.rint tells, without Math.round's conversion. NaN stops TsFile's loop at once.
        int decimals = 0;
        if (magnitude == magnitude) {
            double[] powers = CamelFormat.DOUBLE_POWERS;
            while (true) {
                double scaled = magnitude * powers[decimals];
                if (scaled == Math.rint(scaled)) {
                    break;
                }
                decimals++;
                if (integerDigits + decimals > CamelFormat.MAX_DIGITS) {
                    break;
                }
            }
        }
        decimals = Math.max(1, decimals);
        if (decimals + integerDigits > CamelFormat.MAX_DIGITS) {
            out.write(sign << 1, 2);
            xorWithPrevious(magnitude);
            return;
        }
        long power = CamelFormat.POWERS[decimals - 1];
        // TsFile's Math.round(magnitude * power) % power without the division: integerPart * power is
        // exact (below 10^10) and rounding is monotonic, so the rounded product lies in
        // [integerPart * power, (integerPart + 1) * power]
        long decimalValue = Math.round(magnitude * power) - integerPart * power;
        if (decimalValue >= power) {
            decimalValue -= power;
        }
        long integerDelta = integerPart - storedInteger;
        storedInteger = integerPart;
        long zigzag = (integerDelta << 1) ^ (integerDelta >> 63);
        if ((zigzag & ~0x7FL) == 0) {
            // sign, decimal flag and a one-group varint in one field
            out.write((sign << 9) | (1L << 8) | (zigzag << 1), 10);
        } else {
            out.write((sign << 1) | 1, 2);
            writeVarLong(zigzag);
        }
        // TsFile splits a decimal part v >= 5^d into v % 5^d and the top d mantissa bits of v / 10^d + 1
        // (xor those of (v % 5^d) / 10^d + 1, which are zero). Those bits are floor(v * 2^d / 10^d) =
        // v / 5^d exactly: both quotients are correctly rounded and 5^d <= 5^9 keeps any fractional part
        // far above the rounding error, while an integer quotient k makes v / 10^d = k / 2^d exact.
        long threshold = CamelFormat.THRESHOLDS[decimals - 1];
        long high = decimalValue / threshold;
        long m = decimalValue - high * threshold;
        long field; // decimals - 1 (4 bits), the split flag and the high decimal bits if split
        int fieldBits;
        if (high != 0) {
            field = ((((long) (decimals - 1) << 1) | 1) << decimals) | high;
            fieldBits = 5 + decimals;
        } else {
            field = (long) (decimals - 1) << 1;
            fieldBits = 5;
        }
        // m >= 0 (decimalValue is), so its zigzag form is 2m
        long mZigzag = m << 1;
        if ((mZigzag & ~0x7FL) == 0) {
            out.write((field << 8) | (mZigzag << 1), fieldBits + 8);
        } else {
            out.write(field, fieldBits);
            writeVarLong(mZigzag);
        }
    }

    /** The number of decimal digits of {@code v >= 0} (1 for 0). */
    private static int decimalDigits(long v) {
        int digits = 1;
        long[] powers = CamelFormat.POWERS;
        while (digits <= powers.length && v >= powers[digits - 1]) {
            digits++;
        }
        if (digits > powers.length) {
            for (long rest = v / powers[powers.length - 1]; rest >= 10; rest /= 10) {
                digits++;
            }
        }
        return digits;
    }

    /**
     * TsFile's {@code Math.abs(Math.floor(Math.log10(m))) > 10}, skipping the logarithm where its result
     * cannot matter: in (2e-10, 5e10) the floor is within [-10, 10] whatever the last bit of log10.
     */
    private static boolean tooManyDigits(double magnitude) {
        if (magnitude > 2e-10 && magnitude < 5e10) {
            return false;
        }
        return Math.abs(Math.floor(Math.log10(magnitude))) > CamelFormat.MAX_DIGITS;
    }

    /** The GORILLA-style branch: XOR of the (non-negative) magnitude's bits with the previous value's. */
    private void xorWithPrevious(double magnitude) {
        long xor = Double.doubleToLongBits(magnitude) ^ previousBits;
        if (xor == 0) {
            out.write(0, 1);
            return;
        }
        int lz = Long.numberOfLeadingZeros(xor);
        int tz = Long.numberOfTrailingZeros(xor);
        if (lz >= storedLeadingZeros && tz >= storedTrailingZeros) {
            out.write(2, 2);
            out.write(xor >>> storedTrailingZeros, 64 - storedLeadingZeros - storedTrailingZeros);
        } else {
            int significant = 64 - lz - tz;
            out.write(3, 2);
            out.write(lz, 6);
            out.write(significant - 1, 6);
            out.write(xor >>> tz, significant);
            storedLeadingZeros = lz;
            storedTrailingZeros = tz;
        }
    }

    /** 7-bit groups of the zigzag-encoded {@code u} from the low end, each followed by a continuation bit. */
    private void writeVarLong(long u) {
        while ((u & ~0x7FL) != 0) {
            out.write(((u & 0x7F) << 1) | 1, 8);
            u >>>= 7;
        }
        out.write(u << 1, 8);
    }
}
