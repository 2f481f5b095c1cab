package dev.colcodec.format.tsfile;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.io.FileWindow;
import java.io.IOException;
import java.nio.channels.FileChannel;
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
        return scan(FileWindow.of(file), metadataOffset);
    }

    /**
     * The chunk groups of the TsFile open on {@code channel} (of any size) between the version byte and
     * {@code metadataOffset}: only the headers are read, by positional reads, and chunk data is skipped.
     */
    public static List<ChunkGroup> scan(FileChannel channel, long metadataOffset) throws IOException {
        return scan(FileWindow.of(channel), metadataOffset);
    }

    /**
     * The chunk groups of the TsFile seen through {@code file} between the version byte and {@code
     * metadataOffset}: headers only, chunk data skipped.
     */
    public static List<ChunkGroup> scan(FileWindow file, long metadataOffset) {
        int start = TsFileReader.MAGIC.length + 1;
        if (metadataOffset < start || metadataOffset > file.length()) {
            throw new CorruptInputException(metadataOffset, "a metadata offset inside the file");
        }
        List<ChunkGroup> groups = new ArrayList<>();
        List<Chunk> chunks = null;
        long at = start;
        while (at < metadataOffset) {
            int marker = file.parse(at, metadataOffset, in -> in.readUnsignedByte("marker"));
            if (marker == CHUNK_GROUP_HEADER) {
                String[] device = file.parse(at + 1, metadataOffset, in -> {
                    int n = in.readCount(in.remaining(), "device id segment count");
                    String[] d = new String[n];
                    for (int i = 0; i < n; i++) {
                        d[i] = TsStrings.readVarString(in, "device id segment");
                    }
                    return d;
                });
                chunks = new ArrayList<>();
                groups.add(new ChunkGroup(at, device, chunks));
                at = file.lastEnd();
            } else if (marker == OPERATION_INDEX_RANGE) {
                file.parse(at, metadataOffset, in -> in.skip(17, "operation index range"));
                at = file.lastEnd();
            } else if (TsChunkHeader.isChunkMarker(marker)) {
                if (chunks == null) {
                    throw new CorruptInputException(at, "a chunk group header before the first chunk");
                }
                // the header alone: its data is skipped, never read
                TsChunkHeader h = file.parse(at, metadataOffset, TsChunkHeader::readHeaderOnly);
                long dataStart = file.lastEnd();
                long dataEnd = dataStart + h.dataSize();
                if (dataEnd > metadataOffset) {
                    throw new CorruptInputException(
                            at,
                            "chunk data of " + h.dataSize() + " bytes, but " + (metadataOffset - dataStart)
                                    + " remain");
                }
                chunks.add(new Chunk(at, h, pages(file, h, dataStart, dataEnd)));
                at = dataEnd;
            } else {
                throw new CorruptInputException(
                        at,
                        "a chunk group, chunk or operation index marker (got 0x" + Integer.toHexString(marker) + ")");
            }
        }
        return groups;
    }

    /** The pages of a chunk whose data (page headers and pages) is {@code [dataStart, dataEnd)}. */
    private static List<Page> pages(FileWindow file, TsChunkHeader h, long dataStart, long dataEnd) {
        List<Page> pages = new ArrayList<>();
        long pageAt = dataStart;
        while (pageAt < dataEnd) {
            TsPageHeader p =
                    file.parse(pageAt, dataEnd, in -> TsPageHeader.readHeaderOnly(in, h.dataType(), !h.singlePage()));
            long next = file.lastEnd() + p.compressedSize();
            if (next > dataEnd) {
                throw new CorruptInputException(
                        pageAt,
                        "a page of " + p.compressedSize() + " compressed bytes, but " + (dataEnd - file.lastEnd())
                                + " remain");
            }
            pages.add(new Page(pageAt, p));
            pageAt = next;
        }
        return pages;
    }
}
