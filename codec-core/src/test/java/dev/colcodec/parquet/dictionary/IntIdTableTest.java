package dev.colcodec.parquet.dictionary;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class IntIdTableTest {
    /** Ids in order of first appearance, through growth, clears (sparse and full) and reuse. */
    @Test
    void idsFollowFirstAppearanceThroughGrowthAndClears() {
        SplittableRandom r = new SplittableRandom(3);
        IntIdTable t = new IntIdTable();
        for (int round = 0; round < 12; round++) {
            int distinct = round % 3 == 0 ? 5 : round % 3 == 1 ? 700 : 20_000;
            int[] pool = new int[distinct];
            for (int i = 0; i < distinct; i++) {
                pool[i] = r.nextInt(4) == 0 ? i - distinct / 2 : r.nextInt(); // small keys (0 too) and any
            }
            Map<Integer, Integer> expected = new LinkedHashMap<>();
            for (int i = 0; i < 3 * distinct; i++) {
                int key = pool[r.nextInt(distinct)];
                Integer want = expected.computeIfAbsent(key, k -> expected.size());
                assertThat(t.idOf(key)).as("round %d key %d", round, key).isEqualTo(want);
            }
            assertThat(t.size).isEqualTo(expected.size());
            int displaced = 0;
            for (Map.Entry<Integer, Integer> e : expected.entrySet()) {
                int key = e.getKey();
                assertThat(t.entries[e.getValue()]).isEqualTo(key);
                int home = IntIdTable.homeId(t.slots[IntIdTable.home(key, t.shift)], key);
                if (home < 0) {
                    displaced++;
                } else {
                    assertThat(home).isEqualTo(e.getValue());
                }
            }
            assertThat(t.displaced).as("round %d", round).isEqualTo(displaced);
            t.clear();
            assertThat(t.size).isZero();
            assertThat(t.displaced).isZero();
            for (long slot : t.slots) {
                assertThat(slot).isZero();
            }
        }
    }

    @Test
    void keyZeroInAnEmptyHomeSlotIsNotFound() {
        IntIdTable t = new IntIdTable();
        assertThat(IntIdTable.homeId(t.slots[IntIdTable.home(0, t.shift)], 0)).isEqualTo(-1);
        assertThat(t.idOf(7)).isZero();
        assertThat(t.idOf(0)).isEqualTo(1);
        assertThat(IntIdTable.homeId(t.slots[IntIdTable.home(0, t.shift)], 0)).isEqualTo(1);
    }
}
