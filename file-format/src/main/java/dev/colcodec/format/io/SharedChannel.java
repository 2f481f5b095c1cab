package dev.colcodec.format.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Calls on a file channel that readers share between threads. The JDK closes a {@link FileChannel} for
 * every thread when a thread calls {@code size} or {@code read} on it with its interrupt flag set (a
 * cancelled {@code Future}, a pool shut down with {@code shutdownNow}); these calls clear the flag for the
 * call and set it again after, so one cancelled query does not close the file under the others. An
 * interrupt arriving while the call is in the kernel still closes the channel (the JDK offers no way
 * around that for a public channel); the readers then fail with {@link
 * java.nio.channels.ClosedChannelException}.
 */
public final class SharedChannel {
    private SharedChannel() {}

    /** {@link FileChannel#size()}, not closing the channel for a thread already interrupted. */
    public static long size(FileChannel ch) throws IOException {
        boolean interrupted = Thread.interrupted();
        try {
            return ch.size();
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** {@link FileChannel#read(ByteBuffer, long)}, not closing the channel for a thread already interrupted. */
    public static int read(FileChannel ch, ByteBuffer dst, long position) throws IOException {
        boolean interrupted = Thread.interrupted();
        try {
            return ch.read(dst, position);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
