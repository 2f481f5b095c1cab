package dev.colcodec.format.compress;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.Arrays;
import java.util.function.ToIntFunction;
import org.xerial.snappy.Snappy;

/**
 * Runs a Java snappy writer into an array of exactly the room {@link CompressionCodecs#maxCompressedLength}
 * gives (with marked bytes around it) and checks that it wrote nothing outside that room and no more than
 * {@code len + len / 256 + 10} bytes; and reads a block back with both decoders.
 */
final class SnappyWriterRoom {
    private SnappyWriterRoom() {}

    /** The block {@code writer} writes for a page of {@code len} bytes, given the array and offset 5. */
    static byte[] written(int len, ToIntFunction<byte[]> writer) {
        int room = CompressionCodecs.maxCompressedLength(Compression.SNAPPY, len);
        byte[] dst = new byte[5 + room + 16];
        Arrays.fill(dst, (byte) 0x5A);
        int n = writer.applyAsInt(dst);
        assertThat(n).isBetween(1, len + len / 256 + 10);
        for (int i = 0; i < 5; i++) {
            assertThat(dst[i]).isEqualTo((byte) 0x5A);
        }
        for (int i = 5 + room; i < dst.length; i++) {
            assertThat(dst[i]).as("byte %d past the room", i - 5 - room).isEqualTo((byte) 0x5A);
        }
        return Arrays.copyOfRange(dst, 5, 5 + n);
    }

    /** Checks that snappy-java's decoder and colcodec's Java decoder both give {@code raw} from {@code block}. */
    static void assertReadsBack(byte[] block, byte[] raw, String what) throws IOException {
        assertThat(Snappy.uncompress(block)).as(what).isEqualTo(raw);
        byte[] ours = new byte[raw.length];
        SnappyBlockReader.decompress(block, 0, block.length, ours, 0, raw.length);
        assertThat(ours).as(what).isEqualTo(raw);
    }
}
