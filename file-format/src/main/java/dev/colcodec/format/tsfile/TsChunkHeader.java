package dev.colcodec.format.tsfile;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.io.ByteCursor;
import dev.colcodec.io.ByteSink;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;

/**
 * A TsFile chunk header: {@code marker | varstring measurementId | uvarint dataSize | dataType |
 * compression | encoding}. The marker says whether the chunk has one page (no page statistics) and
 * whether it is an aligned time (0x80) or value (0x40) chunk.
 */
public final class TsChunkHeader {
    /** Marker of a multi-page, non-aligned chunk. */
    public static final int CHUNK_HEADER = 0x01;
    /** Marker of a single-page, non-aligned chunk. */
    public static final int ONLY_ONE_PAGE_CHUNK_HEADER = 0x05;
    /** Mask of an aligned time chunk. */
    public static final int TIME_COLUMN_MASK = 0x80;
    /** Mask of an aligned value chunk. */
    public static final int VALUE_COLUMN_MASK = 0x40;

    private final int marker;
    private final String measurementId;
    private final int dataSize;
    private final TsDataType dataType;
    private final Compression compression;
    private final TsEncoding encoding;
    private final int headerSize;

    public TsChunkHeader(
            int marker,
            String measurementId,
            int dataSize,
            TsDataType dataType,
            Compression compression,
            TsEncoding encoding,
            int headerSize) {
        this.marker = marker;
        this.measurementId = measurementId;
        this.dataSize = dataSize;
        this.dataType = dataType;
        this.compression = compression;
        this.encoding = encoding;
        this.headerSize = headerSize;
    }

    /** Whether {@code b} is one of the six chunk-header markers. */
    public static boolean isChunkMarker(int b) {
        int base = b & ~(TIME_COLUMN_MASK | VALUE_COLUMN_MASK);
        int mask = b & (TIME_COLUMN_MASK | VALUE_COLUMN_MASK);
        return (base == CHUNK_HEADER || base == ONLY_ONE_PAGE_CHUNK_HEADER)
                && mask != (TIME_COLUMN_MASK | VALUE_COLUMN_MASK);
    }

    /** Reads a chunk header including its marker byte; the data must fit in what remains of {@code in}. */
    public static TsChunkHeader read(ByteCursor in) {
        int headerAt = in.position();
        TsChunkHeader h = readHeaderOnly(in);
        if (h.dataSize > in.remaining()) {
            throw new CorruptInputException(
                    headerAt, "chunk data of " + h.dataSize + " bytes, but " + in.remaining() + " remain");
        }
        return h;
    }

    /** Reads a chunk header including its marker byte, whether or not its data follows in {@code in}. */
    static TsChunkHeader readHeaderOnly(ByteCursor in) {
        int start = in.position();
        int marker = in.readUnsignedByte("chunk header marker");
        if (!isChunkMarker(marker)) {
            throw new CorruptInputException(start, "a chunk header marker (got 0x" + Integer.toHexString(marker) + ")");
        }
        String id = TsStrings.readVarString(in, "measurement id");
        if (id == null) {
            throw new CorruptInputException(start, "a non-null measurement id");
        }
        int dataSize = in.readCount(Integer.MAX_VALUE, "chunk data size");
        int typeAt = in.position();
        TsDataType type = TsEnums.dataType(in.readUnsignedByte("chunk data type"), typeAt);
        int cAt = in.position();
        Compression c = TsEnums.compression(in.readUnsignedByte("chunk compression"), cAt);
        int eAt = in.position();
        TsEncoding e = TsEnums.encoding(in.readUnsignedByte("chunk encoding"), eAt);
        int headerSize = in.position() - start;
        return new TsChunkHeader(marker, id, dataSize, type, c, e, headerSize);
    }

    /** Appends this header as TsFile writes it. */
    public void writeTo(ByteSink out) {
        out.write(marker);
        TsStrings.writeVarString(out, measurementId);
        out.writeUnsignedVarInt(dataSize);
        out.write(dataType.serialized());
        out.write(compression.tsfileId());
        out.write(encoding.serialized());
    }

    public int marker() {
        return marker;
    }

    /** True when the chunk has one page and its page header carries no statistics. */
    public boolean singlePage() {
        return (marker & 0x3F) == ONLY_ONE_PAGE_CHUNK_HEADER;
    }

    public boolean isTimeChunk() {
        return (marker & TIME_COLUMN_MASK) != 0;
    }

    public boolean isValueChunk() {
        return (marker & VALUE_COLUMN_MASK) != 0;
    }

    public String measurementId() {
        return measurementId;
    }

    /** Bytes of all page headers and page payloads after this header. */
    public int dataSize() {
        return dataSize;
    }

    public TsDataType dataType() {
        return dataType;
    }

    public Compression compression() {
        return compression;
    }

    public TsEncoding encoding() {
        return encoding;
    }

    /** Serialized size of this header, marker included (as read). */
    public int headerSize() {
        return headerSize;
    }

    @Override
    public String toString() {
        return "ChunkHeader[0x" + Integer.toHexString(marker) + " '" + measurementId + "' " + dataSize + "B " + dataType
                + " " + compression + " " + encoding + "]";
    }
}
