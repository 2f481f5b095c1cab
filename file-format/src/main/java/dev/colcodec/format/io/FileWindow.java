package dev.colcodec.format.io;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.ByteCursor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * A file seen through a window, for parsers of small structures spread over a file of any size (headers
 * between stretches of data they skip, as inspection tools walk a file): each structure is parsed from
 * an array that holds the bytes at and after its offset. Over an array (a file held in memory) the
 * window is that array; over a channel it is filled by positional reads of {@value #FIRST} bytes (more
 * for a longer structure), and a structure that starts inside the current window is parsed from what it
 * holds, so headers close together cost one read; the file is never read whole.
 *
 * <p>A structure whose parse fails before its limit is parsed again from a window 8 times larger, since
 * the window may have cut it short, up to the structure's limit and at most {@value #MAX} bytes (16 MiB):
 * a header longer than that (or a corrupt length that claims more) is corrupt input, so a damaged header
 * costs at most that much memory and reading. Offsets of {@link CorruptInputException}s are file offsets.
 * Not thread safe.
 */
public final class FileWindow {
    /** The first window read at an offset outside the current one. */
    static final int FIRST = 1 << 16;
    /** The largest window over a channel: a structure longer than this is refused as corrupt input. */
    static final int MAX = 1 << 24;

    /** A parser of one structure from a cursor over the window. */
    @FunctionalInterface
    public interface Parser<T> {
        T parse(ByteCursor in);
    }

    private final FileChannel channel;
    private final long length;
    private final ByteCursor cursor = new ByteCursor();
    private byte[] buf;
    /** File offset of {@code buf[0]}. */
    private long base;
    /** Bytes of {@code buf} read from the file. */
    private int filled;

    private long lastEnd;
    /** Bytes read from the channel so far. */
    private long bytesRead;

    private FileWindow(FileChannel channel, long length, byte[] buf) {
        this.channel = channel;
        this.length = length;
        this.buf = buf;
        this.filled = buf.length;
    }

    /** A window that is the whole of {@code file} (not copied). */
    public static FileWindow of(byte[] file) {
        return new FileWindow(null, file.length, file);
    }

    /** A window over the file open on {@code channel} (not closed by the window), of its current size. */
    public static FileWindow of(FileChannel channel) throws IOException {
        FileWindow w = new FileWindow(channel, channel.size(), new byte[0]);
        w.filled = 0;
        return w;
    }

    /** The file's length. */
    public long length() {
        return length;
    }

    /**
     * What {@code parser} reads from the bytes at {@code at}, of a structure that ends by {@code limit} (at
     * most the file's length); {@link #lastEnd()} is then the file offset after the bytes it read.
     */
    public <T> T parse(long at, long limit, Parser<T> parser) {
        if (at < 0 || at > limit || limit > length) {
            throw new CorruptInputException(at, "a position within the file (limit " + limit + ")");
        }
        // over an array: the whole structure at once
        long want = channel == null ? limit - at : FIRST;
        int max = channel == null ? Integer.MAX_VALUE : MAX;
        boolean again = false;
        while (true) {
            int n;
            int index;
            if (!again && channel != null && at >= base && at < base + filled) {
                // what the window holds already (a short stretch is read again, larger, if it fails)
                index = (int) (at - base);
                n = (int) Math.min(Math.min(filled - index, limit - at), max);
            } else {
                n = (int) Math.min(Math.min(want, limit - at), max);
                index = load(at, n);
            }
            ByteCursor in = cursor.reset(buf, index, n);
            try {
                T value = parser.parse(in);
                lastEnd = base + in.position();
                return value;
            } catch (CorruptInputException e) {
                if (at + n < limit && n < max) {
                    // cut short by the window, perhaps: again from a larger one
                    want = Math.max(FIRST, (long) n * 8);
                    again = true;
                    continue;
                }
                throw base == 0 ? e : new CorruptInputException(base + e.offset(), e.expected(), e);
            }
        }
    }

    /** Bytes read from the file so far (0 over an array). */
    public long bytesRead() {
        return bytesRead;
    }

    /** The file offset after the bytes the last {@link #parse} read. */
    public long lastEnd() {
        return lastEnd;
    }

    /** Makes {@code [at, at + n)} readable in {@link #buf} and returns the index of {@code at}. */
    private int load(long at, int n) {
        if (at >= base && at + n <= base + filled) {
            return (int) (at - base);
        }
        int size = (int) Math.min(Math.max(n, FIRST), length - at);
        if (buf.length < size) {
            buf = new byte[size];
        }
        ByteBuffer bb = ByteBuffer.wrap(buf, 0, size);
        try {
            while (bb.hasRemaining()) {
                if (SharedChannel.read(channel, bb, at + bb.position()) < 0) {
                    throw new CorruptInputException(
                            at + bb.position(), "more bytes (the file shrank while it was read)");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        base = at;
        filled = size;
        bytesRead += size;
        return 0;
    }
}
