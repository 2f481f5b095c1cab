package dev.colcodec.format.fuzz;

import dev.colcodec.format.compress.Compression;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import dev.colcodec.tsfile.TsFileValues;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.tsfile.common.conf.TSFileConfig;
import org.apache.tsfile.common.conf.TSFileDescriptor;
import org.apache.tsfile.encoding.decoder.Decoder;
import org.apache.tsfile.encoding.decoder.FloatDecoder;
import org.apache.tsfile.encoding.encoder.Encoder;
import org.apache.tsfile.encoding.encoder.FloatEncoder;
import org.apache.tsfile.encoding.encoder.TSEncodingBuilder;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.enums.CompressionType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.apache.tsfile.utils.Binary;
import org.apache.tsfile.write.record.TSRecord;
import org.apache.tsfile.write.record.Tablet;

/** The oracle side of the TsFile harnesses: tsfile 2.4.0's encoders, decoders and writer settings. */
final class TsOracle {
    private TsOracle() {}

    static TSDataType theirs(TsDataType t) {
        return TSDataType.deserialize((byte) t.serialized());
    }

    static TSEncoding theirs(TsEncoding e) {
        return TSEncoding.deserialize((byte) e.serialized());
    }

    static CompressionType theirs(Compression c) {
        return c == Compression.LZ4_RAW ? CompressionType.LZ4 : CompressionType.valueOf(c.name());
    }

    /** TS_2DIFF and RLE store FLOAT/DOUBLE scaled to a precision (lossy). */
    private static boolean lossyFloat(TsEncoding e, TsDataType t) {
        return (e == TsEncoding.TS_2DIFF || e == TsEncoding.RLE) && TsValues.isFloating(t);
    }

    static Encoder encoder(TsEncoding e, TsDataType t) {
        if (lossyFloat(e, t)) {
            return new FloatEncoder(theirs(e), theirs(t), TsFileValues.DEFAULT_FLOAT_PRECISION);
        }
        return TSEncodingBuilder.getEncodingBuilder(theirs(e)).getEncoder(theirs(t));
    }

    static Decoder decoder(TsEncoding e, TsDataType t) {
        return lossyFloat(e, t)
                ? new FloatDecoder(theirs(e), theirs(t))
                : Decoder.getDecoderByType(theirs(e), theirs(t));
    }

    /** A page of numbers ({@link TsValues} bits) or, for TEXT, binaries, as tsfile encodes it. */
    static byte[] encode(TsEncoding e, TsDataType t, long[] numbers, byte[][] binaries) throws IOException {
        Encoder enc = encoder(e, t);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (t == TsDataType.TEXT) {
            for (byte[] x : binaries) {
                enc.encode(new Binary(x), out);
            }
        } else {
            for (long x : numbers) {
                switch (t) {
                    case BOOLEAN -> enc.encode(x != 0, out);
                    case INT32 -> enc.encode((int) x, out);
                    case INT64 -> enc.encode(x, out);
                    case FLOAT -> enc.encode(Float.intBitsToFloat((int) x), out);
                    default -> enc.encode(Double.longBitsToDouble(x), out);
                }
            }
        }
        enc.flush(out);
        return out.toByteArray();
    }

    /**
     * What tsfile's decoder reads from a page while {@code hasNext}: {@code long[]} bits or {@code byte[][]}.
     * A decoder that runs on far past what the page can hold is stopped with an IllegalStateException.
     */
    static Object decode(TsEncoding e, TsDataType t, byte[] page) throws IOException {
        Decoder d = decoder(e, t);
        ByteBuffer buf = ByteBuffer.wrap(page);
        if (t == TsDataType.TEXT) {
            List<byte[]> out = new ArrayList<>();
            while (d.hasNext(buf)) {
                out.add(d.readBinary(buf).getValues());
            }
            return out.toArray(new byte[0][]);
        }
        long[] out = new long[16];
        int n = 0;
        while (d.hasNext(buf)) {
            if (n > 16L * page.length + 1000) {
                throw new IllegalStateException("tsfile's decoder runs on past " + n + " values");
            }
            if (n == out.length) {
                out = Arrays.copyOf(out, n * 2);
            }
            out[n++] = switch (t) {
                case BOOLEAN -> d.readBoolean(buf) ? 1 : 0;
                case INT32 -> d.readInt(buf);
                case INT64 -> d.readLong(buf);
                case FLOAT -> Float.floatToRawIntBits(d.readFloat(buf));
                default -> Double.doubleToRawLongBits(d.readDouble(buf));
            };
        }
        return Arrays.copyOf(out, n);
    }

    /**
     * A lossy column's non-null cells (TS_2DIFF/RLE FLOAT or DOUBLE) as tsfile encodes then decodes them in
     * one page: the values both readers must read (the scaling is value by value, whatever the pages).
     */
    static Object[] lossyRoundTrip(TsValues.Field f, Object[] cells) throws IOException {
        TsDataType st = f.type().storageType();
        long[] bits = Arrays.stream(cells)
                .filter(o -> o != null)
                .mapToLong(o -> st == TsDataType.FLOAT
                        ? Float.floatToRawIntBits((Float) o)
                        : Double.doubleToRawLongBits((Double) o))
                .toArray();
        if (bits.length == 0) {
            return cells.clone();
        }
        // by count: tsfile's lossy RLE decoder can run past its own page's values with hasNext
        Decoder d = decoder(f.encoding(), st);
        ByteBuffer page = ByteBuffer.wrap(encode(f.encoding(), st, bits, null));
        long[] back = new long[bits.length];
        for (int i = 0; i < back.length; i++) {
            back[i] = st == TsDataType.FLOAT
                    ? Float.floatToRawIntBits(d.readFloat(page))
                    : Double.doubleToRawLongBits(d.readDouble(page));
        }
        Object[] out = new Object[cells.length];
        int k = 0;
        for (int i = 0; i < cells.length; i++) {
            if (cells[i] != null) {
                long b = back[k++];
                out[i] = st == TsDataType.FLOAT ? (Object) Float.intBitsToFloat((int) b) : Double.longBitsToDouble(b);
            }
        }
        return out;
    }

    /**
     * The NullPointerException tsfile 2.4.0's table query throws for a time range between two rows of a
     * device ({@code "vector" is null} in {@code SingleDeviceTsBlockReader}); when thrown often the JIT
     * drops its stack and message (OmitStackTraceInFastThrow).
     */
    static boolean isRangeBetweenRowsBug(NullPointerException e) {
        StackTraceElement[] st = e.getStackTrace();
        return st.length == 0
                || st[0].getMethodName().equals("fillInto")
                        && st[0].getClassName().endsWith("SingleDeviceTsBlockReader$VectorMeasurementColumnContext");
    }

    /** Whether tsfile's CAMEL encoder and decoder give back every one of the numbers. */
    static boolean camelKeeps(TsDataType t, long[] numbers) {
        try {
            return Arrays.equals(
                    numbers, (long[]) decode(TsEncoding.CAMEL, t, encode(TsEncoding.CAMEL, t, numbers, null)));
        } catch (RuntimeException | IOException e) {
            return false;
        }
    }

    /**
     * tsfile's writer settings are global: {@code configure} sets them for one file and {@link #close}
     * restores them.
     */
    static final class Settings implements AutoCloseable {
        private final TSFileConfig conf = TSFileDescriptor.getInstance().getConfig();
        private final int points = conf.getMaxNumberOfPointsInPage();
        private final String timeEncoder = conf.getTimeEncoder();
        private final CompressionType compressor = conf.getCompressor();
        private final int pageBytes = conf.getPageSizeInByte();

        Settings(int pagePoints, TsEncoding timeEncoding, Compression timeCompression, int pageSizeInBytes) {
            conf.setMaxNumberOfPointsInPage(pagePoints);
            conf.setTimeEncoder(timeEncoding.name());
            conf.setCompressor(theirs(timeCompression).name());
            if (pageSizeInBytes > 0) {
                conf.setPageSizeInByte(pageSizeInBytes);
            }
        }

        @Override
        public void close() {
            conf.setMaxNumberOfPointsInPage(points);
            conf.setTimeEncoder(timeEncoder);
            conf.setCompressor(compressor.name());
            conf.setPageSizeInByte(pageBytes);
        }
    }

    /**
     * tsfile's LZMA2 compressor builds an encoder of several MB per page, so many small pages take minutes
     * (slow, not wrong): files with more than about 300 pages get another codec instead.
     */
    static Compression tameLzma(Compression c, long cells, int pagePoints, SplittableRandom r) {
        return c == Compression.LZMA2 && cells / Math.max(1, pagePoints) >= 300
                ? TsValues.COMPRESSIONS[r.nextInt(TsValues.COMPRESSIONS.length - 1)]
                : c;
    }

    /** Sets a tablet cell from a {@link TsValues#column} cell. */
    static void addValue(Tablet tab, int row, int col, TsDataType type, Object v) {
        switch (type) {
            case BOOLEAN -> tab.addValue(row, col, (boolean) (Boolean) v);
            case INT32 -> tab.addValue(row, col, (int) (Integer) v);
            case DATE -> tab.addValue(row, col, date((Integer) v));
            case INT64, TIMESTAMP -> tab.addValue(row, col, (long) (Long) v);
            case FLOAT -> tab.addValue(row, col, (float) (Float) v);
            case DOUBLE -> tab.addValue(row, col, (double) (Double) v);
            default -> tab.addValue(row, col, (byte[]) v);
        }
    }

    /** Adds a {@link TsValues#column} cell to a record. */
    static void addPoint(TSRecord rec, TsValues.Field f, Object v) {
        switch (f.type()) {
            case BOOLEAN -> rec.addPoint(f.name(), (boolean) (Boolean) v);
            case INT32 -> rec.addPoint(f.name(), (int) (Integer) v);
            case DATE -> rec.addPoint(f.name(), date((Integer) v));
            case INT64, TIMESTAMP -> rec.addPoint(f.name(), (long) (Long) v);
            case FLOAT -> rec.addPoint(f.name(), (float) (Float) v);
            case DOUBLE -> rec.addPoint(f.name(), (double) (Double) v);
            default -> rec.addPoint(f.name(), (byte[]) v);
        }
    }

    static LocalDate date(int yyyymmdd) {
        return LocalDate.of(yyyymmdd / 10000, yyyymmdd / 100 % 100, yyyymmdd % 100);
    }

    static int yyyymmdd(LocalDate d) {
        return d.getYear() * 10000 + d.getMonthValue() * 100 + d.getDayOfMonth();
    }
}
