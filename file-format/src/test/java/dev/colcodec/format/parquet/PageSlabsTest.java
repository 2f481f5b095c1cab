package dev.colcodec.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PageSlabsTest {
    @Test
    void appendsAcrossSlabBoundariesInOrder() throws IOException {
        Random r = new Random(5);
        byte[] expected = new byte[3 * PageSlabs.MAX_SLAB + 12345];
        r.nextBytes(expected);
        PageSlabs slabs = new PageSlabs();
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        int at = 0;
        while (at < expected.length) {
            // pieces from empty to larger than a slab, so writes end exactly at, before and after boundaries
            int n = Math.min(
                    expected.length - at, r.nextInt(4) == 0 ? r.nextInt(PageSlabs.MAX_SLAB + 2) : r.nextInt(300));
            slabs.write(expected, at, n);
            at += n;
            assertThat(slabs.size()).isEqualTo(at);
        }
        slabs.writeTo(written);
        assertThat(written.toByteArray()).isEqualTo(expected);
        byte[] copy = new byte[expected.length + 3];
        slabs.copyTo(copy, 3);
        assertThat(java.util.Arrays.copyOfRange(copy, 3, copy.length)).isEqualTo(expected);
    }

    @Test
    void emptyWritesNothing() throws IOException {
        PageSlabs slabs = new PageSlabs();
        slabs.write(new byte[4], 2, 0);
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        slabs.writeTo(written);
        assertThat(slabs.size()).isZero();
        assertThat(written.size()).isZero();
    }
}
