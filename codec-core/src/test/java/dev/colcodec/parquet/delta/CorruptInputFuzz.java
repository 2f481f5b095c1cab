package dev.colcodec.parquet.delta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.colcodec.CorruptInputException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.BiConsumer;

/**
 * Feeds seeded truncations and bit flips of valid encodings to a decoding action and checks that it
 * either returns normally or throws {@link CorruptInputException} (with an offset inside the input).
 * Shared by the delta-family and BYTE_STREAM_SPLIT decoder tests.
 */
public final class CorruptInputFuzz {
    private CorruptInputFuzz() {}

    /**
     * Runs {@code cases} mutations of the {@code valid} inputs. The action gets the mutated array
     * (the section starts at offset 3 and ends at the array's end, so any over-read fails with an
     * exception other than {@code CorruptInputException}) and a random source for choosing reads.
     *
     * @return how many mutations were rejected with {@link CorruptInputException}
     */
    public static int run(List<byte[]> valid, int cases, long seed, BiConsumer<Slice, SplittableRandom> action) {
        int[] rejected = new int[1];
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            SplittableRandom r = new SplittableRandom(seed);
            for (int c = 0; c < cases; c++) {
                byte[] base = valid.get(r.nextInt(valid.size()));
                byte[] mutated = mutate(base, r);
                byte[] framed = new byte[mutated.length + 3];
                System.arraycopy(mutated, 0, framed, 3, mutated.length);
                Slice slice = new Slice(framed, 3, mutated.length);
                try {
                    action.accept(slice, r.split());
                } catch (CorruptInputException e) {
                    rejected[0]++;
                    assertThat(e.offset()).as("offset of %s", e.getMessage()).isBetween(0L, (long) framed.length);
                } catch (RuntimeException | Error e) {
                    throw new AssertionError(
                            "case " + c + ": " + e + " for input " + hex(mutated) + " (from " + hex(base) + ")", e);
                }
            }
        });
        return rejected[0];
    }

    static byte[] mutate(byte[] base, SplittableRandom r) {
        switch (r.nextInt(5)) {
            case 0: // truncate
                return Arrays.copyOf(base, base.length == 0 ? 0 : r.nextInt(base.length));
            case 1: // one bit flip
            case 2: {
                byte[] b = base.clone();
                if (b.length > 0) {
                    // bias towards the header, where most structure is
                    int i = r.nextBoolean() ? r.nextInt(Math.min(b.length, 24)) : r.nextInt(b.length);
                    b[i] ^= (byte) (1 << r.nextInt(8));
                }
                return b;
            }
            case 3: { // several random bytes
                byte[] b = base.clone();
                for (int k = 0, n = 1 + r.nextInt(4); k < n && b.length > 0; k++) {
                    b[r.nextInt(b.length)] = (byte) r.nextInt(256);
                }
                return b;
            }
            default: { // flip and truncate
                byte[] b = base.clone();
                if (b.length > 0) {
                    b[r.nextInt(b.length)] ^= (byte) (1 << r.nextInt(8));
                    b = Arrays.copyOf(b, r.nextInt(b.length + 1));
                }
                return b;
            }
        }
    }

    static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(b.length, 64); i++) {
            sb.append(String.format("%02x ", b[i] & 0xFF));
        }
        if (b.length > 64) {
            sb.append("... (").append(b.length).append(" bytes)");
        }
        return sb.toString().trim();
    }

    /** One input section inside a larger array. */
    public static final class Slice {
        public final byte[] buf;
        public final int offset;
        public final int length;

        Slice(byte[] buf, int offset, int length) {
            this.buf = buf;
            this.offset = offset;
            this.length = length;
        }
    }
}
