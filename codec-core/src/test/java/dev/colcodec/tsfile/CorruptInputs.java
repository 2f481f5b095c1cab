package dev.colcodec.tsfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.colcodec.CorruptInputException;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesReader;
import dev.colcodec.values.BooleanValuesReader;
import dev.colcodec.values.DoubleValuesReader;
import dev.colcodec.values.FloatValuesReader;
import dev.colcodec.values.IntValuesReader;
import dev.colcodec.values.LongValuesReader;
import dev.colcodec.values.ValuesReader;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntConsumer;

/**
 * Seeded corrupt-input runs: valid pages are truncated, bit-flipped, overwritten, shortened or
 * lengthened, then decoded with a known, a wrong or an unknown count in a mix of single reads, batches
 * and skips. The only exception allowed out of a reader is {@link CorruptInputException}, with an
 * offset inside the input; anything else (or a hang, guarded by a generous timeout) fails the test.
 */
public final class CorruptInputs {
    /** At least this many mutated inputs per decoder. */
    public static final int INPUTS = 10_000;

    private static final int MAX_VALUES_PER_INPUT = 5_000;

    /** A valid page and its value count. */
    public record Page(byte[] bytes, int count) {}

    /** Reads through one reader type. */
    public static final class Driver {
        final ValuesReader reader;
        final IntConsumer batch;
        final Runnable one;

        Driver(ValuesReader reader, IntConsumer batch, Runnable one) {
            this.reader = reader;
            this.batch = batch;
            this.one = one;
        }
    }

    private CorruptInputs() {}

    public static Driver longs(LongValuesReader r) {
        long[] s = new long[1024];
        return new Driver(r, n -> r.readLongs(s, 0, n), r::readLong);
    }

    public static Driver ints(IntValuesReader r) {
        int[] s = new int[1024];
        return new Driver(r, n -> r.readIntegers(s, 0, n), r::readInteger);
    }

    public static Driver doubles(DoubleValuesReader r) {
        double[] s = new double[1024];
        return new Driver(r, n -> r.readDoubles(s, 0, n), r::readDouble);
    }

    public static Driver floats(FloatValuesReader r) {
        float[] s = new float[1024];
        return new Driver(r, n -> r.readFloats(s, 0, n), r::readFloat);
    }

    public static Driver booleans(BooleanValuesReader r) {
        boolean[] s = new boolean[1024];
        return new Driver(r, n -> r.readBooleans(s, 0, n), r::readBoolean);
    }

    public static Driver binaries(BinaryValuesReader r) {
        BinaryBatch b = new BinaryBatch();
        return new Driver(
                r,
                n -> {
                    b.clear();
                    r.readBinaries(b, n);
                },
                r::readBinary);
    }

    /** Runs {@link #INPUTS} mutated inputs built from {@code pages} through {@code d}. */
    public static void run(List<Page> pages, Driver d, long seed) {
        int[] corrupt = new int[1];
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            SplittableRandom r = new SplittableRandom(seed);
            for (int c = 0; c < INPUTS; c++) {
                Page p = pages.get(r.nextInt(pages.size()));
                byte[] in = mutate(p.bytes(), r);
                int count = pickCount(p.count(), r);
                try {
                    d.reader.init(count, in, 0, in.length);
                    if (r.nextInt(8) == 0) {
                        d.reader.endOffset();
                    }
                    drive(d, count, r);
                    d.reader.endOffset();
                } catch (CorruptInputException e) {
                    corrupt[0]++;
                    assertThat(e.offset()).as("offset of %s", e.getMessage()).isBetween(0L, (long) in.length);
                    assertThat(e.expected()).isNotBlank();
                }
            }
        });
        assertThat(corrupt[0]).as("inputs rejected").isGreaterThan(INPUTS / 10);
        assertThat(INPUTS - corrupt[0])
                .as("inputs decoded without an exception")
                .isGreaterThan(INPUTS / 20);
        System.out.println("corrupt-input run " + seed + ": " + corrupt[0] + " of " + INPUTS + " rejected");
    }

    private static int pickCount(int count, SplittableRandom r) {
        switch (r.nextInt(4)) {
            case 0:
                return ValuesReader.UNKNOWN_COUNT;
            case 1:
                return r.nextInt(count + 20);
            default:
                return count;
        }
    }

    private static void drive(Driver d, int count, SplittableRandom r) {
        long left = count == ValuesReader.UNKNOWN_COUNT ? MAX_VALUES_PER_INPUT : count;
        while (left > 0) {
            int n = (int) Math.min(left, 1 + r.nextInt(r.nextBoolean() ? 9 : 1000));
            switch (r.nextInt(5)) {
                case 0:
                    d.one.run();
                    n = 1;
                    break;
                case 1:
                    d.reader.skip(n);
                    break;
                default:
                    d.batch.accept(n);
            }
            left -= n;
        }
    }

    /** One to three random damages. */
    static byte[] mutate(byte[] page, SplittableRandom r) {
        byte[] b = page.clone();
        int damages = 1 + r.nextInt(3);
        for (int k = 0; k < damages; k++) {
            int op = r.nextInt(7);
            if (b.length == 0 && op != 5) {
                op = 5;
            }
            switch (op) {
                case 0:
                case 1: {
                    int bit = r.nextInt(b.length * 8);
                    b[bit >>> 3] ^= (byte) (1 << (bit & 7));
                    break;
                }
                case 2:
                    b = java.util.Arrays.copyOf(b, r.nextInt(b.length));
                    break;
                case 3: {
                    byte[] special = {0, (byte) 0xFF, 0x7F, (byte) 0x80, 0x01, 0x40, 0x3F};
                    b[r.nextInt(b.length)] = r.nextBoolean() ? special[r.nextInt(special.length)] : (byte) r.nextInt();
                    break;
                }
                case 4: {
                    int at = r.nextInt(b.length);
                    byte[] c = new byte[b.length - 1];
                    System.arraycopy(b, 0, c, 0, at);
                    System.arraycopy(b, at + 1, c, at, b.length - at - 1);
                    b = c;
                    break;
                }
                case 5: {
                    int at = r.nextInt(b.length + 1);
                    byte[] c = new byte[b.length + 1];
                    System.arraycopy(b, 0, c, 0, at);
                    c[at] = (byte) r.nextInt();
                    System.arraycopy(b, at, c, at + 1, b.length - at);
                    b = c;
                    break;
                }
                default: {
                    int at = r.nextInt(b.length);
                    int len = Math.min(b.length - at, 1 + r.nextInt(8));
                    for (int i = 0; i < len; i++) {
                        b[at + i] = (byte) r.nextInt();
                    }
                }
            }
        }
        return b;
    }
}
