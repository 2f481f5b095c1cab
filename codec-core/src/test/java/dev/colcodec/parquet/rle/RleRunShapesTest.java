package dev.colcodec.parquet.rle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Hand-built unprefixed sections of RLE and bit-packed runs of the lengths around the group, header
 * and kernel thresholds, at every bit width, read by {@link RleHybridReader#readIntegers}, {@link
 * RleHybridReader#readIds} and per value, in odd batches mixed with skips; the section placed at
 * the very end of its array (no bytes to over-read) and inside one that continues with junk bytes.
 */
public class RleRunShapesTest {
    /** Run lengths in values: around a group (8), a one-byte header (63 groups = 504 values) and 64. */
    public static final int[] RUN_LENGTHS = {1, 7, 8, 9, 16, 24, 31, 32, 33, 63, 64, 65, 504, 505};

    private final Kernels[] kernels = {KernelProvider.best(), KernelProvider.scalar()};

    /**
     * A section, the values its runs count (those of a cut-short group with their missing bits as zeros,
     * as parquet-java reads them) and how many of them have all their bits present.
     */
    public record Section(byte[] bytes, int[] values, int readable) {
        public Section(byte[] bytes, int[] values) {
            this(bytes, values, values.length);
        }

        /** The values that have all their bits present. */
        public int[] readableValues() {
            return Arrays.copyOf(values, readable);
        }
    }

    /**
     * Runs of every length in {@link #RUN_LENGTHS}, shuffled, alternating at random between RLE and
     * bit-packed (a bit-packed run of length {@code L} holds {@code ceil(L / 8)} groups, all of whose
     * values count); {@code cutLast} cuts 1 to {@code w - 1} bytes off a final bit-packed run. Values are
     * below {@code bound} (and fit in {@code w} bits).
     */
    public static Section section(int w, long bound, SplittableRandom r, boolean cutLast) {
        int[] lengths = RUN_LENGTHS.clone();
        for (int i = lengths.length - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int t = lengths[i];
            lengths[i] = lengths[j];
            lengths[j] = t;
        }
        long mask = w == 32 ? 0xFFFFFFFFL : (1L << w) - 1;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int[] values = new int[0];
        boolean lastPacked = false;
        for (int p = 0; p < lengths.length; p++) {
            int len = lengths[p];
            boolean packed = cutLast && p == lengths.length - 1 || r.nextBoolean();
            if (!packed) {
                int v = (int) ((r.nextLong() & mask) % bound);
                writeUleb(out, len << 1);
                for (int b = 0; b < (w + 7) / 8; b++) {
                    out.write(v >>> (8 * b));
                }
                int at = values.length;
                values = Arrays.copyOf(values, at + len);
                Arrays.fill(values, at, at + len, v);
            } else {
                int groups = (len + 7) / 8;
                int[] run = new int[groups * 8];
                for (int i = 0; i < run.length; i++) {
                    run[i] = (int) ((r.nextLong() & mask) % bound);
                }
                writeUleb(out, (groups << 1) | 1);
                byte[] packedBytes = new byte[groups * w];
                KernelProvider.scalar().packLsb(run, 0, run.length, w, packedBytes, 0);
                out.write(packedBytes, 0, packedBytes.length);
                int at = values.length;
                values = Arrays.copyOf(values, at + run.length);
                System.arraycopy(run, 0, values, at, run.length);
            }
            lastPacked = packed;
        }
        byte[] bytes = out.toByteArray();
        int readable = values.length;
        if (cutLast && lastPacked && w > 1) {
            // the final group loses 1..w-1 bytes: its missing bits read as zeros
            int cut = 1 + r.nextInt(w - 1);
            bytes = Arrays.copyOf(bytes, bytes.length - cut);
            int group = values.length - 8;
            int presentBits = (w - cut) * 8;
            readable = group + presentBits / w;
            for (int i = 0; i < 8; i++) {
                int bit = i * w;
                long v = values[group + i] & mask;
                long keep = bit >= presentBits ? 0 : bit + w <= presentBits ? mask : (1L << (presentBits - bit)) - 1;
                values[group + i] = (int) (v & keep);
            }
        }
        return new Section(bytes, values, readable);
    }

    public static void writeUleb(ByteArrayOutputStream out, int v) {
        while ((v & ~0x7F) != 0) {
            out.write((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write(v);
    }

    /** The section at the end of an exact-size array (no slack) or at offset 5 of one followed by junk. */
    public static byte[] place(byte[] section, boolean junkAround) {
        if (!junkAround) {
            return section.clone();
        }
        byte[] buf = new byte[5 + section.length + 40];
        Arrays.fill(buf, (byte) 0xFF);
        System.arraycopy(section, 0, buf, 5, section.length);
        return buf;
    }

    @Test
    void everyWidthAndRunLengthMatchesTheConstructionAndTheOracle() {
        SplittableRandom r = new SplittableRandom(42);
        int checked = 0;
        for (int w = 0; w <= 32; w++) {
            for (int trial = 0; trial < 6; trial++) {
                boolean cutLast = trial >= 4;
                Section s = w == 0 ? zeroWidth(r) : section(w, 1L << w, r, cutLast);
                int total = s.values().length;
                if (w > 0) {
                    assertThat(RleOracle.decode(w, s.bytes(), total, RleFraming.UNPREFIXED))
                            .as("oracle, width %d trial %d", w, trial)
                            .isEqualTo(s.values());
                }
                // only the values whose bits are all present are read; the oracle reads the others as zeros
                int n = s.readable();
                int[] values = s.readableValues();
                for (boolean junk : new boolean[] {false, true}) {
                    byte[] buf = place(s.bytes(), junk);
                    int offset = junk ? 5 : 0;
                    Kernels k = kernels[r.nextInt(2)];
                    RleHybridReader reader = new RleHybridReader(w, RleFraming.UNPREFIXED, k);
                    String what = "width " + w + " trial " + trial + " junk " + junk + " " + k.name();

                    reader.init(total, buf, offset, s.bytes().length);
                    int[] all = new int[n];
                    reader.readIntegers(all, 0, n);
                    assertThat(all).as("one batch, %s", what).isEqualTo(values);
                    assertThatThrownBy(() -> reader.readIntegers(new int[1], 0, 1))
                            .as("a value past the section's bits, %s", what)
                            .isInstanceOf(CorruptInputException.class);

                    reader.init(total, buf, offset, s.bytes().length);
                    for (int i = 0; i < n; i++) {
                        all[i] = reader.readInteger();
                    }
                    assertThat(all).as("per value, %s", what).isEqualTo(values);
                    assertThatThrownBy(reader::readInteger)
                            .as("a value past the section's bits, per value, %s", what)
                            .isInstanceOf(CorruptInputException.class);

                    reader.init(total, buf, offset, s.bytes().length);
                    readInOddBatchesWithSkips(reader, values, r, what);
                    // the values cut off are padding to a skip
                    reader.skip(total - n);
                    assertThatThrownBy(() -> reader.skip(1)).isInstanceOf(CorruptInputException.class);

                    checkIds(reader, values, buf, offset, s.bytes().length, w, what);
                    checked++;
                }
            }
        }
        assertThat(checked).isEqualTo(33 * 6 * 2);
    }

    private static Section zeroWidth(SplittableRandom r) {
        // width 0 reads no bytes at all: whatever follows is ignored
        byte[] junk = new byte[r.nextInt(4)];
        r.nextBytes(junk);
        return new Section(junk, new int[1 + r.nextInt(600)]);
    }

    private static void readInOddBatchesWithSkips(
            RleHybridReader reader, int[] values, SplittableRandom r, String what) {
        int[] out = new int[values.length + 2];
        int pos = 0;
        int odd = 1;
        while (pos < values.length) {
            int b = Math.min(values.length - pos, odd);
            if (r.nextInt(4) == 0) {
                reader.skip(b);
            } else {
                Arrays.fill(out, -7);
                reader.readIntegers(out, 1, b);
                assertThat(Arrays.copyOfRange(out, 1, 1 + b))
                        .as("batch [%d, %d), %s", pos, pos + b, what)
                        .isEqualTo(Arrays.copyOfRange(values, pos, pos + b));
                assertThat(out[0]).isEqualTo(-7);
                assertThat(out[1 + b]).isEqualTo(-7);
            }
            pos += b;
            odd = odd >= 131 ? 1 : odd + 2 + 2 * r.nextInt(12);
        }
    }

    /**
     * {@link RleHybridReader#readIds}: with the limit {@code 2^w} (only RLE values checked), with the
     * largest value + 1 (every value checked when that is below {@code 2^w}) and with the largest value
     * (corrupt input).
     */
    private static void checkIds(
            RleHybridReader reader, int[] values, byte[] buf, int offset, int length, int w, String what) {
        int n = values.length;
        int[] out = new int[n];
        if (w <= 30) {
            reader.init(n, buf, offset, length);
            int pos = 0;
            while (pos < n) {
                int b = Math.min(n - pos, 1 + 2 * (pos % 37));
                reader.readIds(out, pos, b, 1 << w);
                pos += b;
            }
            assertThat(out).as("ids below 2^w, %s", what).isEqualTo(values);
        }
        int max = Arrays.stream(values).reduce(0, (x, y) -> Integer.compareUnsigned(x, y) >= 0 ? x : y);
        if (max >= 0 && max < Integer.MAX_VALUE) {
            reader.init(n, buf, offset, length);
            Arrays.fill(out, 0);
            reader.readIds(out, 0, n, max + 1);
            assertThat(out).as("ids below the largest + 1, %s", what).isEqualTo(values);
        }
        if (max > 0) {
            reader.init(n, buf, offset, length);
            assertThatThrownBy(() -> reader.readIds(new int[n], 0, n, max))
                    .as("an id at the limit, %s", what)
                    .isInstanceOf(CorruptInputException.class)
                    .hasMessageContaining("dictionary id");
        }
    }
}
