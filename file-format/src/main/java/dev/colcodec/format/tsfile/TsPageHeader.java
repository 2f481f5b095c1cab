package dev.colcodec.format.tsfile;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.ByteCursor;
import dev.colcodec.io.ByteSink;
import dev.colcodec.tsfile.TsDataType;

/**
 * A TsFile page header: {@code uvarint uncompressedSize | uvarint compressedSize | statistics}, where
 * the statistics are present only in chunks with more than one page. An uncompressed size of 0 is an
 * empty page (used for all-null aligned value pages): nothing else follows.
 */
public final class TsPageHeader {
    private final int uncompressedSize;
    private final int compressedSize;
    private final TsStatistics statistics;

    public TsPageHeader(int uncompressedSize, int compressedSize, TsStatistics statistics) {
        this.uncompressedSize = uncompressedSize;
        this.compressedSize = compressedSize;
        this.statistics = statistics;
    }

    /**
     * Reads a page header. {@code withStatistics} is false for single-page chunks. The compressed
     * payload must fit in what remains of {@code in}.
     */
    public static TsPageHeader read(ByteCursor in, TsDataType type, boolean withStatistics) {
        int start = in.position();
        TsPageHeader h = readHeaderOnly(in, type, withStatistics);
        if (h.compressedSize > in.remaining()) {
            throw new CorruptInputException(
                    start, "a page of " + h.compressedSize + " compressed bytes, but " + in.remaining() + " remain");
        }
        return h;
    }

    /** Reads a page header whether or not its payload follows in {@code in}. */
    static TsPageHeader readHeaderOnly(ByteCursor in, TsDataType type, boolean withStatistics) {
        int uncompressed = in.readCount(Integer.MAX_VALUE, "page uncompressed size");
        if (uncompressed == 0) {
            return new TsPageHeader(0, 0, null);
        }
        int compressed = in.readCount(Integer.MAX_VALUE, "page compressed size");
        TsStatistics stats = withStatistics ? TsStatistics.read(type, in) : null;
        return new TsPageHeader(uncompressed, compressed, stats);
    }

    /** Appends this header; statistics are written when non-null. */
    public void writeTo(ByteSink out) {
        out.writeUnsignedVarInt(uncompressedSize);
        if (uncompressedSize == 0) {
            return;
        }
        out.writeUnsignedVarInt(compressedSize);
        if (statistics != null) {
            statistics.writeTo(out);
        }
    }

    public int uncompressedSize() {
        return uncompressedSize;
    }

    public int compressedSize() {
        return compressedSize;
    }

    /** True for the empty page form (uncompressed size 0). */
    public boolean isEmpty() {
        return uncompressedSize == 0;
    }

    /** The page statistics, or null when the chunk has a single page (use the chunk's statistics). */
    public TsStatistics statistics() {
        return statistics;
    }
}
