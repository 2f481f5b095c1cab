package dev.colcodec.format.parquet;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * The data pages of one column chunk, stored in slabs: appending never copies what is already there (a
 * growing array would copy the chunk about once more and, past a few MiB, allocate arrays the garbage
 * collector handles as humongous objects). Slabs start at 64 KiB and grow up to {@link #MAX_SLAB} bytes.
 *
 * <p>Two ways in: {@link #write} copies bytes at the end, filling every slab; {@link #reserve} hands out
 * room in the last slab for a page to be built in place (compressed straight into it, its header put in
 * front), and {@link #commit} then takes the part of that room that holds the page. Unused room stays a
 * gap: the chunk's bytes are the committed ranges in order, kept as a list of ranges. Not thread-safe.
 */
public final class PageSlabs {
    private static final int FIRST_SLAB = 1 << 16;
    /** Largest slab ({@link #maxSlab}). */
    static final int MAX_SLAB = maxSlab(Runtime.getRuntime().maxMemory());

    /**
     * The largest slab for a heap of {@code maxHeap} bytes: just below G1's humongous-object threshold
     * (half a region) for the region size G1 picks by default for that heap (about 2048 regions, a power
     * of two from 1 MiB to 32 MiB), at least 448 KiB (below the threshold of the smallest region) and at
     * most 4 MiB. Large slabs make large writes: a buffered stream hands writes of at least its buffer's
     * size straight to the stream under it instead of copying them.
     */
    static int maxSlab(long maxHeap) {
        long region = Long.highestOneBit(Math.max(1, Math.min(32L << 20, maxHeap / 2048)));
        long slab = Math.max(1L << 20, region) / 2 - (16 << 10);
        return (int) Math.max(448 << 10, Math.min(4 << 20, slab));
    }

    /** Where full-size slabs come from first and go back to after {@link #recycle}; null: none. */
    private final SlabRecycler recycler;

    private byte[][] slabs = new byte[4][];
    private int slabCount;
    /** The slabs went back to {@link #recycler}: the bytes are gone. */
    private boolean recycled;
    /** Bytes used (committed or skipped) in the last slab. */
    private int lastUsed;

    /** The committed ranges, in order: slab index, start and end in that slab. */
    private int[] rangeSlab = new int[16];

    private int[] rangeStart = new int[16];
    private int[] rangeEnd = new int[16];
    private int rangeCount;
    private long size;

    public PageSlabs() {
        this(null);
    }

    /** Slabs that take full-size slabs from {@code recycler} (null: none) whenever it has one. */
    PageSlabs(SlabRecycler recycler) {
        this.recycler = recycler;
    }

    /** Bytes appended so far. */
    public long size() {
        return size;
    }

    /** Appends {@code src[off, off + len)}. */
    void write(byte[] src, int off, int len) {
        checkGrowth(len);
        while (len > 0) {
            if (slabCount == 0 || lastUsed == slabs[slabCount - 1].length) {
                addSlab(0);
            }
            byte[] last = slabs[slabCount - 1];
            int n = Math.min(len, last.length - lastUsed);
            System.arraycopy(src, off, last, lastUsed, n);
            addRange(lastUsed, lastUsed + n);
            off += n;
            len -= n;
        }
    }

    /**
     * Room for {@code bytes} bytes at the returned offset of {@link #reserved()}, or -1 if this takes no
     * reservation of that size now (then {@link #write} the page instead): larger than a slab, or the
     * last slab's free space is too short for it but too long to leave unused. Nothing is committed
     * until {@link #commit}.
     */
    int reserve(int bytes) {
        if (bytes > MAX_SLAB) {
            return -1;
        }
        checkGrowth(bytes);
        int free = slabCount == 0 ? 0 : slabs[slabCount - 1].length - lastUsed;
        if (free < bytes) {
            // a new slab leaves the free tail unused: at most a third of the slab
            if (slabCount > 0 && free > slabs[slabCount - 1].length / 3) {
                return -1;
            }
            addSlab(bytes);
        }
        return lastUsed;
    }

    /** The slab of the last {@link #reserve}. */
    byte[] reserved() {
        return slabs[slabCount - 1];
    }

    /**
     * Commits {@code [start, start + len)} of the last reservation (from its offset on; bytes before
     * {@code start} are skipped). Later writes and reservations start after it.
     */
    void commit(int start, int len) {
        checkNotRecycled();
        if (start < lastUsed || len < 0 || start > slabs[slabCount - 1].length - len) {
            throw new IllegalArgumentException(
                    "commit of [" + start + ", +" + len + ") outside the reservation from " + lastUsed);
        }
        lastUsed = start;
        addRange(start, start + len);
    }

    private void checkGrowth(int len) {
        checkNotRecycled();
        if (len > Integer.MAX_VALUE - 16 - size) {
            throw new IllegalStateException("column chunk larger than 2 GiB");
        }
    }

    /** Adds {@code [start, end)} of the last slab to the chunk (joined to the previous range if adjacent). */
    private void addRange(int start, int end) {
        int slab = slabCount - 1;
        int last = rangeCount - 1;
        if (last >= 0 && rangeSlab[last] == slab && rangeEnd[last] == start) {
            rangeEnd[last] = end;
        } else {
            if (rangeCount == rangeSlab.length) {
                rangeSlab = Arrays.copyOf(rangeSlab, rangeCount * 2);
                rangeStart = Arrays.copyOf(rangeStart, rangeCount * 2);
                rangeEnd = Arrays.copyOf(rangeEnd, rangeCount * 2);
            }
            rangeSlab[rangeCount] = slab;
            rangeStart[rangeCount] = start;
            rangeEnd[rangeCount] = end;
            rangeCount++;
        }
        size += end - start;
        lastUsed = end;
    }

    /**
     * Starts a slab of at least {@code atLeast} bytes: a recycled full-size one when the {@link #recycler}
     * has one (it costs nothing, whatever size the chunk has reached), else a new one, twice the last.
     */
    private void addSlab(int atLeast) {
        checkNotRecycled();
        if (slabCount == slabs.length) {
            slabs = Arrays.copyOf(slabs, slabCount * 2);
        }
        byte[] slab = recycler == null ? null : recycler.take();
        if (slab == null) {
            int length = slabCount == 0 ? FIRST_SLAB : Math.min(MAX_SLAB, slabs[slabCount - 1].length * 2);
            slab = new byte[Math.max(length, atLeast)];
        }
        slabs[slabCount++] = slab;
        lastUsed = 0;
    }

    /**
     * Gives the slabs to the {@link #recycler} (for the file writer, once the bytes are written): this
     * object holds no bytes afterwards, and writing or reading it throws {@link IllegalStateException}.
     */
    void recycle() {
        checkNotRecycled();
        recycled = true;
        if (recycler != null) {
            for (int i = 0; i < slabCount; i++) {
                recycler.give(slabs[i]);
            }
        }
        slabs = new byte[0][];
        slabCount = 0;
        rangeCount = 0;
    }

    private void checkNotRecycled() {
        if (recycled) {
            throw new IllegalStateException("the page slabs were recycled after their bytes were written");
        }
    }

    /** Writes the bytes to {@code out}. */
    void writeTo(OutputStream out) throws IOException {
        checkNotRecycled();
        for (int i = 0; i < rangeCount; i++) {
            out.write(slabs[rangeSlab[i]], rangeStart[i], rangeEnd[i] - rangeStart[i]);
        }
    }

    /** Copies the bytes to {@code dst} from {@code off}. */
    void copyTo(byte[] dst, int off) {
        checkNotRecycled();
        for (int i = 0; i < rangeCount; i++) {
            int n = rangeEnd[i] - rangeStart[i];
            System.arraycopy(slabs[rangeSlab[i]], rangeStart[i], dst, off, n);
            off += n;
        }
    }
}
