package dev.colcodec.format.tsfile;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TsScanReadAheadChoiceTest {
    private static final int ROWS = 1000;

    /**
     * Feeds a choice {@code blocks} blocks as {@code next()} would (the first with the pool's help, then read
     * ahead or alone as it decides, taking {@code aloneNanosPerRow} or {@code aheadNanosPerRow}) and returns
     * its decisions: r (read the next block ahead) or a (decode it alone).
     */
    private static String run(int blocks, long aloneNanosPerRow, long aheadNanosPerRow) {
        TsScan.ReadAheadChoice c = new TsScan.ReadAheadChoice();
        StringBuilder sb = new StringBuilder();
        boolean ahead = false;
        boolean alone = false;
        for (int i = 0; i < blocks; i++) {
            long perRow = ahead ? aheadNanosPerRow : aloneNanosPerRow;
            boolean next = c.readAheadNext(ahead, alone, perRow * ROWS, ROWS);
            sb.append(next ? 'r' : 'a');
            ahead = next;
            alone = !next;
        }
        return sb.toString();
    }

    @Test
    void readAheadThatPaysGoesOnWithTwoBlocksAloneAfter8ThenEvery256ToTimeThem() {
        String d = run(300, 120, 50);
        assertThat(d.substring(0, 11)).isEqualTo("rrrrrrrr" + "aa" + "r");
        assertThat(d.substring(10, 266)).isEqualTo("r".repeat(256));
        assertThat(d.substring(266, 269)).isEqualTo("aar");
        // a short scan reads ahead all along
        assertThat(run(8, 120, 50)).isEqualTo("r".repeat(8));
    }

    @Test
    void readAheadSlowerThanDecodingAloneStopsForAStretchThatDoublesEachTime() {
        String d = run(200, 120, 170);
        // read ahead, the two blocks alone that time it, then three slow read-aheads
        assertThat(d.substring(0, 13)).isEqualTo("rrrrrrrr" + "aa" + "r" + "rr");
        // the decision after the third slow one and the next 31: 32 blocks alone, then reading ahead again
        assertThat(d.substring(13, 46)).isEqualTo("a".repeat(32) + "r");
        // three more slow read-aheads, then 64 blocks alone
        assertThat(d.substring(46, 48)).isEqualTo("rr");
        assertThat(d.substring(48, 113)).isEqualTo("a".repeat(64) + "r");
    }

    @Test
    void aReadAheadThatPaysBetweenSlowOnesKeepsReadingAhead() {
        TsScan.ReadAheadChoice c = new TsScan.ReadAheadChoice();
        assertThat(c.readAheadNext(false, false, 500 * ROWS, ROWS)).isTrue(); // the first block
        for (int i = 0; i < 7; i++) {
            assertThat(c.readAheadNext(true, false, 150 * ROWS, ROWS)).isTrue(); // no measure yet
        }
        assertThat(c.readAheadNext(true, false, 150 * ROWS, ROWS)).isFalse(); // the 8th: time decoding alone
        assertThat(c.readAheadNext(false, true, 900 * ROWS, ROWS)).isFalse(); // refilled a pool's block: no measure
        assertThat(c.readAheadNext(false, true, 100 * ROWS, ROWS)).isTrue(); // the measure: 100 ns a row
        assertThat(c.readAheadNext(true, false, 150 * ROWS, ROWS)).isTrue();
        assertThat(c.readAheadNext(true, false, 150 * ROWS, ROWS)).isTrue();
        assertThat(c.readAheadNext(true, false, 90 * ROWS, ROWS)).isTrue(); // paid: the count starts again
        assertThat(c.readAheadNext(true, false, 150 * ROWS, ROWS)).isTrue();
        assertThat(c.readAheadNext(true, false, 150 * ROWS, ROWS)).isTrue();
        assertThat(c.readAheadNext(true, false, 150 * ROWS, ROWS)).isFalse(); // third slow one in a row
    }

    @Test
    void emptyBlocksAreNotMeasures() {
        TsScan.ReadAheadChoice c = new TsScan.ReadAheadChoice();
        c.readAheadNext(false, false, 0, 0);
        for (int i = 0; i < 8; i++) {
            c.readAheadNext(true, false, 0, 0);
        }
        assertThat(c.readAheadNext(false, true, 0, 0)).isFalse();
        assertThat(c.readAheadNext(false, true, 0, 0)).isTrue(); // no rows: still no measure
        // however slow, read-aheads without a measure are never stopped for a stretch: after 8 more, two
        // blocks alone time decoding alone again
        for (int i = 0; i < 7; i++) {
            assertThat(c.readAheadNext(true, false, 1_000_000L * ROWS, ROWS)).isTrue();
        }
        assertThat(c.readAheadNext(true, false, 1_000_000L * ROWS, ROWS)).isFalse();
        assertThat(c.readAheadNext(false, true, 100 * ROWS, ROWS)).isFalse();
        assertThat(c.readAheadNext(false, true, 100 * ROWS, ROWS)).isTrue();
    }
}
