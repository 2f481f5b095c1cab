package dev.colcodec.format.compress;

import dev.colcodec.io.ByteSink;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;

/**
 * An LZ4 block of literals built around bytes that are already in place: a short head (a TsFile page's
 * row count and null bitmap), then a tail of at least {@value #MIN_TAIL} bytes (the page's values) that the
 * caller has written where the block's last literals go. Runs of one byte value of 39 bytes or more in the
 * head become matches at distance 1, as {@link AdaptivePageCompressor} writes them; the tail is literals.
 * The block keeps LZ4's end rules (its last 5 bytes are literals, no match starts in its last 12). Not
 * thread-safe; one per column writer.
 */
public final class Lz4LiteralRun {
    /**
     * The fewest tail bytes taken: with at least LZ4's own 12 after the head, whose matches end with it,
     * no match starts in the block's last 12 bytes and its last 5 are literals.
     */
    public static final int MIN_TAIL = 12;

    private final Kernels kernels;
    private final ByteSink sequences = new ByteSink(64);
    private byte[] head;
    private int headEnd;
    /** Where the head's last literals start: every byte from here on is a literal. */
    private int literalsFrom;

    /** A block builder finding runs with {@link KernelProvider#best()}. */
    public Lz4LiteralRun() {
        this(KernelProvider.best());
    }

    /** A block builder finding runs with {@code kernels}. */
    public Lz4LiteralRun(Kernels kernels) {
        this.kernels = java.util.Objects.requireNonNull(kernels, "kernels");
    }

    /** Takes {@code src[off, off + len)} as the head of the next block (kept by reference). */
    public void head(byte[] src, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, src.length);
        head = src;
        headEnd = off + len;
        sequences.reset();
        // at most every head byte a literal, and a few bytes more per run (each at least 39 bytes)
        sequences.ensure(2 * len + 16);
        long runs = AdaptivePageCompressor.lz4RunSequences(kernels, src, off, headEnd, headEnd, sequences.array(), 0);
        sequences.setSize((int) runs);
        literalsFrom = (int) (runs >>> 32);
    }

    /**
     * Whether {@code src[off, off + len)} (a tail, the end of a block) holds a run of one byte value that
     * {@link AdaptivePageCompressor}'s literal runs would make a match of: a run of {@link
     * AdaptivePageCompressor#MIN_RUN} bytes or more (counted up to the tail's last 12 bytes, and from its
     * first: a run that goes on from the head is cut there). A writer then compresses the whole page as
     * before rather than storing the tail as literals; without such a run, both give the same block.
     */
    public boolean hasRun(byte[] src, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, src.length);
        return kernels.findByteRun(src, off, off + len - 12, AdaptivePageCompressor.MIN_RUN) >= 0;
    }

    /** The block's bytes before a tail of {@code tailLen} bytes: where the tail goes in the block. */
    public int lead(int tailLen) {
        int headLiterals = headEnd - literalsFrom;
        return sequences.size() + 1 + lengthBytes(headLiterals + tailLen) + headLiterals;
    }

    /** Writes the {@link #lead} bytes at {@code dst[p]}, for a tail of {@code tailLen} bytes; returns the position after them. */
    public int writeLead(byte[] dst, int p, int tailLen) {
        if (tailLen < MIN_TAIL) {
            throw new IllegalArgumentException("a tail of " + tailLen + " bytes; at least " + MIN_TAIL);
        }
        int headLiterals = headEnd - literalsFrom;
        System.arraycopy(sequences.array(), 0, dst, p, sequences.size());
        p += sequences.size();
        int lit = headLiterals + tailLen;
        dst[p++] = (byte) (Math.min(lit, 15) << 4);
        p = AdaptivePageCompressor.lz4Length(lit, dst, p);
        System.arraycopy(head, literalsFrom, dst, p, headLiterals);
        return p + headLiterals;
    }

    /** The extra length bytes of a token field holding {@code n}. */
    private static int lengthBytes(int n) {
        return n < 15 ? 0 : (n - 15) / 255 + 1;
    }
}
