package dev.colcodec.parquet.rle;

import dev.colcodec.values.ValuesReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridDecoder;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridValuesReader;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridValuesWriter;

/** parquet-java's RLE/bit-packing hybrid classes as test oracles. */
final class RleOracle {
    private RleOracle() {}

    static byte[] encode(int bitWidth, int[] values, RleFraming framing) {
        try {
            if (framing == RleFraming.LENGTH_PREFIXED) {
                RunLengthBitPackingHybridValuesWriter w = new RunLengthBitPackingHybridValuesWriter(
                        bitWidth, 64, 1 << 20, HeapByteBufferAllocator.getInstance());
                for (int v : values) {
                    w.writeInteger(v);
                }
                return w.getBytes().toByteArray();
            }
            RunLengthBitPackingHybridEncoder e =
                    new RunLengthBitPackingHybridEncoder(bitWidth, 64, 1 << 20, HeapByteBufferAllocator.getInstance());
            for (int v : values) {
                e.writeInt(v);
            }
            return e.toBytes().toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] encodeBooleans(boolean[] values) {
        RunLengthBitPackingHybridValuesWriter w =
                new RunLengthBitPackingHybridValuesWriter(1, 64, 1 << 20, HeapByteBufferAllocator.getInstance());
        for (boolean v : values) {
            w.writeBoolean(v);
        }
        try {
            return w.getBytes().toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static int[] decode(int bitWidth, byte[] bytes, int n, RleFraming framing) {
        try {
            int[] out = new int[n];
            if (framing == RleFraming.LENGTH_PREFIXED) {
                RunLengthBitPackingHybridValuesReader r = new RunLengthBitPackingHybridValuesReader(bitWidth);
                r.initFromPage(n, ByteBufferInputStream.wrap(ByteBuffer.wrap(bytes)));
                for (int i = 0; i < n; i++) {
                    out[i] = r.readInteger();
                }
                return out;
            }
            RunLengthBitPackingHybridDecoder d =
                    new RunLengthBitPackingHybridDecoder(bitWidth, new ByteArrayInputStream(bytes));
            for (int i = 0; i < n; i++) {
                out[i] = d.readInt();
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static boolean[] decodeBooleans(byte[] bytes, int n) {
        try {
            RunLengthBitPackingHybridValuesReader r = new RunLengthBitPackingHybridValuesReader(1);
            r.initFromPage(n, ByteBufferInputStream.wrap(ByteBuffer.wrap(bytes)));
            boolean[] out = new boolean[n];
            for (int i = 0; i < n; i++) {
                out[i] = r.readBoolean();
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static final int UNKNOWN = ValuesReader.UNKNOWN_COUNT;
}
