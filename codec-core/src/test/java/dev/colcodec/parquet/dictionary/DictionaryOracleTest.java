package dev.colcodec.parquet.dictionary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.ValueShapes;
import dev.colcodec.parquet.ValueShapes.Shape;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.ValuesWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Dictionary writers against parquet-java's {@code DictionaryValuesWriter} in a {@code
 * FallbackValuesWriter} with a PLAIN fallback, for every type, shape and size, several maximum
 * dictionary sizes (so pages fall back on the first page, mid-page and on later pages), both flavors
 * and two row groups: data pages, their encodings, {@code bufferedSize()} and the dictionary page must
 * be identical; then both libraries decode each other's pages.
 */
class DictionaryOracleTest {
    // parquet-java needs at least 64 (its initial slab size)
    private static final int[] MAX_SIZES = {DictionaryWriter.DEFAULT_MAX_DICTIONARY_BYTE_SIZE, 64, 100, 300, 5000};
    private static final int[] CARDINALITY_BITS = {0, 1, 3, 6, 10, 32};

    static Stream<DictionaryCases> cases() {
        return Stream.of(
                new DictionaryCases.Int32(),
                new DictionaryCases.Int64(),
                new DictionaryCases.Float32(),
                new DictionaryCases.Float64(),
                new DictionaryCases.Bytes("BYTE_ARRAY", -1),
                new DictionaryCases.Bytes("FIXED_LEN_BYTE_ARRAY(5)", 5),
                new DictionaryCases.Bytes("INT96", 12));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void pagesAndDictionaryPagesMatchTheOracle(DictionaryCases c) {
        java.util.Arrays.fill(kinds, 0);
        SplittableRandom r = new SplittableRandom(c.name.hashCode());
        long seed = 1;
        int scenarios = 0;
        int fellBack = 0;
        for (Shape shape : Shape.values()) {
            for (int n : ValueShapes.SIZES) {
                int bits = CARDINALITY_BITS[r.nextInt(CARDINALITY_BITS.length)];
                int[] keys = ValueShapes.ints(shape, n, bits, seed++);
                for (int i = 0; i < n; i++) {
                    keys[i] &= 0x7FFFFFFF; // keys are made into values by the case; negative not needed
                }
                c.setValues(keys);
                DictionaryFlavor flavor = DictionaryFlavor.values()[r.nextInt(2)];
                int max = MAX_SIZES[r.nextInt(MAX_SIZES.length)];
                fellBack += runScenario(c, flavor, max, n, r);
                scenarios++;
            }
        }
        assertThat(scenarios).isEqualTo(Shape.values().length * ValueShapes.SIZES.length);
        assertThat(fellBack).isPositive();
        assertThat(java.util.Arrays.stream(kinds).min().getAsInt())
                .as("dictionary-only, PLAIN-only, mixed row groups: %s", java.util.Arrays.toString(kinds))
                .isPositive();
    }

    /** Row groups seen: [0] dictionary only, [1] PLAIN only, [2] dictionary pages then a fallback. */
    private final int[] kinds = new int[3];

    /** Two row groups of 1 to 3 pages each; returns how many row groups fell back. */
    private int runScenario(DictionaryCases c, DictionaryFlavor flavor, int max, int n, SplittableRandom r) {
        Kernels k = r.nextBoolean() ? KernelProvider.best() : KernelProvider.scalar();
        ValuesWriter oracle = c.newOracle(flavor, max);
        DictionaryWriter ours = c.newOurs(flavor, max, k);
        int fellBack = 0;
        int rowGroupEnd = n == 0 ? 0 : r.nextInt(n + 1);
        int from = 0;
        for (int rowGroup = 0; rowGroup < 2; rowGroup++) {
            int end = rowGroup == 0 ? rowGroupEnd : n;
            List<int[]> bounds = new ArrayList<>();
            List<byte[]> pages = new ArrayList<>();
            List<ParquetEncoding> encodings = new ArrayList<>();
            int pagesLeft = 1 + r.nextInt(3);
            while (pagesLeft-- > 0) {
                int to = pagesLeft == 0 ? end : from + r.nextInt(end - from + 1);
                c.writeOracle(oracle, from, to);
                c.writeOurs(ours, from, to, r);
                assertThat(ours.valueCount()).isEqualTo(to - from);
                assertThat(ours.bufferedSize()).isEqualTo(oracle.getBufferedSize());
                byte[] expected = bytes(oracle);
                String expectedEncoding = oracle.getEncoding().name();
                byte[] page = ours.toByteArray();
                assertThat(page)
                        .as("%s %s max=%d page [%d, %d)", c, flavor, max, from, to)
                        .isEqualTo(expected);
                assertThat(ours.encoding().name()).isEqualTo(expectedEncoding);
                bounds.add(new int[] {from, to});
                pages.add(page);
                encodings.add(ours.encoding());
                oracle.reset();
                ours.reset();
                from = to;
            }
            DictionaryPage expectedDict = oracle.toDictPageAndClose();
            byte[] dict = ours.dictionaryPage();
            if (expectedDict == null) {
                assertThat(dict).isNull();
                assertThat(ours.dictionaryEntryCount()).isZero();
            } else {
                assertThat(dict).isEqualTo(bytes(expectedDict));
                assertThat(ours.dictionaryEntryCount()).isEqualTo(expectedDict.getDictionarySize());
                assertThat(ours.dictionaryPageEncoding().name())
                        .isEqualTo(expectedDict.getEncoding().name());
            }
            if (ours.hasFallenBack()) {
                fellBack++;
            }
            boolean anyPlain = encodings.contains(ParquetEncoding.PLAIN);
            kinds[!anyPlain ? 0 : dict == null ? 1 : 2]++;
            for (int p = 0; p < pages.size(); p++) {
                int[] b = bounds.get(p);
                int count = dict == null ? 0 : ours.dictionaryEntryCount();
                c.checkOurDecode(pages.get(p), encodings.get(p), dict, count, b[0], b[1], k, r);
                c.checkOracleDecode(pages.get(p), encodings.get(p), dict, count, b[0], b[1]);
            }
            oracle.resetDictionary();
            ours.resetDictionary();
        }
        return fellBack;
    }

    private static byte[] bytes(ValuesWriter w) {
        try {
            return w.getBytes().toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] bytes(DictionaryPage p) {
        try {
            return p.getBytes().toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
