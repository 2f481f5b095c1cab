package dev.colcodec.format.io;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Parts {@code 0 .. parts - 1} of a stream (the chunks of a chunk group), finished in any order on several
 * threads, each written as soon as it and every part before it are done: by the thread that finishes the
 * last part missing, while the others go on with their next part, and one write at a time, in part order.
 * A part's bytes are thus often written by the thread that made them, while they are in its cache. The
 * first failed write stops the writing; {@link #finish} rethrows it.
 */
public final class InOrderWrites {
    /** Writes part {@code part} to the stream. */
    @FunctionalInterface
    public interface PartWrite {
        void write(int part) throws IOException;
    }

    private final int parts;
    private final PartWrite write;
    private final AtomicIntegerArray done;
    private final ReentrantLock writing = new ReentrantLock();
    /** The next part to write (changed only while {@link #writing} is held). */
    private volatile int next;

    private volatile Throwable failure;

    public InOrderWrites(int parts, PartWrite write) {
        this.parts = parts;
        this.write = write;
        this.done = new AtomicIntegerArray(parts);
    }

    /**
     * Marks {@code part} done (its bytes ready), then writes it and the parts after it that are done too,
     * unless another thread is writing: that one then writes them.
     */
    public void done(int part) {
        done.set(part, 1);
        // a thread that finds the lock taken leaves its part to the writer, which looks again once it
        // has let go of the lock: the part set before the failed tryLock is seen then
        while (writing.tryLock()) {
            try {
                int p = next;
                while (p < parts && done.get(p) == 1 && failure == null) {
                    try {
                        write.write(p);
                    } catch (IOException | RuntimeException e) {
                        failure = e;
                        return;
                    }
                    next = ++p;
                }
            } finally {
                writing.unlock();
            }
            int p = next;
            if (p >= parts || done.get(p) == 0 || failure != null) {
                return;
            }
        }
    }

    /**
     * After every part is {@link #done} (the threads that made them finished): rethrows the failure of a
     * write, if any.
     */
    public void finish() throws IOException {
        Throwable f = failure;
        if (f instanceof IOException) {
            throw (IOException) f;
        }
        if (f != null) {
            throw (RuntimeException) f;
        }
        if (next != parts) {
            throw new IllegalStateException("part " + next + " of " + parts + " not done");
        }
    }
}
