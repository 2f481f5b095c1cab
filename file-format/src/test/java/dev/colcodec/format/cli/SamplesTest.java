package dev.colcodec.format.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class SamplesTest {
    /** A part of {@code rows} rows, null but for row {@code valueAt} (none when negative). */
    private static ColumnValues sparse(int rows, int valueAt, long value) {
        long[] v = new long[rows];
        boolean[] nulls = new boolean[rows];
        Arrays.fill(nulls, true);
        if (valueAt >= 0) {
            v[valueAt] = value;
            nulls[valueAt] = false;
        }
        return new ColumnValues("c", ColumnValues.Kind.INT64, ColumnValues.Meaning.NONE, v, nulls, rows);
    }

    /**
     * A sample holds its values, not the rows it is offered: a sparse column offered a whole file a part
     * at a time (as rewrite --advise does) costs the sample's limit, not the file.
     */
    @Test
    void aSampleHoldsItsValuesNotTheRowsOffered() {
        Samples.Collector c = new Samples.Collector("c", 5);
        for (int part = 0; part < 1000 && !c.full(); part++) {
            c.add(sparse(10_000, part % 2 == 0 ? -1 : 17, part));
            assertThat(c.held()).isLessThanOrEqualTo(5);
        }
        assertThat(c.full()).isTrue();
        assertThat(c.held()).isEqualTo(5);
        assertThat(c.column().size()).isEqualTo(5);

        // a part holding more than the sample needs gives only what it needs
        Samples.Collector two = new Samples.Collector("c", 2);
        two.add(new ColumnValues(
                "c", ColumnValues.Kind.INT64, ColumnValues.Meaning.NONE, new long[] {4, 5, 6}, null, 3));
        assertThat(two.held()).isEqualTo(2);

        // a column without values is still a column of its kind, of no values
        Samples.Collector empty = new Samples.Collector("c", 5);
        for (int part = 0; part < 100; part++) {
            empty.add(sparse(1000, -1, 0));
        }
        assertThat(empty.held()).isZero();
        assertThat(empty.column()).isNotNull();
        assertThat(empty.column().size()).isZero();
    }
}
