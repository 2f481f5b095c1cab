package dev.colcodec.format.tsfile;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TsScanReadAheadChoiceTest {
    private static final int ROWS = 1000;

    /** Feeds the choice blocks of {@code nanosPerRow} (alone or read ahead, as it decides) and returns its decisions. */
    private static String run(TsScan.ReadAheadChoice c, int blocks, long aloneNanosPerRow, long aheadNanosPerRow) {
        StringBuilder sb = new StringBuilder();
        boolean ahead = false; // the first block of a scan is never read ahead
        for (int i = 0; i < blocks; i++) {
            long perRow = ahead ? aheadNanosPerRow : aloneNanosPerRow;
            ahead = c.readAheadNext(ahead, perRow * ROWS, ROWS);
            sb.append(ahead ? 'r' : 'a');
        }
        return sb.toString();
    }

    @Test
    void theFirstTwoBlocksAreDecodedAloneThenReadAheadThatPaysGoesOn() {
        TsScan.ReadAheadChoice c = new TsScan.ReadAheadChoice();
        // decision after each block: block 1 alone, then read ahead from block 2 on
        assertThat(run(c, 10, 120, 50)).isEqualTo("arrrrrrrrr");
    }

    @Test
    void readAheadSlowerThanDecodingAloneStopsForAStretchThatDoublesEachTime() {
        TsScan.ReadAheadChoice c = new TsScan.ReadAheadChoice();
        String d = run(c, 2 + 3 + 32 + 3 + 64 + 3, 120, 170);
        // block 0 alone, block 1 alone and timed, then three slow read-aheads
        assertThat(d).startsWith("arrra");
        // the decision after the third slow one and the next 31: 32 blocks alone, then reading ahead again
        assertThat(d.substring(4, 37)).isEqualTo("a".repeat(32) + "r");
        // three more slow read-aheads, then 64 blocks alone
        assertThat(d.substring(37, 39)).isEqualTo("rr");
        assertThat(d.substring(39, 104)).isEqualTo("a".repeat(64) + "r");
    }

    @Test
    void aReadAheadThatPaysBetweenSlowOnesKeepsReadingAhead() {
        TsScan.ReadAheadChoice c = new TsScan.ReadAheadChoice();
        assertThat(c.readAheadNext(false, 200 * ROWS, ROWS)).isFalse(); // first block: not timed
        assertThat(c.readAheadNext(false, 100 * ROWS, ROWS)).isTrue(); // alone: 100 ns a row
        assertThat(c.readAheadNext(true, 150 * ROWS, ROWS)).isTrue();
        assertThat(c.readAheadNext(true, 150 * ROWS, ROWS)).isTrue();
        assertThat(c.readAheadNext(true, 90 * ROWS, ROWS)).isTrue(); // paid: the count starts again
        assertThat(c.readAheadNext(true, 150 * ROWS, ROWS)).isTrue();
        assertThat(c.readAheadNext(true, 150 * ROWS, ROWS)).isTrue();
        assertThat(c.readAheadNext(true, 150 * ROWS, ROWS)).isFalse(); // third slow one in a row
    }

    @Test
    void theFirstBlocksTimeIsNotTheMeasureAndEmptyBlocksAreNotTimed() {
        TsScan.ReadAheadChoice c = new TsScan.ReadAheadChoice();
        c.readAheadNext(false, 10L * ROWS, ROWS); // a fast first block would make every read-ahead look slow
        c.readAheadNext(false, 0, 0);
        assertThat(c.readAheadNext(false, 100 * ROWS, ROWS)).isTrue();
        for (int i = 0; i < 10; i++) {
            assertThat(c.readAheadNext(true, 60 * ROWS, ROWS)).isTrue();
        }
    }
}
