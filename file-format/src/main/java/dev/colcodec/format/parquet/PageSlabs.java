package dev.colcodec.format.parquet;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * The data pages of one column chunk as a list of fixed-size slabs: appending never copies what is
 * already there (a growing array would copy the chunk about once more and, past a few MiB, allocate
 * arrays the garbage collector handles as humongous objects). Slabs start at 64 KiB and double up to
 * {@value #MAX_SLAB} bytes; every slab but the last is full. Not thread-safe.
 */
public final class PageSlabs {
    private static final int FIRST_SLAB = 1 << 16;
    /** Largest slab: well below G1's humongous-object threshold for any region size. */
    static final int MAX_SLAB = 1 << 18;

    private byte[][] slabs = new byte[4][];
    private int slabCount;
    /** Bytes in the full slabs before the last one. */
    private long fullBytes;
    /** Bytes used in the last slab. */
    private int lastUsed;

    /** Bytes appended so far. */
    public long size() {
        return slabCount == 0 ? 0 : fullBytes + lastUsed;
    }

    /** Appends {@code src[off, off + len)}. */
    void write(byte[] src, int off, int len) {
        if (len > Integer.MAX_VALUE - 16 - size()) {
            throw new IllegalStateException("column chunk larger than 2 GiB");
        }
        while (len > 0) {
            if (slabCount == 0 || lastUsed == slabs[slabCount - 1].length) {
                addSlab();
            }
            byte[] last = slabs[slabCount - 1];
            int n = Math.min(len, last.length - lastUsed);
            System.arraycopy(src, off, last, lastUsed, n);
            lastUsed += n;
            off += n;
            len -= n;
        }
    }

    private void addSlab() {
        int length = FIRST_SLAB;
        if (slabCount > 0) {
            int previous = slabs[slabCount - 1].length;
            fullBytes += previous;
            length = Math.min(MAX_SLAB, previous * 2);
        }
        if (slabCount == slabs.length) {
            slabs = Arrays.copyOf(slabs, slabCount * 2);
        }
        slabs[slabCount++] = new byte[length];
        lastUsed = 0;
    }

    /** Writes the bytes to {@code out}. */
    void writeTo(OutputStream out) throws IOException {
        for (int i = 0; i < slabCount; i++) {
            out.write(slabs[i], 0, i == slabCount - 1 ? lastUsed : slabs[i].length);
        }
    }

    /** Copies the bytes to {@code dst} from {@code off}. */
    void copyTo(byte[] dst, int off) {
        for (int i = 0; i < slabCount; i++) {
            int n = i == slabCount - 1 ? lastUsed : slabs[i].length;
            System.arraycopy(slabs[i], 0, dst, off, n);
            off += n;
        }
    }
}
