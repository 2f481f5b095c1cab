package dev.colcodec.parquet.delta;

import dev.colcodec.io.ByteSink;
import dev.colcodec.parquet.rle.LsbGroupPacker;

/**
 * The type-independent half of a DELTA_BINARY_PACKED writer: the block layout, the encoded blocks and
 * the page header. The INT32 and INT64 writers compute deltas, minimum deltas and widths and pack
 * into the space this class reserves.
 *
 * <p>Zigzag varints of a sign-extended {@code int} are byte-identical to the 32-bit zigzag varints
 * parquet-java writes for INT32, so both types share the 64-bit form here.
 */
final class DeltaPageBuilder {
    private static final int MAX_VARLONG_BYTES = 10;
    /**
     * Bytes kept free in front of the blocks for the page header (three varints of at most 5 bytes and
     * a zigzag varlong of at most 10), so that the page can be finished in place ({@link #headerInFront}).
     */
    private static final int FRONT = 32;

    final int blockSize;
    final int miniblocks;
    final int miniblockSize;

    private final ByteSink blocks = new ByteSink(1024);
    private final ByteSink header = new ByteSink(32);

    DeltaPageBuilder(int blockSize, int miniblocks) {
        if (blockSize <= 0 || blockSize % 128 != 0) {
            throw new IllegalArgumentException("block size must be a positive multiple of 128: " + blockSize);
        }
        if (miniblocks <= 0 || blockSize % miniblocks != 0 || (blockSize / miniblocks) % 32 != 0) {
            throw new IllegalArgumentException(
                    "miniblocks per block must split " + blockSize + " into multiples of 32 values: " + miniblocks);
        }
        this.blockSize = blockSize;
        this.miniblocks = miniblocks;
        this.miniblockSize = blockSize / miniblocks;
        reserveFront();
    }

    private void reserveFront() {
        blocks.reset();
        blocks.ensure(FRONT);
        blocks.advance(FRONT);
    }

    /**
     * Writes a block header ({@code minDelta} and one width byte per miniblock: {@code widths[0,
     * used)}, then zeros for unused miniblocks) and reserves {@code packedBytes} bytes after it
     * (plus {@link LsbGroupPacker#SLACK} for its word stores).
     * Returns where the packed miniblocks go in {@link #array()}; {@link #endBlock(int)} commits them.
     */
    int beginBlock(long minDelta, int[] widths, int used, int packedBytes) {
        int p = blocks.ensure(MAX_VARLONG_BYTES + miniblocks + packedBytes + LsbGroupPacker.SLACK);
        byte[] a = blocks.array();
        long zigzag = (minDelta << 1) ^ (minDelta >> 63);
        while ((zigzag & ~0x7FL) != 0) {
            a[p++] = (byte) (zigzag | 0x80);
            zigzag >>>= 7;
        }
        a[p++] = (byte) zigzag;
        for (int i = 0; i < miniblocks; i++) {
            a[p + i] = i < used ? (byte) widths[i] : 0;
        }
        p += miniblocks;
        blocks.setSize(p);
        return p;
    }

    /** The array {@link #beginBlock} reserved space in (valid until the next {@code beginBlock}). */
    byte[] array() {
        return blocks.array();
    }

    void endBlock(int packedBytes) {
        blocks.advance(packedBytes);
    }

    /** Bytes of encoded blocks so far. */
    int blockBytes() {
        return blocks.size() - FRONT;
    }

    /** The page: header (with {@code count} values and {@code firstValue}), then the blocks. */
    byte[] toByteArray(int count, long firstValue) {
        byte[] out = new byte[finishHeader(count, firstValue)];
        copyPage(out, 0);
        return out;
    }

    /**
     * Writes the page header (with {@code count} values and {@code firstValue}) for {@link #copyPage};
     * returns the size of the page, header and blocks.
     */
    int finishHeader(int count, long firstValue) {
        header.reset();
        header.writeUnsignedVarInt(blockSize);
        header.writeUnsignedVarInt(miniblocks);
        header.writeUnsignedVarInt(count);
        header.writeZigZagVarLong(firstValue);
        return header.size() + blockBytes();
    }

    /** Copies the page (the header of the last {@link #finishHeader}, then the blocks) to {@code out} at {@code off}. */
    int copyPage(byte[] out, int off) {
        int h = header.copyTo(out, off);
        System.arraycopy(blocks.array(), FRONT, out, off + h, blockBytes());
        return h + blockBytes();
    }

    /**
     * Puts the header of the last {@link #finishHeader} right in front of the blocks; returns where the
     * page starts in {@link #array()} (it ends at the end of the blocks).
     */
    int headerInFront() {
        int at = FRONT - header.size();
        header.copyTo(blocks.array(), at);
        return at;
    }

    void reset() {
        reserveFront();
    }
}
