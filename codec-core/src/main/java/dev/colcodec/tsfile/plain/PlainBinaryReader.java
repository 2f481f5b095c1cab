package dev.colcodec.tsfile.plain;

import dev.colcodec.CorruptInputException;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesReader;
import java.util.Arrays;
import java.util.Objects;

/**
 * Reads TsFile PLAIN TEXT, STRING and BLOB values: a zigzag varint byte length, then the bytes.
 * Batches append to a caller-owned {@link BinaryBatch} with no object per value.
 */
public final class PlainBinaryReader implements BinaryValuesReader {
    private static final String WHAT = "PLAIN binary values";

    private final PlainSection s = new PlainSection();

    /**
     * Takes the kernels like every reader, so readers can be built uniformly. Length-prefixed byte strings have no kernel, so
     * this reader does not call them.
     */
    public PlainBinaryReader(Kernels kernels) {
        Objects.requireNonNull(kernels, "kernels");
    }

    /** A reader using {@link KernelProvider#best()}. */
    public PlainBinaryReader() {
        this(KernelProvider.best());
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        s.init(valueCount, buf, offset, length);
    }

    static void checkLength(int len, int p, int end) {
        if (len < 0 || len > end - p) {
            throw new CorruptInputException(
                    p, "a value of " + len + " bytes within the " + Math.max(0, end - p) + " remaining");
        }
    }

    @Override
    public byte[] readBinary() {
        s.claim(1, WHAT);
        long r = ZigZagVarInts.read(s.buf, s.pos, s.end, WHAT);
        int p = ZigZagVarInts.position(r);
        int len = ZigZagVarInts.value(r);
        checkLength(len, p, s.end);
        s.pos = p + len;
        return Arrays.copyOfRange(s.buf, p, p + len);
    }

    @Override
    public void readBinaries(BinaryBatch dst, int len) {
        s.claim(len, WHAT);
        byte[] b = s.buf;
        int p = s.pos;
        int end = s.end;
        for (int i = 0; i < len; i++) {
            long r = ZigZagVarInts.read(b, p, end, WHAT);
            p = ZigZagVarInts.position(r);
            int n = ZigZagVarInts.value(r);
            checkLength(n, p, end);
            int at = dst.reserve(n);
            System.arraycopy(b, p, dst.data(), at, n);
            p += n;
        }
        s.pos = p;
    }

    @Override
    public void skip(int n) {
        s.claim(n, WHAT);
        byte[] b = s.buf;
        int p = s.pos;
        for (int i = 0; i < n; i++) {
            long r = ZigZagVarInts.read(b, p, s.end, WHAT);
            p = ZigZagVarInts.position(r);
            int len = ZigZagVarInts.value(r);
            checkLength(len, p, s.end);
            p += len;
        }
        s.pos = p;
    }

    @Override
    public int endOffset() {
        return s.walkEnd(true, WHAT);
    }
}
