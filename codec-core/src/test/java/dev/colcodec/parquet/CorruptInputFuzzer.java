package dev.colcodec.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.colcodec.CorruptInputException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Feeds truncated and bit-flipped variants of valid pages to a decoding action and checks that it only
 * ever returns normally or throws {@link CorruptInputException}. Each variant is placed at a random
 * offset of an array that ends exactly where the slice ends, so an over-read fails.
 */
public final class CorruptInputFuzzer {
    private CorruptInputFuzzer() {}

    /** Decodes {@code buf[off, off + len)} completely, in whatever pattern it likes. */
    @FunctionalInterface
    public interface Decode {
        void run(byte[] buf, int off, int len, SplittableRandom r);
    }

    /** Runs {@code variants} mutated inputs; returns how many ended in a CorruptInputException. */
    public static int fuzz(List<byte[]> validPages, int variants, long seed, Decode decode) {
        assertThat(validPages).isNotEmpty();
        int[] corrupt = {0};
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            SplittableRandom r = new SplittableRandom(seed);
            for (int v = 0; v < variants; v++) {
                byte[] page = validPages.get(r.nextInt(validPages.size()));
                byte[] mutated = mutate(page, r);
                int off = r.nextInt(4);
                byte[] buf = new byte[off + mutated.length];
                for (int i = 0; i < off; i++) {
                    buf[i] = (byte) r.nextInt(256);
                }
                System.arraycopy(mutated, 0, buf, off, mutated.length);
                try {
                    decode.run(buf, off, mutated.length, r.split());
                } catch (CorruptInputException e) {
                    assertThat(e.offset()).isBetween(0L, (long) buf.length);
                    corrupt[0]++;
                } catch (RuntimeException | Error e) {
                    fail("variant " + v + " " + Arrays.toString(mutated) + " threw " + e, e);
                }
            }
        });
        return corrupt[0];
    }

    static byte[] mutate(byte[] page, SplittableRandom r) {
        byte[] out = page.clone();
        switch (r.nextInt(6)) {
            case 0: // truncate
                return Arrays.copyOf(out, out.length == 0 ? 0 : r.nextInt(out.length));
            case 1: // one bit flip
                flip(out, r, 1);
                return out;
            case 2: // several bit flips
                flip(out, r, 2 + r.nextInt(6));
                return out;
            case 3: // a random byte near the start (headers, lengths)
                if (out.length > 0) {
                    out[r.nextInt(Math.min(out.length, 8))] = (byte) r.nextInt(256);
                }
                return out;
            case 4: // flip and truncate
                flip(out, r, 1 + r.nextInt(3));
                return Arrays.copyOf(out, out.length == 0 ? 0 : r.nextInt(out.length + 1));
            default: // a high byte somewhere (large varints, lengths)
                if (out.length > 0) {
                    out[r.nextInt(out.length)] = (byte) (0x80 | r.nextInt(128));
                }
                return out;
        }
    }

    private static void flip(byte[] b, SplittableRandom r, int n) {
        if (b.length == 0) {
            return;
        }
        for (int i = 0; i < n; i++) {
            int bit = r.nextInt(b.length * 8);
            b[bit >>> 3] ^= (byte) (1 << (bit & 7));
        }
    }
}
