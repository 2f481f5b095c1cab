package dev.colcodec.format.parquet;

/**
 * Full-size {@link PageSlabs} slabs ({@link PageSlabs#MAX_SLAB} bytes) of the row groups a {@link
 * ParquetFileWriter} has written, handed to the chunks of the next row groups: without it every row group
 * allocates its pages' memory anew, which the JVM zeroes, the kernel faults in and the garbage collector
 * copies while the row group lives. Only the file writer gives slabs back, after their bytes are written,
 * and only from chunks that never leave it. Holds at most {@code maxBytes} bytes; thread-safe (the
 * columns of a row group are encoded on a pool, and a row group may be written on it).
 */
final class SlabRecycler {
    private final int maxSlabs;
    private byte[][] free = new byte[8][];
    private int count;

    SlabRecycler(long maxBytes) {
        this.maxSlabs = (int) Math.max(1, Math.min(1 << 20, maxBytes / PageSlabs.MAX_SLAB));
    }

    /** A full-size slab given back earlier (its old bytes still in it), or null if none is free. */
    synchronized byte[] take() {
        if (count == 0) {
            return null;
        }
        byte[] s = free[--count];
        free[count] = null;
        return s;
    }

    /** Keeps {@code slab} for {@link #take} if it is full-size and fewer than the maximum are kept. */
    synchronized void give(byte[] slab) {
        if (slab.length != PageSlabs.MAX_SLAB || count == maxSlabs) {
            return;
        }
        if (count == free.length) {
            free = java.util.Arrays.copyOf(free, Math.min(maxSlabs, count * 2));
        }
        free[count++] = slab;
    }

    /** Slabs kept now. */
    synchronized int size() {
        return count;
    }
}
