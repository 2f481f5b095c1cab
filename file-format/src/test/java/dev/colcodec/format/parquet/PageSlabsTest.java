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
    void recycledSlabsKeepTheirOldBytesYetTheChunkIsTheSame() throws IOException {
        SlabRecycler recycler = new SlabRecycler(8L * PageSlabs.MAX_SLAB);
        PageSlabs old = new PageSlabs(recycler);
        byte[] junk = new byte[5 * PageSlabs.MAX_SLAB];
        java.util.Arrays.fill(junk, (byte) 0x5A);
        old.write(junk, 0, junk.length);
        old.recycle();
        // 64 KiB to 1 MiB ramp slabs are dropped; the full-size ones are kept
        int kept = recycler.size();
        assertThat(kept).isGreaterThanOrEqualTo(3);
        assertThatThrownBy(() -> old.writeTo(new ByteArrayOutputStream())).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> old.copyTo(new byte[junk.length], 0)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> old.write(junk, 0, 1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> old.reserve(10)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(old::recycle).isInstanceOf(IllegalStateException.class);

        Random r = new Random(11);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        PageSlabs slabs = new PageSlabs(recycler);
        while (expected.size() < 2 * PageSlabs.MAX_SLAB) {
            byte[] piece = new byte[r.nextInt(60_000)];
            r.nextBytes(piece);
            int at = r.nextBoolean() ? slabs.reserve(piece.length + 100) : -1;
            if (at >= 0) {
                // the gap before the piece keeps the old bytes: they must not reach the chunk
                System.arraycopy(piece, 0, slabs.reserved(), at + 100, piece.length);
                slabs.commit(at + 100, piece.length);
            } else {
                slabs.write(piece, 0, piece.length);
            }
            expected.write(piece);
        }
        assertThat(recycler.size()).isLessThan(kept);
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        slabs.writeTo(written);
        assertThat(written.toByteArray()).isEqualTo(expected.toByteArray());
    }

    @Test
    void theRecyclerKeepsFullSizeSlabsUpToItsLimit() {
        SlabRecycler recycler = new SlabRecycler(2L * PageSlabs.MAX_SLAB);
        recycler.give(new byte[PageSlabs.MAX_SLAB - 1]);
        assertThat(recycler.size()).isZero();
        for (int i = 0; i < 3; i++) {
            recycler.give(new byte[PageSlabs.MAX_SLAB]);
        }
        assertThat(recycler.size()).isEqualTo(2);
        assertThat(recycler.take()).hasSize(PageSlabs.MAX_SLAB);
        assertThat(recycler.take()).hasSize(PageSlabs.MAX_SLAB);
        assertThat(recycler.take()).isNull();
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
