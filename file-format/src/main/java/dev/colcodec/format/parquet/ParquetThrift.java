package dev.colcodec.format.parquet;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.ByteSink;
import org.apache.parquet.format.ColumnIndex;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.OffsetIndex;
import org.apache.parquet.format.PageHeader;
import shaded.parquet.org.apache.thrift.TBase;
import shaded.parquet.org.apache.thrift.TConfiguration;
import shaded.parquet.org.apache.thrift.protocol.TCompactProtocol;
import shaded.parquet.org.apache.thrift.transport.TTransport;
import shaded.parquet.org.apache.thrift.transport.TTransportException;

/**
 * Reads and writes Parquet's Thrift structures (compact protocol) from and to byte arrays, using the
 * generated classes of {@code parquet-format-structures} over an in-memory transport: no streams, no
 * logging, and every length a structure declares is checked against the bytes that exist before
 * anything is allocated. Any Thrift failure (truncated input, bad field types, missing required fields)
 * becomes a {@link CorruptInputException} whose offset is {@code baseOffset} plus the position in the
 * array where decoding stopped.
 */
public final class ParquetThrift {
    private static final int MAX_DEPTH = 64;

    private ParquetThrift() {}

    /** A decoded structure and the number of bytes it took. */
    public record Decoded<T>(T value, int length) {}

    /** Reads a page header at {@code buf[off, off + len)}; {@code baseOffset} maps array index 0 to a file offset. */
    public static Decoded<PageHeader> readPageHeader(byte[] buf, int off, int len, long baseOffset) {
        return read(new PageHeader(), buf, off, len, baseOffset, "a Parquet page header");
    }

    /** Reads a footer ({@code FileMetaData}). */
    public static Decoded<FileMetaData> readFileMetaData(byte[] buf, int off, int len, long baseOffset) {
        return read(new FileMetaData(), buf, off, len, baseOffset, "Parquet file metadata");
    }

    /** Reads a column index. */
    public static Decoded<ColumnIndex> readColumnIndex(byte[] buf, int off, int len, long baseOffset) {
        return read(new ColumnIndex(), buf, off, len, baseOffset, "a Parquet column index");
    }

    /** Reads an offset index. */
    public static Decoded<OffsetIndex> readOffsetIndex(byte[] buf, int off, int len, long baseOffset) {
        return read(new OffsetIndex(), buf, off, len, baseOffset, "a Parquet offset index");
    }

    /** Reads a Bloom filter header. */
    public static Decoded<org.apache.parquet.format.BloomFilterHeader> readBloomFilterHeader(
            byte[] buf, int off, int len, long baseOffset) {
        return read(
                new org.apache.parquet.format.BloomFilterHeader(),
                buf,
                off,
                len,
                baseOffset,
                "a Parquet Bloom filter header");
    }

    private static <T extends TBase<?, ?>> Decoded<T> read(
            T value, byte[] buf, int off, int len, long baseOffset, String what) {
        if (off < 0 || len < 0 || off > buf.length - len) {
            throw new IndexOutOfBoundsException("slice [" + off + ", " + off + "+" + len + ") of " + buf.length);
        }
        ArrayTransport t = new ArrayTransport(buf, off, len);
        try {
            value.read(new TCompactProtocol(t, len, len));
        } catch (CorruptInputException e) {
            throw e;
        } catch (Exception | StackOverflowError e) {
            throw new CorruptInputException(baseOffset + t.pos, what + " (" + detail(e) + ")", e);
        }
        return new Decoded<>(value, t.pos - off);
    }

    /**
     * What went wrong, the same every time: Thrift's own message, or for an exception the JVM raises (an
     * index out of bounds inside the decoder), its kind alone, since such exceptions lose their message
     * once the code that throws them is compiled.
     */
    static String detail(Throwable e) {
        if (e instanceof IndexOutOfBoundsException
                || e instanceof NullPointerException
                || e instanceof ArithmeticException
                || e instanceof ClassCastException
                || e instanceof NegativeArraySizeException
                || e instanceof ArrayStoreException) {
            return e.getClass().getSimpleName();
        }
        return withoutIdentity(e.getMessage());
    }

    /**
     * Thrift's message without the object it names by identity ("... Struct: Foo$Scheme@1b6d3586"), which
     * differs from run to run.
     */
    static String withoutIdentity(String message) {
        if (message == null) {
            return "no detail";
        }
        int at = message.indexOf(" Struct: ");
        return at < 0 ? message : message.substring(0, at);
    }

    /** Appends the compact-protocol encoding of {@code value} to {@code sink}; returns the bytes written. */
    public static int write(TBase<?, ?> value, ByteSink sink) {
        int before = sink.size();
        try {
            value.write(new TCompactProtocol(new SinkTransport(sink)));
        } catch (Exception e) {
            throw new IllegalArgumentException(
                    "cannot serialise " + value.getClass().getSimpleName(), e);
        }
        return sink.size() - before;
    }

    /** The compact-protocol encoding of {@code value} as a new array. */
    public static byte[] toBytes(TBase<?, ?> value) {
        ByteSink sink = new ByteSink(256);
        write(value, sink);
        return sink.toByteArray();
    }

    /** A read-only transport over one array slice that refuses to promise bytes beyond its end. */
    private static final class ArrayTransport extends TTransport {
        private final byte[] buf;
        private final int end;
        private int pos;
        private final TConfiguration conf;

        ArrayTransport(byte[] buf, int off, int len) {
            this.buf = buf;
            this.pos = off;
            this.end = off + len;
            this.conf = new TConfiguration(Math.max(1, len), Math.max(1, len), MAX_DEPTH);
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void open() {}

        @Override
        public void close() {}

        @Override
        public int read(byte[] dst, int off, int len) throws TTransportException {
            int n = Math.min(len, end - pos);
            if (n <= 0) {
                throw new TTransportException(TTransportException.END_OF_FILE, "end of input");
            }
            System.arraycopy(buf, pos, dst, off, n);
            pos += n;
            return n;
        }

        @Override
        public int readAll(byte[] dst, int off, int len) throws TTransportException {
            if (len > end - pos) {
                throw new TTransportException(TTransportException.END_OF_FILE, "end of input");
            }
            System.arraycopy(buf, pos, dst, off, len);
            pos += len;
            return len;
        }

        @Override
        public void write(byte[] src, int off, int len) throws TTransportException {
            throw new TTransportException("read-only transport");
        }

        @Override
        public byte[] getBuffer() {
            return buf;
        }

        @Override
        public int getBufferPosition() {
            return pos;
        }

        @Override
        public int getBytesRemainingInBuffer() {
            return end - pos;
        }

        @Override
        public void consumeBuffer(int len) {
            pos += len;
        }

        @Override
        public TConfiguration getConfiguration() {
            return conf;
        }

        @Override
        public void updateKnownMessageSize(long size) {}

        @Override
        public void checkReadBytesAvailable(long numBytes) throws TTransportException {
            if (numBytes < 0 || numBytes > end - pos) {
                throw new TTransportException(
                        TTransportException.END_OF_FILE, numBytes + " bytes claimed but " + (end - pos) + " remain");
            }
        }
    }

    /** A write-only transport appending to a {@link ByteSink}. */
    private static final class SinkTransport extends TTransport {
        private final ByteSink sink;

        SinkTransport(ByteSink sink) {
            this.sink = sink;
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void open() {}

        @Override
        public void close() {}

        @Override
        public int read(byte[] dst, int off, int len) throws TTransportException {
            throw new TTransportException("write-only transport");
        }

        @Override
        public void write(byte[] src, int off, int len) {
            sink.write(src, off, len);
        }

        @Override
        public TConfiguration getConfiguration() {
            return TConfiguration.DEFAULT;
        }

        @Override
        public void updateKnownMessageSize(long size) {}

        @Override
        public void checkReadBytesAvailable(long numBytes) {}
    }
}
