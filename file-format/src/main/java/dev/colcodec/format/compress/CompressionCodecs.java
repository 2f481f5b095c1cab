package dev.colcodec.format.compress;

import com.github.luben.zstd.Zstd;
import dev.colcodec.CorruptInputException;
import dev.colcodec.format.io.MappedFile;
import dev.colcodec.io.Bounds;
import dev.colcodec.io.ByteIO;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import org.brotli.dec.BrotliInputStream;
import org.tukaani.xz.ArrayCache;
import org.tukaani.xz.BasicArrayCache;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZInputStream;
import org.tukaani.xz.XZOutputStream;
import org.xerial.snappy.Snappy;

/**
 * Compresses and decompresses whole pages. Decompression never allocates more than the size the page
 * header declares, and refuses a declared size that the compressed bytes could not honestly expand to
 * ({@link Compression#maxRatio()}) or that exceeds the caller's limit: decompression bombs and lying
 * headers give {@link CorruptInputException}.
 */
public final class CompressionCodecs {
    /** Default limit on one decompressed page. */
    public static final int DEFAULT_MAX_PAGE_BYTES = 1 << 30;

    private static final LZ4Factory LZ4 = LZ4Factory.fastestInstance();
    private static final LZ4Compressor LZ4_COMPRESSOR = LZ4.fastCompressor();
    private static final LZ4SafeDecompressor LZ4_DECOMPRESSOR = LZ4.safeDecompressor();
    /**
     * Memory limit for the xz decoder, in KiB: the 64 MiB dictionary of xz's largest preset (tsfile's
     * default, preset 6, has 8 MiB) and the decoder's state. A page declaring a larger dictionary is
     * refused rather than allocated.
     */
    private static final int XZ_MEMORY_LIMIT_KIB = 65 * 1024;

    /**
     * The xz coders' buffers (a decoder's dictionary of 8 MiB at tsfile's preset, an encoder's hash chains
     * of about 94 MiB) come from xz's shared cache and go back to it when the page is done: without it,
     * reading 1,060 rows of a TsFile of LZMA2 pages allocated 933 MB.
     */
    private static final ArrayCache XZ_ARRAYS = BasicArrayCache.getInstance();

    private CompressionCodecs() {}

    /** Compresses {@code src[off, off+len)} with the codec's default level. */
    public static byte[] compress(Compression c, byte[] src, int off, int len) {
        return compress(c, src, off, len, c == Compression.ZSTD ? DEFAULT_ZSTD_LEVEL : -1);
    }

    /** Compresses with a codec-specific level (zstd: 1..22; gzip: 0..9; others ignore it). */
    public static byte[] compress(Compression c, byte[] src, int off, int len, int level) {
        try {
            switch (c) {
                case UNCOMPRESSED:
                    return Arrays.copyOfRange(src, off, off + len);
                case SNAPPY: {
                    byte[] out = new byte[snappyMaxCompressedLength(len)];
                    int n = Snappy.compress(src, off, len, out, 0);
                    return Arrays.copyOf(out, n);
                }
                case GZIP: {
                    ByteArrayOutputStream bos = new ByteArrayOutputStream(len / 2 + 64);
                    try (GZIPOutputStream gz = new GZIPOutputStream(bos, 64 * 1024) {
                        {
                            if (level >= 0) {
                                def.setLevel(level);
                            }
                        }
                    }) {
                        gz.write(src, off, len);
                    }
                    return bos.toByteArray();
                }
                case LZ4_RAW: {
                    byte[] out = new byte[LZ4_COMPRESSOR.maxCompressedLength(len)];
                    int n = LZ4_COMPRESSOR.compress(src, off, len, out, 0);
                    return Arrays.copyOf(out, n);
                }
                case LZ4_HADOOP: {
                    if (len == 0) {
                        return new byte[0];
                    }
                    byte[] out = new byte[8 + LZ4_COMPRESSOR.maxCompressedLength(len)];
                    int n = LZ4_COMPRESSOR.compress(src, off, len, out, 8);
                    ByteIO.putIntBE(out, 0, len);
                    ByteIO.putIntBE(out, 4, n);
                    return Arrays.copyOf(out, 8 + n);
                }
                case ZSTD: {
                    byte[] out = new byte[(int) Zstd.compressBound(len)];
                    long n = Zstd.compressByteArray(out, 0, out.length, src, off, len, level);
                    return Arrays.copyOf(out, (int) n);
                }
                case LZMA2: {
                    ByteArrayOutputStream bos = new ByteArrayOutputStream(len / 2 + 64);
                    try (XZOutputStream xz = new XZOutputStream(bos, new LZMA2Options(), XZ_ARRAYS)) {
                        xz.write(src, off, len);
                    }
                    return bos.toByteArray();
                }
                default:
                    throw new IllegalArgumentException("cannot compress with " + c);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The zstd level {@link #compress(Compression, byte[], int, int)} uses. */
    public static final int DEFAULT_ZSTD_LEVEL = 3;

    /**
     * The most bytes {@link #compressInto} writes for {@code len} input bytes, or -1 for the codecs
     * compressed through streams (GZIP, LZMA2), which {@code compressInto} does not take.
     */
    public static int maxCompressedLength(Compression c, int len) {
        switch (c) {
            case UNCOMPRESSED:
                return len;
            case SNAPPY:
                return snappyMaxCompressedLength(len);
            case LZ4_RAW:
                return LZ4_COMPRESSOR.maxCompressedLength(len);
            case LZ4_HADOOP:
                return 8 + LZ4_COMPRESSOR.maxCompressedLength(len);
            case ZSTD:
                return (int) Math.min(Integer.MAX_VALUE - 16, Zstd.compressBound(len));
            default:
                return -1;
        }
    }

    /**
     * Snappy's bound on a block's compressed size ({@code MaxCompressedLength} of the format's reference
     * implementation: 32 + n + n/6, capped below 2 GiB), computed here rather than through a JNI call per
     * page.
     */
    static int snappyMaxCompressedLength(int len) {
        return (int) Math.min(Integer.MAX_VALUE - 16, 32L + len + len / 6);
    }

    /**
     * Compresses {@code src[off, off+len)} with the codec's default level into {@code dst} from {@code
     * dstOff}, which must have room for {@link #maxCompressedLength} bytes; returns the compressed size.
     * The bytes are the same as {@link #compress(Compression, byte[], int, int)} returns, without its
     * copy. Block codecs only (see {@code maxCompressedLength}).
     */
    public static int compressInto(Compression c, byte[] src, int off, int len, byte[] dst, int dstOff) {
        if (!c.canCompress()) {
            throw new IllegalArgumentException("cannot compress with " + c);
        }
        int room = maxCompressedLength(c, len);
        if (room < 0) {
            throw new IllegalArgumentException(c + " is compressed through a stream, use compress");
        }
        if (dstOff < 0 || dstOff > dst.length - room) {
            throw new IndexOutOfBoundsException("need " + room + " bytes at " + dstOff + " of " + dst.length);
        }
        try {
            switch (c) {
                case UNCOMPRESSED:
                    System.arraycopy(src, off, dst, dstOff, len);
                    return len;
                case SNAPPY:
                    return Snappy.compress(src, off, len, dst, dstOff);
                case LZ4_RAW:
                    return LZ4_COMPRESSOR.compress(src, off, len, dst, dstOff);
                case LZ4_HADOOP: {
                    if (len == 0) {
                        return 0;
                    }
                    int n = LZ4_COMPRESSOR.compress(src, off, len, dst, dstOff + 8);
                    ByteIO.putIntBE(dst, dstOff, len);
                    ByteIO.putIntBE(dst, dstOff + 4, n);
                    return 8 + n;
                }
                default: {
                    long n = Zstd.compressByteArray(dst, dstOff, room, src, off, len, DEFAULT_ZSTD_LEVEL);
                    if (Zstd.isError(n)) {
                        throw new IllegalStateException("zstd: " + Zstd.getErrorName(n));
                    }
                    return (int) n;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Decompresses into a new array of exactly {@code uncompressedSize} bytes. */
    public static byte[] decompress(Compression c, byte[] src, int off, int len, int uncompressedSize) {
        return decompress(c, src, off, len, uncompressedSize, DEFAULT_MAX_PAGE_BYTES);
    }

    /**
     * Decompresses {@code src[off, off+len)}, which must expand to exactly {@code uncompressedSize}
     * bytes, into a new array. {@code maxBytes} caps the declared size.
     */
    public static byte[] decompress(Compression c, byte[] src, int off, int len, int uncompressedSize, int maxBytes) {
        return decompress(c, src, off, len, uncompressedSize, maxBytes, false);
    }

    /**
     * {@link #decompress(Compression, byte[], int, int, int, int)} of a page of fixed-width values (see
     * {@link #decompressInto(Compression, byte[], int, int, byte[], int, int, boolean)}).
     */
    public static byte[] decompress(
            Compression c, byte[] src, int off, int len, int uncompressedSize, int maxBytes, boolean fixedWidthValues) {
        checkDeclaredSize(c, off, len, uncompressedSize, maxBytes);
        if (c == Compression.UNCOMPRESSED) {
            return Arrays.copyOfRange(src, off, off + len);
        }
        checkFrameHeader(c, src, off, len, uncompressedSize);
        byte[] dst = new byte[uncompressedSize];
        inflate(c, src, off, len, dst, 0, uncompressedSize, fixedWidthValues);
        return dst;
    }

    /**
     * Codecs whose block states its own content size (snappy, zstd) must agree with the page header
     * before anything is allocated for them: checks {@code src[off, off + len)} (its first bytes suffice)
     * against {@code uncompressedSize}, reporting a disagreement at {@code off}. A brotli stream that
     * claims more than {@value #BROTLI_TRUSTED_RATIO} times its size is decoded here without keeping its
     * bytes, and must hold exactly the declared size. Other codecs pass.
     */
    public static void checkFrameHeader(Compression c, byte[] src, int off, int len, int uncompressedSize) {
        try {
            if (c == Compression.SNAPPY) {
                // only the length header (a varint of up to 5 bytes) is read here: the snappy decoders
                // themselves stop at malformed input and never write past the length the header states, which
                // must fit the destination
                SnappyBlockReader.elementsStart(java.nio.ByteBuffer.wrap(src), off, off + len, uncompressedSize);
            } else if (c == Compression.ZSTD) {
                // the first frame's size: a page may hold more frames (RFC 8878 section 3), whose sizes
                // add up to the page's, so a first frame of fewer bytes is checked when it is decompressed
                long declared = Zstd.getFrameContentSize(src, off, len);
                if (declared > uncompressedSize) {
                    throw new CorruptInputException(
                            off, "zstd frames of " + uncompressedSize + " bytes but the first declares " + declared);
                }
            } else if (brotliClaimsMuch(c, len, uncompressedSize)) {
                // a brotli stream states no size, and may expand without practical bound: one that claims
                // more than deflate could make of its bytes is decoded once without keeping its bytes, so
                // that a page buffer is sized by what the stream holds rather than by the header's claim
                int held = brotliLength(src, off, len, uncompressedSize);
                if (held != uncompressedSize) {
                    throw new CorruptInputException(
                            off,
                            "a BROTLI stream of " + uncompressedSize + " bytes but it holds "
                                    + (held > uncompressedSize ? "more" : held));
                }
            }
        } catch (CorruptInputException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new CorruptInputException(off, "a valid " + c + " block" + detail(c, e), e);
        }
    }

    /**
     * The expansion above which a brotli page's declared size is checked by decoding it before anything is
     * allocated for it: deflate's (see {@link Compression#GZIP}), which real pages rarely pass.
     */
    static final int BROTLI_TRUSTED_RATIO = 1100;

    /** Whether {@code len} bytes of codec {@code c} are a brotli stream claiming more than it is trusted with. */
    private static boolean brotliClaimsMuch(Compression c, int len, int uncompressedSize) {
        return c == Compression.BROTLI && uncompressedSize > (long) len * BROTLI_TRUSTED_RATIO + 64;
    }

    /**
     * How many bytes the brotli stream {@code src[off, off + len)} decodes to, counting at most {@code size +
     * 1}, through a small buffer (the decoder's window is cut to what {@code size} bytes need, as for the
     * page itself).
     */
    private static int brotliLength(byte[] src, int off, int len, int size) {
        byte[] scratch = new byte[64 << 10];
        try (InputStream in = new BrotliInputStream(brotliWithWindowFor(src, off, len, size))) {
            long got = 0;
            while (got <= size) {
                int r = in.read(scratch, 0, (int) Math.min(scratch.length, size + 1L - got));
                if (r < 0) {
                    break;
                }
                got += r;
            }
            return (int) Math.min(got, size + 1L);
        } catch (IOException e) {
            throw new CorruptInputException(off, "a valid BROTLI block" + detail(Compression.BROTLI, e), e);
        }
    }

    /**
     * The codec library's word on a malformed block, in parentheses, where it is the same whatever buffer
     * the block is read from: lz4-java's names an offset into that buffer, so it is left out (the
     * exception's cause keeps it).
     */
    private static String detail(Compression c, Throwable e) {
        if (c == Compression.LZ4_RAW || c == Compression.LZ4_HADOOP || e.getMessage() == null) {
            return "";
        }
        return " (" + e.getMessage() + ")";
    }

    /**
     * {@link #checkFrameHeader(Compression, byte[], int, int, int)} of {@code src[off, off + len)} of a
     * buffer (its position and limit are not used), on a copy of the block's start: the same finding at the
     * same offset whichever way the block is read.
     */
    public static void checkFrameHeader(Compression c, ByteBuffer src, int off, int len, int uncompressedSize) {
        if (c != Compression.SNAPPY && c != Compression.ZSTD && !brotliClaimsMuch(c, len, uncompressedSize)) {
            return;
        }
        // a brotli stream is checked whole (and only when it claims much: see the byte[] form)
        byte[] head = new byte[c == Compression.BROTLI ? len : Math.min(len, FRAME_HEADER_BYTES)];
        try {
            src.get(off, head, 0, head.length);
        } catch (InternalError e) {
            throw MappedFile.shrank(off, e);
        }
        try {
            checkFrameHeader(c, head, 0, head.length, uncompressedSize);
        } catch (CorruptInputException e) {
            throw new CorruptInputException(off + e.offset(), e.expected(), e);
        }
    }

    /** Bytes of a block's start that hold any snappy or zstd frame header (see {@link #checkFrameHeader}). */
    private static final int FRAME_HEADER_BYTES = 32;

    /**
     * Checks, before anything is allocated for it, that {@code len} bytes compressed with {@code c} may
     * honestly expand to {@code uncompressedSize} bytes and that this is at most {@code maxBytes}; {@code
     * off} is the offset reported by the {@link CorruptInputException}.
     */
    public static void checkDeclaredSize(Compression c, int off, int len, int uncompressedSize, int maxBytes) {
        if (uncompressedSize < 0 || uncompressedSize > maxBytes) {
            throw new CorruptInputException(
                    off, "an uncompressed page size in [0, " + maxBytes + "] but the header says " + uncompressedSize);
        }
        if (c == Compression.UNCOMPRESSED && uncompressedSize != len) {
            throw new CorruptInputException(
                    off, "an uncompressed page of " + uncompressedSize + " bytes but it has " + len);
        }
        long honest = (long) len * c.maxRatio() + 64;
        if (uncompressedSize > honest) {
            throw new CorruptInputException(
                    off,
                    "at most " + honest + " bytes from " + len + " " + c + "-compressed bytes, but the header claims "
                            + uncompressedSize);
        }
    }

    /** Decompresses into {@code dst[dstOff, dstOff+uncompressedSize)}; the result must fill it exactly. */
    public static void decompressInto(
            Compression c, byte[] src, int off, int len, byte[] dst, int dstOff, int uncompressedSize) {
        decompressInto(c, src, off, len, dst, dstOff, uncompressedSize, false);
    }

    /**
     * {@link #decompressInto(Compression, byte[], int, int, byte[], int, int)} for a page whose values are
     * fixed-width ({@code fixedWidthValues}: numbers, booleans, dictionary ids; not byte arrays). Only the
     * choice of SNAPPY decoder depends on it: such a page whose first copies mostly repeat bytes 8 or 16
     * back (ascending or slowly changing numbers; see {@link SnappyBlockReader#opensWithNearCopies}) goes to
     * colcodec's Java decoder, which reads those about 4x faster than snappy-java's native decoder, and so
     * does a page of byte strings made of runs of one repeated value ({@link
     * SnappyBlockReader#opensWithRepeatRuns}); other pages that compress go to the native decoder, which
     * reads text and far repeats faster. Both decode every valid block to the same bytes.
     */
    public static void decompressInto(
            Compression c,
            byte[] src,
            int off,
            int len,
            byte[] dst,
            int dstOff,
            int uncompressedSize,
            boolean fixedWidthValues) {
        checkDeclaredSize(c, off, len, uncompressedSize, Integer.MAX_VALUE);
        if (c != Compression.BROTLI) {
            // (the destination exists already: a brotli stream's claim is checked by decoding it into it)
            checkFrameHeader(c, src, off, len, uncompressedSize);
        }
        inflate(c, src, off, len, dst, dstOff, uncompressedSize, fixedWidthValues);
    }

    /**
     * Whether a block of {@code compressedSize} bytes that expands to {@code uncompressedSize} is better
     * decompressed straight from a (memory-mapped) buffer by {@link #decompressInto(Compression, ByteBuffer,
     * int, int, byte[], int, int)} than copied out of it first: LZ4_RAW always, SNAPPY and ZSTD when
     * compression saved at most 1/{@value #LITERAL_BLOCK_GAIN_DIVISOR} of the bytes (a block of mostly
     * literals or raw zstd blocks, such as a page of random numbers, which the Java decoders copy in bulk;
     * other blocks are copied out of the buffer first).
     */
    public static boolean decompressesFromBuffer(Compression c, int compressedSize, int uncompressedSize) {
        return c == Compression.LZ4_RAW
                || (c == Compression.SNAPPY || c == Compression.ZSTD)
                        && compressedSize >= uncompressedSize - uncompressedSize / LITERAL_BLOCK_GAIN_DIVISOR;
    }

    /** See {@link #decompressesFromBuffer(Compression, int, int)}. */
    static final int LITERAL_BLOCK_GAIN_DIVISOR = 16;

    /**
     * {@link #decompressInto(Compression, byte[], int, int, byte[], int, int)} from {@code src[off, off +
     * len)} of a buffer (heap, direct or memory-mapped; its position and limit are not used), for the
     * codecs LZ4_RAW, SNAPPY and ZSTD (see {@link #decompressesFromBuffer(Compression, int, int)}): a page read from a
     * mapped file is decompressed from the mapping, without a copy of its compressed bytes. Offsets in
     * exceptions are buffer indexes ({@code off} or, for SNAPPY and ZSTD, where the block is malformed).
     */
    public static void decompressInto(
            Compression c, ByteBuffer src, int off, int len, byte[] dst, int dstOff, int uncompressedSize) {
        if (c != Compression.LZ4_RAW && c != Compression.SNAPPY && c != Compression.ZSTD) {
            throw new IllegalArgumentException("cannot decompress " + c + " from a buffer");
        }
        checkDeclaredSize(c, off, len, uncompressedSize, Integer.MAX_VALUE);
        java.util.Objects.checkFromIndexSize(off, len, src.capacity());
        java.util.Objects.checkFromIndexSize(dstOff, uncompressedSize, dst.length);
        checkFrameHeader(c, src, off, len, uncompressedSize);
        if (c == Compression.SNAPPY) {
            try {
                SnappyBlockReader.decompress(src, off, len, dst, dstOff, uncompressedSize);
            } catch (InternalError e) {
                throw MappedFile.shrank(off, e); // a fault in a mapping: the file was truncated meanwhile
            }
            return;
        }
        if (c == Compression.ZSTD) {
            try {
                if (!ZstdRawFrameReader.decompress(src, off, len, dst, dstOff, uncompressedSize)) {
                    // compressed blocks, a checksum or a dictionary: the compressed bytes to the native decoder
                    byte[] copy = new byte[len];
                    src.get(off, copy, 0, len);
                    try {
                        decompressInto(c, copy, 0, len, dst, dstOff, uncompressedSize);
                    } catch (CorruptInputException e) {
                        throw new CorruptInputException(off + e.offset(), e.expected(), e);
                    }
                }
            } catch (InternalError e) {
                throw MappedFile.shrank(off, e);
            }
            return;
        }
        int n;
        try {
            n = LZ4_DECOMPRESSOR.decompress(src, off, len, ByteBuffer.wrap(dst), dstOff, uncompressedSize);
        } catch (InternalError e) {
            throw MappedFile.shrank(off, e); // a fault in a mapping: the file was truncated meanwhile
        } catch (RuntimeException e) {
            throw new CorruptInputException(off, "a valid " + c + " block" + detail(c, e), e);
        }
        if (n != uncompressedSize) {
            throw new CorruptInputException(
                    off, "a " + c + " block of " + uncompressedSize + " bytes but it holds " + n);
        }
    }

    /** Decompresses after the size checks; the result must fill the range exactly. */
    private static void inflate(
            Compression c,
            byte[] src,
            int off,
            int len,
            byte[] dst,
            int dstOff,
            int uncompressedSize,
            boolean fixedWidthValues) {
        int n;
        try {
            switch (c) {
                case UNCOMPRESSED:
                    System.arraycopy(src, off, dst, dstOff, len);
                    return;
                case SNAPPY:
                    if (decompressesFromBuffer(c, len, uncompressedSize)
                            || (fixedWidthValues
                                    ? SnappyBlockReader.opensWithNearCopies(src, off, len)
                                    : SnappyBlockReader.opensWithRepeatRuns(src, off, len))) {
                        // a page of mostly literals (the Java decoding a mapped file's page goes through, so
                        // errors are the same from memory and from disk), of numbers whose copies are 8 or 16
                        // bytes back, or of runs of a repeated string, which the Java decoder reads faster
                        // than the native one
                        SnappyBlockReader.decompress(src, off, len, dst, dstOff, uncompressedSize);
                        return;
                    }
                    n = Snappy.uncompress(src, off, len, dst, dstOff);
                    break;
                case LZ4_RAW:
                    n = LZ4_DECOMPRESSOR.decompress(src, off, len, dst, dstOff, uncompressedSize);
                    break;
                case LZ4_HADOOP:
                    n = decompressHadoopLz4(src, off, len, dst, dstOff, uncompressedSize);
                    break;
                case ZSTD: {
                    // a frame of raw blocks (a page that hardly compresses) is copied out in Java, as from a
                    // mapped file (see SNAPPY)
                    if (decompressesFromBuffer(c, len, uncompressedSize)
                            && ZstdRawFrameReader.decompress(
                                    java.nio.ByteBuffer.wrap(src), off, len, dst, dstOff, uncompressedSize)) {
                        return;
                    }
                    long r = Zstd.decompressByteArray(dst, dstOff, uncompressedSize, src, off, len);
                    if (Zstd.isError(r)) {
                        throw new CorruptInputException(off, "a valid zstd frame (" + Zstd.getErrorName(r) + ")");
                    }
                    n = (int) r;
                    break;
                }
                case GZIP:
                    n = gunzip(src, off, len, dst, dstOff, uncompressedSize);
                    break;
                case BROTLI:
                    n = readFully(
                            new BrotliInputStream(brotliWithWindowFor(src, off, len, uncompressedSize)),
                            dst,
                            dstOff,
                            uncompressedSize,
                            off);
                    break;
                case LZMA2:
                    n = readFully(
                            new XZInputStream(new ByteArrayInputStream(src, off, len), XZ_MEMORY_LIMIT_KIB, XZ_ARRAYS),
                            dst,
                            dstOff,
                            uncompressedSize,
                            off);
                    break;
                default:
                    throw new IllegalArgumentException("cannot decompress " + c);
            }
        } catch (CorruptInputException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new CorruptInputException(off, "a valid " + c + " block" + detail(c, e), e);
        }
        if (n != uncompressedSize) {
            throw new CorruptInputException(
                    off, "a " + c + " block of " + uncompressedSize + " bytes but it holds " + n);
        }
    }

    /**
     * The brotli stream {@code src[off, off + len)}, its window lowered to what {@code size} bytes need.
     * The decoder allocates and fills a ring buffer of the stream's whole window (up to 16 MiB) unless the
     * first meta-block is the last, so a page of a few bytes claiming a large window cost 16 MiB and 40
     * ms. A window code of 18 to 24 bits (RFC 7932 section 9.1: a 1 bit, then 3 bits, WBITS - 17) is
     * lowered to the smallest of 18 or more whose window, {@code 2^WBITS - 16} bytes, holds {@code size}:
     * the stream means the same, as no distance of a stream of at most that many bytes reaches past
     * either window (it is bounded by the bytes decoded so far), and decoding stops after {@code size + 1}
     * bytes. The other window codes (10 to 17 bits) need at most 128 KiB and stay.
     */
    private static InputStream brotliWithWindowFor(byte[] src, int off, int len, int size) {
        if (len > 0 && (src[off] & 1) == 1 && (src[off] & 0x0E) != 0) {
            int windowBits = 17 + ((src[off] >>> 1) & 7);
            int need = 18;
            while (need < windowBits && (1L << need) - 16 < size) {
                need++;
            }
            if (need < windowBits) {
                byte first = (byte) ((src[off] & ~0x0E) | (need - 17) << 1);
                return new java.io.SequenceInputStream(
                        new ByteArrayInputStream(new byte[] {first}), new ByteArrayInputStream(src, off + 1, len - 1));
            }
        }
        return new ByteArrayInputStream(src, off, len);
    }

    private static int readFully(InputStream in, byte[] dst, int dstOff, int size, int srcOff) throws IOException {
        try (in) {
            int got = 0;
            while (got < size) {
                int r = in.read(dst, dstOff + got, size - got);
                if (r < 0) {
                    break;
                }
                got += r;
            }
            if (got == size && in.read() >= 0) {
                throw new CorruptInputException(srcOff, "a compressed page of " + size + " bytes but it holds more");
            }
            return got;
        }
    }

    /**
     * The gzip members (RFC 1952) that make up all of {@code src[off, off + len)}, inflated into {@code
     * dst[dstOff, dstOff + size)}; returns the bytes they hold (more than {@code size} is corrupt input).
     * Each member's header, CRC-32 and size are checked, and bytes after the last member that are not a
     * whole member are corrupt input at their offset ({@link GZIPInputStream} takes such bytes for the end
     * of the stream).
     */
    private static int gunzip(byte[] src, int off, int len, byte[] dst, int dstOff, int size) {
        int end = off + len;
        int p = off;
        int got = 0;
        java.util.zip.Inflater inflater = new java.util.zip.Inflater(true);
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        try {
            do {
                p = gzipHeaderEnd(src, p, end);
                inflater.reset();
                inflater.setInput(src, p, end - p);
                int from = got;
                while (!inflater.finished()) {
                    int before = inflater.getRemaining();
                    int n;
                    if (got < size) {
                        n = inflater.inflate(dst, dstOff + got, size - got);
                    } else {
                        // the page is full: any more output is too much
                        n = inflater.inflate(new byte[1]);
                        if (n > 0) {
                            throw new CorruptInputException(
                                    off, "a compressed page of " + size + " bytes but it holds more");
                        }
                    }
                    got += n;
                    if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                        throw new CorruptInputException(end, "the rest of a deflate stream");
                    }
                    if (n == 0 && inflater.getRemaining() == before && !inflater.finished()) {
                        throw new CorruptInputException(end - before, "deflate data that makes progress");
                    }
                }
                p = end - inflater.getRemaining();
                if (end - p < 8) {
                    throw new CorruptInputException(p, "a gzip trailer (CRC-32 and size, 8 bytes)");
                }
                crc.reset();
                crc.update(dst, dstOff + from, got - from);
                if ((int) crc.getValue() != ByteIO.getIntLE(src, p)) {
                    throw new CorruptInputException(p, "the CRC-32 of the gzip member's data");
                }
                if (got - from != ByteIO.getIntLE(src, p + 4)) {
                    throw new CorruptInputException(p + 4, "the gzip member's size, " + (got - from));
                }
                p += 8;
            } while (p < end);
        } catch (java.util.zip.DataFormatException e) {
            throw new CorruptInputException(off, "valid deflate data (" + e.getMessage() + ")", e);
        } finally {
            inflater.end();
        }
        return got;
    }

    /** Where the deflate data of the gzip member whose header starts at {@code src[p]} starts. */
    private static int gzipHeaderEnd(byte[] src, int p, int end) {
        int start = p;
        if (end - p < 10 || src[p] != (byte) 0x1F || src[p + 1] != (byte) 0x8B || src[p + 2] != 8) {
            throw new CorruptInputException(p, "a gzip member header (1f 8b 08)");
        }
        int flags = src[p + 3] & 0xFF;
        if ((flags & 0xE0) != 0) {
            throw new CorruptInputException(p + 3, "gzip header flags with the reserved bits clear");
        }
        p += 10;
        if ((flags & 4) != 0) { // FEXTRA
            if (end - p < 2) {
                throw new CorruptInputException(p, "the length of a gzip header's extra field");
            }
            int xlen = (src[p] & 0xFF) | (src[p + 1] & 0xFF) << 8;
            p += 2;
            if (end - p < xlen) {
                throw new CorruptInputException(p, "a gzip header extra field of " + xlen + " bytes");
            }
            p += xlen;
        }
        for (int bit : new int[] {8, 16}) { // FNAME, FCOMMENT: zero-terminated
            if ((flags & bit) != 0) {
                while (p < end && src[p] != 0) {
                    p++;
                }
                if (p == end) {
                    throw new CorruptInputException(p, "the zero byte ending a gzip header's name or comment");
                }
                p++;
            }
        }
        if ((flags & 2) != 0) { // FHCRC: the low 16 bits of the header's CRC-32
            if (end - p < 2) {
                throw new CorruptInputException(p, "a gzip header CRC");
            }
            java.util.zip.CRC32 crc = new java.util.zip.CRC32();
            crc.update(src, start, p - start);
            if (((int) crc.getValue() & 0xFFFF) != ((src[p] & 0xFF) | (src[p + 1] & 0xFF) << 8)) {
                throw new CorruptInputException(p, "the CRC of the gzip header");
            }
            p += 2;
        }
        return p;
    }

    /** Hadoop framing: repeated [u32 chunk size][u32 block length][LZ4 block]... */
    private static int decompressHadoopLz4(byte[] src, int off, int len, byte[] dst, int dstOff, int size) {
        int p = off;
        int end = off + len;
        int out = 0;
        while (p < end) {
            Bounds.checkAvailable(p, end, 4, "a Hadoop LZ4 chunk size");
            int chunk = ByteIO.getIntBE(src, p);
            p += 4;
            if (chunk < 0 || chunk > size - out) {
                throw new CorruptInputException(p - 4, "a Hadoop LZ4 chunk of at most " + (size - out) + " bytes");
            }
            int chunkEnd = out + chunk;
            while (out < chunkEnd) {
                Bounds.checkAvailable(p, end, 4, "a Hadoop LZ4 block length");
                int blockLen = ByteIO.getIntBE(src, p);
                p += 4;
                Bounds.checkAvailable(p, end, blockLen, "a Hadoop LZ4 block");
                out += LZ4_DECOMPRESSOR.decompress(src, p, blockLen, dst, dstOff + out, chunkEnd - out);
                p += blockLen;
            }
        }
        return out;
    }
}
