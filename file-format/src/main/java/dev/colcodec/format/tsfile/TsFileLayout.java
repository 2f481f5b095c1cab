package dev.colcodec.format.tsfile;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.ByteCursor;
import java.util.ArrayList;
import java.util.List;

/**
 * The physical layout of a TsFile's data area, read front to back: chunk groups (marker 0x00 and a
 * device id), their chunks (chunk header and page headers) up to the separator at {@link
 * TsFileReader#metadataOffset()}. Meant for inspection tools; queries go through {@link TsFileReader}.
 */
public final class TsFileLayout {
    /** Marker of a chunk group header. */
    private static final int CHUNK_GROUP_HEADER = 0x00;
    /** Marker IoTDB may write before the separator, followed by two longs. */
    private static final int OPERATION_INDEX_RANGE = 0x04;

    /** One page: the offset of its header in the file, and the header. */
    public record Page(long offset, TsPageHeader header) {}

    /** One chunk: the offset of its header in the file, the header and its pages. */
    public record Chunk(long offset, TsChunkHeader header, List<Page> pages) {}

    /** One chunk group: the offset of its marker, the device id segments (table name first) and its chunks. */
    public record ChunkGroup(long offset, String[] device, List<Chunk> chunks) {}

    private TsFileLayout() {}

    /**
     * The chunk groups of {@code file} (a whole TsFile, as given to {@link TsFileReader#of}) between the
     * version byte and {@code metadataOffset}.
     */
    public static List<ChunkGroup> scan(byte[] file, int metadataOffset) {
        int start = TsFileReader.MAGIC.length + 1;
        if (metadataOffset < start || metadataOffset > file.length) {
            throw new CorruptInputException(metadataOffset, "a metadata offset inside the file");
        }
        ByteCursor in = new ByteCursor(file, start, metadataOffset - start);
        List<ChunkGroup> groups = new ArrayList<>();
        List<Chunk> chunks = null;
        while (in.hasRemaining()) {
            int at = in.position();
            int marker = file[at] & 0xFF;
            if (marker == CHUNK_GROUP_HEADER) {
                in.skip(1, "chunk group marker");
                int n = in.readCount(in.remaining(), "device id segment count");
                String[] device = new String[n];
                for (int i = 0; i < n; i++) {
                    device[i] = TsStrings.readVarString(in, "device id segment");
                }
                chunks = new ArrayList<>();
                groups.add(new ChunkGroup(at, device, chunks));
            } else if (marker == OPERATION_INDEX_RANGE) {
                in.skip(17, "operation index range");
            } else if (TsChunkHeader.isChunkMarker(marker)) {
                if (chunks == null) {
                    throw new CorruptInputException(at, "a chunk group header before the first chunk");
                }
                chunks.add(readChunk(in, at));
            } else {
                throw new CorruptInputException(
                        at,
                        "a chunk group, chunk or operation index marker (got 0x" + Integer.toHexString(marker) + ")");
            }
        }
        return groups;
    }

    private static Chunk readChunk(ByteCursor in, int at) {
        TsChunkHeader h = TsChunkHeader.read(in);
        int dataStart = in.position();
        ByteCursor data = new ByteCursor(in.buffer(), dataStart, h.dataSize());
        in.skip(h.dataSize(), "chunk data");
        List<Page> pages = new ArrayList<>();
        while (data.hasRemaining()) {
            int pageAt = data.position();
            TsPageHeader p = TsPageHeader.read(data, h.dataType(), !h.singlePage());
            data.skip(p.compressedSize(), "page data");
            pages.add(new Page(pageAt, p));
        }
        return new Chunk(at, h, pages);
    }
}
