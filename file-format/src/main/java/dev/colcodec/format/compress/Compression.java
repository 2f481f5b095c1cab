package dev.colcodec.format.compress;

/**
 * Page compression codecs of Parquet and TsFile, with the ids each format writes and the largest
 * expansion ratio a valid compressed block can have (used to refuse decompression bombs before
 * allocating).
 */
public enum Compression {
    UNCOMPRESSED(0, 0, 1),
    /** Raw snappy block (a copy of 64 bytes costs 3 bytes). */
    SNAPPY(1, 1, 24),
    /** A gzip member (deflate reaches about 1032:1). */
    GZIP(2, 2, 1100),
    /** Parquet's deprecated LZ4: Hadoop framing (big-endian sizes before each raw block). Read only. */
    LZ4_HADOOP(5, -1, 256),
    /**
     * A brotli stream (Parquet only). Read only: there is no pure-Java brotli encoder, and colcodec
     * takes no native one for a codec its peers rarely write. A stream can expand without practical
     * bound (26 bytes make 16 MiB of zeros), so the declared size is capped by the reader's page limit,
     * decoding stops one byte past it, and the decoder's window is cut to what the declared size needs;
     * a stream that claims more than deflate could make of its bytes is decoded once, through a small
     * buffer, before anything is allocated for it ({@link CompressionCodecs#checkFrameHeader}).
     */
    BROTLI(4, -1, Integer.MAX_VALUE),
    /**
     * One or more zstd frames (a frame's header may state its content size, which must not exceed the
     * declared size). A block regenerates at most 128 KiB (RFC 8878, Block_Maximum_Size) and takes at
     * least 4 bytes (a 3-byte header and the byte of an RLE block).
     */
    ZSTD(6, 8, (128 << 10) / 4),
    /** A raw LZ4 block (Parquet LZ4_RAW, TsFile LZ4). */
    LZ4_RAW(7, 7, 256),
    /**
     * TsFile LZMA2: the .xz container. An LZMA2 chunk regenerates at most 2 MiB and takes at least 10
     * bytes (a control byte, two 2-byte sizes and the range coder's 5 initial bytes).
     */
    LZMA2(-1, 9, 1 << 18);

    private final int parquetId;
    private final int tsfileId;
    private final int maxRatio;

    Compression(int parquetId, int tsfileId, int maxRatio) {
        this.parquetId = parquetId;
        this.tsfileId = tsfileId;
        this.maxRatio = maxRatio;
    }

    /** The Thrift {@code CompressionCodec} id, or -1 if Parquet has none for this codec. */
    public int parquetId() {
        return parquetId;
    }

    /** TsFile's {@code CompressionType} byte, or -1 if TsFile has none for this codec. */
    public int tsfileId() {
        return tsfileId;
    }

    /**
     * Whether {@link CompressionCodecs} compresses with this codec: every codec but BROTLI. (The writers
     * write no LZ4_HADOOP either, Parquet's deprecated framing, though it can be compressed.)
     */
    public boolean canCompress() {
        return this != BROTLI;
    }

    /** Whether colcodec's Parquet writer writes this codec: every one with a Parquet id but LZ4_HADOOP and BROTLI. */
    public boolean parquetWritable() {
        return parquetId >= 0 && canCompress() && this != LZ4_HADOOP;
    }

    /** Largest uncompressed/compressed ratio a valid block can have ({@code Integer.MAX_VALUE}: no bound). */
    public int maxRatio() {
        return maxRatio;
    }

    /**
     * The codec of a Parquet {@code CompressionCodec} id. Throws {@link UnsupportedOperationException} for
     * LZO (id 3), a codec of the format colcodec does not read, and {@link IllegalArgumentException} for
     * an id the format does not define.
     */
    public static Compression fromParquetId(int id) {
        for (Compression c : values()) {
            if (c.parquetId == id && id >= 0) {
                return c;
            }
        }
        if (id == PARQUET_LZO) {
            throw new UnsupportedOperationException("LZO-compressed Parquet pages are not supported");
        }
        throw new IllegalArgumentException("unknown Parquet compression codec " + id);
    }

    /** Parquet's id of LZO, which colcodec has no decoder for. */
    private static final int PARQUET_LZO = 3;

    public static Compression fromTsFileId(int id) {
        for (Compression c : values()) {
            if (c.tsfileId == id && id >= 0) {
                return c;
            }
        }
        throw new IllegalArgumentException("unsupported TsFile compression type " + id);
    }
}
