package dev.colcodec.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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

    @Test
    void reservationsKeepOnlyTheCommittedRangesInOrder() throws IOException {
        Random r = new Random(7);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        PageSlabs slabs = new PageSlabs();
        int direct = 0;
        for (int i = 0; i < 400; i++) {
            byte[] piece = new byte[r.nextInt(4) == 0 ? r.nextInt(PageSlabs.MAX_SLAB) : r.nextInt(3000)];
            r.nextBytes(piece);
            int room = piece.length + r.nextInt(200);
            int at = r.nextBoolean() ? slabs.reserve(room) : -1;
            if (at >= 0) {
                // the piece goes somewhere inside the room, with a gap before it
                direct++;
                int start = at + r.nextInt(room - piece.length + 1);
                System.arraycopy(piece, 0, slabs.reserved(), start, piece.length);
                slabs.commit(start, piece.length);
            } else {
                slabs.write(piece, 0, piece.length);
            }
            expected.write(piece);
            assertThat(slabs.size()).isEqualTo(expected.size());
        }
        assertThat(direct).isGreaterThan(100);
        assertThat(slabs.reserve(PageSlabs.MAX_SLAB + 1)).isEqualTo(-1);
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        slabs.writeTo(written);
        assertThat(written.toByteArray()).isEqualTo(expected.toByteArray());
        byte[] copy = new byte[expected.size()];
        slabs.copyTo(copy, 0);
        assertThat(copy).isEqualTo(expected.toByteArray());
    }

    @Test
    void commitOutsideTheReservationIsRefused() {
        PageSlabs slabs = new PageSlabs();
        int at = slabs.reserve(100);
        slabs.commit(at + 10, 20);
        assertThatThrownBy(() -> slabs.commit(at, 5)).isInstanceOf(IllegalArgumentException.class);
        assertThat(slabs.size()).isEqualTo(20);
    }

    @Test
    void slabsStayBelowTheHumongousThresholdOfTheDefaultRegionSize() {
        // 1 MiB regions up to 2 GiB heaps, 4 MiB at 8 GiB, 32 MiB from 64 GiB on
        assertThat(PageSlabs.maxSlab(512L << 20)).isEqualTo(496 << 10);
        assertThat(PageSlabs.maxSlab(2L << 30)).isEqualTo(496 << 10);
        assertThat(PageSlabs.maxSlab(8L << 30)).isEqualTo((2 << 20) - (16 << 10));
        assertThat(PageSlabs.maxSlab(1L << 40)).isEqualTo(4 << 20);
        assertThat(PageSlabs.maxSlab(0)).isEqualTo(496 << 10);
    }
}
