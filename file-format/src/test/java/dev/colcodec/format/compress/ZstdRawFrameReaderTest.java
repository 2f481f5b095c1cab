package dev.colcodec.format.compress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import dev.colcodec.CorruptInputException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * ZSTD pages decompressed from buffers (memory-mapped pages): frames of raw and RLE blocks in Java, every
 * other frame through the native decoder, with the same result as zstd-jni for what zstd-jni wrote (with
 * and without checksums, content sizes, several frames, skippable frames) and for our raw frames; damaged
 * frames give {@link CorruptInputException} only.
 */
class ZstdRawFrameReaderTest {
    private static final int[] SIZES = {0, 1, 255, 256, 4095, 65_791, 65_792, 131_071, 131_072, 131_073, 400_003};

    private static byte[] decode(byte[] frame, int size, boolean direct, int pad) {
        ByteBuffer src = direct
                ? ByteBuffer.allocateDirect(pad + frame.length + 5)
                : ByteBuffer.allocate(pad + frame.length + 5);
        src.put(pad, frame);
        byte[] out = new byte[size + 2];
        CompressionCodecs.decompressInto(Compression.ZSTD, src, pad, frame.length, out, 2, size);
        return Arrays.copyOfRange(out, 2, 2 + size);
    }

    private static byte[] rawFrame(byte[] raw) {
        byte[] dst = new byte[CompressionCodecs.maxCompressedLength(Compression.ZSTD, raw.length)];
        return Arrays.copyOf(dst, AdaptivePageCompressor.zstdRawFrame(raw, 0, raw.length, dst, 0));
    }

    @Test
    void decodesWhatZstdAndTheRawFramesWrote() {
        SplittableRandom r = new SplittableRandom(3);
        for (String kind : new String[] {"random", "text", "runs", "far"}) {
            for (int n : SIZES) {
                byte[] raw = SnappyBlockReaderTest.data(kind, n, r);
                byte[] level1 = Zstd.compress(raw, 1);
                byte[] level3 = Zstd.compress(raw, 3);
                byte[] checksummed;
                try (ZstdCompressCtx ctx = new ZstdCompressCtx()) {
                    ctx.setLevel(3).setChecksum(true).setContentSize(false);
                    checksummed = ctx.compress(raw);
                }
                for (byte[] frame : new byte[][] {level1, level3, checksummed, rawFrame(raw)}) {
                    boolean direct = r.nextBoolean();
                    assertThat(decode(frame, n, direct, r.nextInt(7)))
                            .as(kind + " " + n + (direct ? " direct" : " heap"))
                            .isEqualTo(raw);
                }
            }
        }
    }

    @Test
    void readsRawFramesInJavaAndHandsTheRestToTheNativeDecoder() {
        byte[] raw = SnappyBlockReaderTest.data("random", 300_000, new SplittableRandom(5));
        byte[] out = new byte[raw.length];
        assertThat(ZstdRawFrameReader.decompress(
                        ByteBuffer.wrap(rawFrame(raw)), 0, rawFrame(raw).length, out, 0, raw.length))
                .isTrue();
        assertThat(out).isEqualTo(raw);
        byte[] text = SnappyBlockReaderTest.data("text", 300_000, new SplittableRandom(5));
        byte[] compressed = Zstd.compress(text, 3);
        assertThat(ZstdRawFrameReader.decompress(
                        ByteBuffer.wrap(compressed), 0, compressed.length, out, 0, text.length))
                .as("a compressed block")
                .isFalse();
        // two frames and a skippable frame between them
        byte[] a = Arrays.copyOf(raw, 1000);
        byte[] b = Arrays.copyOfRange(raw, 1000, 5000);
        byte[] fa = rawFrame(a);
        byte[] fb = rawFrame(b);
        byte[] skippable = {0x5A, 0x2A, 0x4D, 0x18, 3, 0, 0, 0, 9, 9, 9};
        ByteBuffer all = ByteBuffer.allocate(fa.length + skippable.length + fb.length);
        all.put(fa).put(skippable).put(fb);
        byte[] got = new byte[5000];
        assertThat(ZstdRawFrameReader.decompress(all, 0, all.capacity(), got, 0, 5000))
                .isTrue();
        assertThat(got).isEqualTo(Arrays.copyOf(raw, 5000));
        // an RLE block: a frame header (single segment, 1-byte size 200), then one last RLE block of 200
        byte[] rle = {
            0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, 0x20, (byte) 200, (byte) (200 << 3 | 2 | 1), (byte) (200 >>> 5), 0, 7
        };
        byte[] seven = new byte[200];
        assertThat(ZstdRawFrameReader.decompress(ByteBuffer.wrap(rle), 0, rle.length, seven, 0, 200))
                .isTrue();
        byte[] expected = new byte[200];
        Arrays.fill(expected, (byte) 7);
        assertThat(seven).isEqualTo(expected).isEqualTo(Zstd.decompress(rle, 200));
    }

    /** 6,000 damaged frames of every kind: each decodes to its size or gives CorruptInputException. */
    @Test
    void damagedFramesGiveOnlyTheCorruptInputException() {
        SplittableRandom r = new SplittableRandom(13);
        String[] kinds = {"random", "text", "runs", "far"};
        int corrupt = 0;
        for (int t = 0; t < 6_000; t++) {
            int n = r.nextInt(3) == 0 ? r.nextInt(300) : r.nextInt(9000) + (r.nextInt(10) == 0 ? 150_000 : 0);
            byte[] raw = SnappyBlockReaderTest.data(kinds[t % kinds.length], n, r);
            byte[] frame = r.nextBoolean() ? rawFrame(raw) : Zstd.compress(raw, 1);
            int size = n;
            switch (r.nextInt(4)) {
                case 0:
                    frame = Arrays.copyOf(frame, r.nextInt(frame.length + 1));
                    break;
                case 1:
                    for (int k = 1 + r.nextInt(3); k > 0 && frame.length > 0; k--) {
                        frame[r.nextInt(Math.min(frame.length, 24))] ^= (byte) (1 << r.nextInt(8));
                    }
                    break;
                case 2:
                    if (frame.length > 0) {
                        frame[r.nextInt(frame.length)] = (byte) r.nextInt();
                    }
                    break;
                default:
                    size = Math.max(0, n + r.nextInt(5) - 2);
                    break;
            }
            try {
                assertThat(decode(frame, size, r.nextBoolean(), r.nextInt(4))).hasSize(size);
            } catch (CorruptInputException e) {
                corrupt++;
            }
        }
        assertThat(corrupt).as("damaged frames rejected").isGreaterThan(3_000);
    }

    @Test
    void rejectsAFrameThatHoldsOtherThanThePageSize() {
        byte[] frame = rawFrame(new byte[100]);
        assertThatThrownBy(() -> decode(frame, 99, false, 0)).isInstanceOf(CorruptInputException.class);
        assertThatThrownBy(() -> decode(frame, 101, true, 0)).isInstanceOf(CorruptInputException.class);
    }
}
