package dev.colcodec.format.compress;

import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;

/**
 * Compresses the pages of one column, in order, without paying for compression that does not pay back
 * (used by the TsFile and Parquet writers, one per column).
 * After a page that SNAPPY, LZ4_RAW or ZSTD shrank by less than 1/{@value #MIN_GAIN_DIVISOR} of its
 * size (random numbers, already compressed bytes), the next {@value #SKIP_PAGES} pages are written as one
 * literal run of the same codec, then the codec is tried again: on the whole page if it is smaller than
 * {@value #SAMPLE_BYTES} x 2 bytes, else first on {@value #SAMPLE_BYTES} bytes from its middle, and the
 * page is a literal run again (for {@value #SKIP_PAGES} more) if those do not shrink by 1/{@value
 * #MIN_GAIN_DIVISOR} either, so a column of random numbers pays the codec on a sample, not on a whole
 * page, every {@value #SKIP_PAGES} + 1 pages. A literal run is a valid block (ZSTD: frame)
 * of the codec that every decoder reads (SNAPPY: the length, then one literal element; LZ4: literals, with
 * runs of one byte value as matches; ZSTD: a frame stating its content size, of raw blocks of up to 128
 * KiB), at most {@code len / 255 + 10} bytes larger than the page (ZSTD: 3 bytes per 128 KiB and 9 more),
 * and it is written at memory-copy speed where the codec would scan the page for matches it does not find
 * (LZ4 runs at about 1.3 GB/s over TS_2DIFF pages of random INT64 values, saving 0.2%; TsFile value pages
 * of them save 1.7%, all of it their null bitmap; zstd level 3 takes about 2.8 ms per MB of
 * DELTA_BINARY_PACKED random INT64 values).
 *
 * <p>Other codecs are always used as they are. The output depends only on the pages given, in their
 * order, so a writer that gives each column its own compressor writes the same bytes on any number of
 * threads. Not thread-safe.
 */
public final class AdaptivePageCompressor {
    /** Pages written as literal runs after a page the codec could not shrink enough. */
    public static final int SKIP_PAGES = 15;
    /** A codec must save at least 1/32 of a page (3.1%) to be kept. */
    public static final int MIN_GAIN_DIVISOR = 32;

    /** Bytes the codec is tried on first, after literal runs, for pages of at least twice as many. */
    public static final int SAMPLE_BYTES = 16 << 10;

    private final Kernels kernels;

    /** A compressor finding runs for LZ4 literal runs with {@link KernelProvider#best()}. */
    public AdaptivePageCompressor() {
        this(KernelProvider.best());
    }

    /** A compressor finding runs for LZ4 literal runs with {@code kernels}. */
    public AdaptivePageCompressor(Kernels kernels) {
        this.kernels = java.util.Objects.requireNonNull(kernels, "kernels");
    }

    private int skipLeft;
    /** The last decision was a literal run: the next try of the codec starts with a sample. */
    private boolean sampleFirst;

    private byte[] sampleOut;

    /**
     * Compresses {@code src[off, off + len)} into {@code dst} from {@code dstOff}, which must have room for
     * {@link CompressionCodecs#maxCompressedLength} bytes; returns the compressed size. See the class
     * comment for when the result is a literal run.
     */
    public int compressInto(Compression c, byte[] src, int off, int len, byte[] dst, int dstOff) {
        return compressInto(c, src, off, len, dst, dstOff, false);
    }

    /**
     * {@link #compressInto(Compression, byte[], int, int, byte[], int)}, where {@code eightByteValues} says
     * that the page's bytes end with 8-byte little-endian values (a PLAIN page of INT64 or DOUBLE values).
     * Such a page is written by {@link SnappyWordsWriter} rather than snappy-java while that writer's blocks
     * stay within 1/{@value #MIN_GAIN_DIVISOR} of snappy-java's size: compared on a sample of {@value
     * #SAMPLE_BYTES} bytes (the whole page if smaller) of the first such page and of every {@value
     * #WORDS_CHECK_PAGES}th after it. Other codecs ignore it.
     */
    public int compressInto(
            Compression c, byte[] src, int off, int len, byte[] dst, int dstOff, boolean eightByteValues) {
        return compressInto(c, src, off, len, dst, dstOff, eightByteValues ? EIGHT_BYTE_VALUES : -1);
    }

    /**
     * {@link #compressInto(Compression, byte[], int, int, byte[], int)}, where the page's bytes from {@code
     * valuesFrom} on are entries of a 4-byte little-endian length and that many bytes (a PLAIN page of
     * BYTE_ARRAY values, after any levels; a dictionary page of them). A SNAPPY page is written by {@link
     * SnappyEntriesWriter} rather than snappy-java while that writer's blocks are no larger: the first page
     * and every {@value #WORDS_CHECK_PAGES}th after it is compressed both ways and the smaller block kept
     * (the blocks of a whole page are compared: snappy-java's matches stay inside 64 KiB fragments, the
     * entries writer's reach across them), and the pages between go to the writer that won; a page the
     * entries writer does not shrink by 1/{@value #MIN_GAIN_DIVISOR} is compared at once. Other codecs
     * ignore {@code valuesFrom}.
     */
    public int compressEntriesInto(
            Compression c, byte[] src, int off, int len, int valuesFrom, byte[] dst, int dstOff) {
        java.util.Objects.checkFromToIndex(off, valuesFrom, off + len);
        return compressInto(c, src, off, len, dst, dstOff, valuesFrom - off);
    }

    /** {@code values} of {@link #compressInto(Compression, byte[], int, int, byte[], int, int)}. */
    private static final int EIGHT_BYTE_VALUES = -2;

    /**
     * {@code values}: {@link #EIGHT_BYTE_VALUES}, -1 (nothing known), or where entries start (from {@code
     * off}).
     */
    private int compressInto(Compression c, byte[] src, int off, int len, byte[] dst, int dstOff, int values) {
        boolean adaptive = c == Compression.SNAPPY || c == Compression.LZ4_RAW || c == Compression.ZSTD;
        if (adaptive && (skipLeft > 0 || sampleFirst && len >= 2 * SAMPLE_BYTES && !sampleShrinks(c, src, off, len))) {
            java.util.Objects.checkFromIndexSize(off, len, src.length);
            int room = CompressionCodecs.maxCompressedLength(c, len);
            if (dstOff < 0 || dstOff > dst.length - room) {
                throw new IndexOutOfBoundsException("need " + room + " bytes at " + dstOff + " of " + dst.length);
            }
            skipLeft = skipLeft > 0 ? skipLeft - 1 : SKIP_PAGES;
            sampleFirst = true;
            return c == Compression.SNAPPY
                    ? snappyLiterals(src, off, len, dst, dstOff)
                    : c == Compression.ZSTD
                            ? zstdRawFrame(src, off, len, dst, dstOff)
                            : lz4Literals(kernels, src, off, len, dst, dstOff);
        }
        int n;
        if (c != Compression.SNAPPY || values == -1) {
            n = CompressionCodecs.compressInto(c, src, off, len, dst, dstOff);
        } else if (values == EIGHT_BYTE_VALUES) {
            n = wordsPay(src, off, len)
                    ? SnappyWordsWriter.compress(src, off, len, dst, dstOff)
                    : CompressionCodecs.compressInto(c, src, off, len, dst, dstOff);
        } else {
            n = entries(src, off, len, off + values, dst, dstOff);
        }
        sampleFirst = false;
        if (adaptive && len >= 1024 && n > len - len / MIN_GAIN_DIVISOR) {
            skipLeft = SKIP_PAGES;
            sampleFirst = true;
        }
        return n;
    }

    /**
     * Whether the next page of codec {@code c} will be an LZ4 literal run whatever its bytes (one of the
     * {@value #SKIP_PAGES} after a page LZ4 could not shrink): a writer may then build it in place with
     * {@link Lz4LiteralRun} instead of calling {@link #compressInto}, and calls {@link #literalRunWritten}.
     */
    public boolean nextIsLz4LiteralRun(Compression c) {
        return c == Compression.LZ4_RAW && skipLeft > 0;
    }

    /** Counts a page written in place after {@link #nextIsLz4LiteralRun}, as {@link #compressInto} would have. */
    public void literalRunWritten() {
        if (skipLeft <= 0) {
            throw new IllegalStateException("no literal run was due");
        }
        skipLeft--;
        sampleFirst = true;
    }

    /** Whether the codec shrinks {@link #SAMPLE_BYTES} bytes from the middle of the page enough to be kept. */
    private boolean sampleShrinks(Compression c, byte[] src, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, src.length);
        int room = CompressionCodecs.maxCompressedLength(c, SAMPLE_BYTES);
        if (sampleOut == null || sampleOut.length < room) {
            sampleOut = new byte[room];
        }
        int from = off + len / 2 - SAMPLE_BYTES / 2;
        int n = CompressionCodecs.compressInto(c, src, from, SAMPLE_BYTES, sampleOut, 0);
        return n <= SAMPLE_BYTES - SAMPLE_BYTES / MIN_GAIN_DIVISOR;
    }

    /** Pages of 8-byte values between the samples that decide between the two snappy writers. */
    public static final int WORDS_CHECK_PAGES = 16;

    private int wordsCheckLeft;
    private boolean wordsPay;

    /**
     * Whether {@link SnappyWordsWriter} compresses this column's pages of 8-byte values within 1/{@value
     * #MIN_GAIN_DIVISOR} of snappy-java's size, checked again every {@value #WORDS_CHECK_PAGES} pages on
     * up to {@value #SAMPLE_BYTES} bytes from the page's middle (ending on a value's end).
     */
    private boolean wordsPay(byte[] src, int off, int len) {
        if (wordsCheckLeft > 0) {
            wordsCheckLeft--;
            return wordsPay;
        }
        wordsCheckLeft = WORDS_CHECK_PAGES - 1;
        java.util.Objects.checkFromIndexSize(off, len, src.length);
        int sampleLen = Math.min(len, SAMPLE_BYTES);
        // the sample ends a multiple of 8 bytes before the page's end, where the values end
        int from = off + len - sampleLen - 8 * ((len - sampleLen) / 16);
        int room = CompressionCodecs.maxCompressedLength(Compression.SNAPPY, sampleLen);
        if (sampleOut == null || sampleOut.length < room) {
            sampleOut = new byte[room];
        }
        int words = SnappyWordsWriter.compress(src, from, sampleLen, sampleOut, 0);
        int snappy = CompressionCodecs.compressInto(Compression.SNAPPY, src, from, sampleLen, sampleOut, 0);
        wordsPay = words <= snappy + snappy / MIN_GAIN_DIVISOR;
        return wordsPay;
    }

    private SnappyEntriesWriter entriesWriter;
    private int entriesCheckLeft;
    private boolean entriesPay;
    private byte[] pageOut;

    /**
     * A page of entries as SNAPPY, by the writer that won the last comparison (see {@link
     * #compressEntriesInto}); a page the entries writer does not shrink by 1/{@value #MIN_GAIN_DIVISOR}
     * is compared at once (snappy-java may still find repeats inside the entries).
     */
    private int entries(byte[] src, int off, int len, int valuesFrom, byte[] dst, int dstOff) {
        if (entriesWriter == null) {
            entriesWriter = new SnappyEntriesWriter();
        }
        int mine;
        if (entriesCheckLeft > 0) {
            entriesCheckLeft--;
            if (!entriesPay) {
                return CompressionCodecs.compressInto(Compression.SNAPPY, src, off, len, dst, dstOff);
            }
            mine = entriesWriter.compress(src, off, len, valuesFrom, dst, dstOff);
            if (mine <= len - len / MIN_GAIN_DIVISOR) {
                return mine;
            }
        } else {
            mine = entriesWriter.compress(src, off, len, valuesFrom, dst, dstOff);
        }
        entriesCheckLeft = WORDS_CHECK_PAGES - 1;
        int room = CompressionCodecs.maxCompressedLength(Compression.SNAPPY, len);
        if (pageOut == null || pageOut.length < room) {
            pageOut = new byte[room];
        }
        int theirs = CompressionCodecs.compressInto(Compression.SNAPPY, src, off, len, pageOut, 0);
        entriesPay = mine <= theirs;
        if (entriesPay) {
            return mine;
        }
        System.arraycopy(pageOut, 0, dst, dstOff, theirs);
        return theirs;
    }

    /** The choices the pages seen so far left, for {@link #restore}. */
    public record State(
            int skipLeft,
            boolean sampleFirst,
            int wordsCheckLeft,
            boolean wordsPay,
            int entriesCheckLeft,
            boolean entriesPay) {}

    /** The choices the pages seen so far left: {@link #restore} puts them back. */
    public State state() {
        return new State(skipLeft, sampleFirst, wordsCheckLeft, wordsPay, entriesCheckLeft, entriesPay);
    }

    /**
     * Puts back the choices of {@link #state}, for a writer that drops the pages compressed since (a refused
     * batch): the pages after it compress as if the dropped ones had never been seen.
     */
    public void restore(State s) {
        skipLeft = s.skipLeft();
        sampleFirst = s.sampleFirst();
        wordsCheckLeft = s.wordsCheckLeft();
        wordsPay = s.wordsPay();
        entriesCheckLeft = s.entriesCheckLeft();
        entriesPay = s.entriesPay();
    }

    /** Forgets the pages seen so far (the next page is compressed by the codec). */
    public void reset() {
        skipLeft = 0;
        sampleFirst = false;
        wordsCheckLeft = 0;
        entriesCheckLeft = 0;
    }

    /**
     * The shortest run {@link #lz4Literals} makes a match of, counted up to where the block's matches may
     * start (before its last 12 bytes). Shorter ones stay literals: an 8-byte run found by chance would save
     * 4 bytes, and a TS_2DIFF block holds one (its smallest delta packs to zeros). Runs are found with
     * {@link Kernels#findByteRun}, which takes runs of {@value Kernels#MIN_BYTE_RUN} bytes or more.
     */
    static final int MIN_RUN = 39;

    /**
     * {@code src[off, off + len)} as an LZ4 block of literals, except that runs of one byte value (39 bytes
     * or longer, such as a page's null bitmap with no nulls) become matches at distance 1; returns its
     * size. The runs are found by {@link Kernels#findByteRun} (a probe per 32 bytes in the scalar kernels,
     * a vector of 16-byte groups per step in the vector ones), so the block is written at close to
     * memory-copy speed. The block keeps LZ4's end rules (the last 5 bytes are literals, no match starts in
     * the last 12).
     */
    static int lz4Literals(Kernels kernels, byte[] src, int off, int len, byte[] dst, int dstOff) {
        int end = off + len;
        long runs = lz4RunSequences(kernels, src, off, end - 12, end - 5, dst, dstOff);
        int anchor = (int) (runs >>> 32);
        return lz4Sequence(src, anchor, end - anchor, 0, dst, (int) runs) - dstOff;
    }

    /**
     * The sequences {@link #lz4Literals} writes for the runs of one byte value from {@code src[off]}: takes
     * the first run of {@link #MIN_RUN} bytes or more that starts after the last match (at {@code off}
     * first) and is counted up to {@code probeLimit}, extends it forward up to {@code runLimit}, writes the
     * literals before it and it (a match at distance 1) from {@code dst[p]}, and goes on after it ({@code
     * probeLimit <= runLimit}). Returns
     * where the literals after the last run start (high 32 bits) and the position after the sequences in
     * {@code dst} (low 32 bits).
     */
    static long lz4RunSequences(Kernels kernels, byte[] src, int off, int probeLimit, int runLimit, byte[] dst, int p) {
        int anchor = off;
        int s;
        while ((s = kernels.findByteRun(src, anchor, probeLimit, MIN_RUN)) >= 0) {
            byte b = src[s];
            long word = (b & 0xFFL) * 0x0101_0101_0101_0101L;
            int e = s + MIN_RUN;
            while (e <= runLimit - 8 && ByteIO.getLongLE(src, e) == word) {
                e += 8;
            }
            while (e < runLimit && src[e] == b) {
                e++;
            }
            // src[s] is a literal; the match copies it forward: distance 1, from s + 1 to e
            int m = s + 1;
            p = lz4Sequence(src, anchor, m - anchor, e - m, dst, p);
            anchor = e;
        }
        return ((long) anchor << 32) | p;
    }

    /** One LZ4 sequence: {@code lit} literals from {@code src[from]}, then a match of {@code match} bytes at distance 1 (none when 0). */
    static int lz4Sequence(byte[] src, int from, int lit, int match, byte[] dst, int p) {
        int ml = match - 4;
        dst[p++] = (byte) ((Math.min(lit, 15) << 4) | (match == 0 ? 0 : Math.min(ml, 15)));
        p = lz4Length(lit, dst, p);
        System.arraycopy(src, from, dst, p, lit);
        p += lit;
        if (match > 0) {
            dst[p++] = 1;
            dst[p++] = 0;
            p = lz4Length(ml, dst, p);
        }
        return p;
    }

    /** The extra length bytes of a token field holding {@code n} (none below 15). */
    static int lz4Length(int n, byte[] dst, int p) {
        if (n >= 15) {
            int rest = n - 15;
            while (rest >= 255) {
                dst[p++] = (byte) 0xFF;
                rest -= 255;
            }
            dst[p++] = (byte) rest;
        }
        return p;
    }

    /** The largest block of a zstd frame (RFC 8878, Block_Maximum_Size). */
    static final int ZSTD_MAX_BLOCK = 128 << 10;

    /**
     * {@code src[off, off + len)} as a zstd frame (RFC 8878) of raw blocks; returns its size. The frame
     * header is a single segment (no window descriptor) with the content size, so readers that check a
     * frame's declared size before decompressing it see the page's size; no checksum, no dictionary.
     */
    static int zstdRawFrame(byte[] src, int off, int len, byte[] dst, int dstOff) {
        int p = dstOff;
        ByteIO.putIntLE(dst, p, 0xFD2FB528);
        p += 4;
        // Frame_Header_Descriptor: Frame_Content_Size_flag in bits 7-6, Single_Segment_flag (bit 5)
        if (len < 256) {
            dst[p++] = 0x20; // a 1-byte content size
            dst[p++] = (byte) len;
        } else if (len < 65536 + 256) {
            dst[p++] = 0x60; // a 2-byte content size, stored minus 256
            dst[p++] = (byte) (len - 256);
            dst[p++] = (byte) ((len - 256) >>> 8);
        } else {
            dst[p++] = (byte) 0xA0; // a 4-byte content size
            ByteIO.putIntLE(dst, p, len);
            p += 4;
        }
        int at = off;
        int end = off + len;
        do {
            int n = Math.min(ZSTD_MAX_BLOCK, end - at);
            boolean last = at + n == end;
            // Block_Header: Last_Block (bit 0), Block_Type 0 = Raw (bits 1-2), Block_Size (bits 3-23)
            int header = (n << 3) | (last ? 1 : 0);
            dst[p++] = (byte) header;
            dst[p++] = (byte) (header >>> 8);
            dst[p++] = (byte) (header >>> 16);
            System.arraycopy(src, at, dst, p, n);
            p += n;
            at += n;
        } while (at < end);
        return p - dstOff;
    }

    /** {@code src[off, off + len)} as a Snappy block of one literal element; returns its size. */
    static int snappyLiterals(byte[] src, int off, int len, byte[] dst, int dstOff) {
        int p = ByteIO.putUnsignedVarInt(dst, dstOff, len);
        return SnappyWordsWriter.literal(src, off, len, off + len, dst, p, p) - dstOff;
    }
}
