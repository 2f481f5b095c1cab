package dev.colcodec.format.io;

import java.io.IOException;
import java.io.OutputStream;

/** A stream that drops what it is given and fails every write once told to (a full device). */
public final class FailingStream extends OutputStream {
    /** Set to make every later write fail with "no space left on device". */
    public boolean fail;

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (fail) {
            throw new IOException("no space left on device");
        }
    }
}
