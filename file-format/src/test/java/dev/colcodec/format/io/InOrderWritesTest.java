package dev.colcodec.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class InOrderWritesTest {
    /**
     * Parts finished in a shuffled order by four threads are each written once, in part order, one write
     * at a time, and all of them by the time the threads are done.
     */
    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void partsFinishedInAnyOrderOnSeveralThreadsAreWrittenInOrderOnce() throws Exception {
        Random r = new Random(40);
        for (int round = 0; round < 300; round++) {
            int parts = 1 + r.nextInt(40);
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < parts; i++) {
                order.add(i);
            }
            Collections.shuffle(order, r);
            ConcurrentLinkedQueue<Integer> queue = new ConcurrentLinkedQueue<>(order);
            List<Integer> written = Collections.synchronizedList(new ArrayList<>());
            AtomicBoolean inWrite = new AtomicBoolean();
            AtomicBoolean overlapped = new AtomicBoolean();
            InOrderWrites writes = new InOrderWrites(parts, p -> {
                if (!inWrite.compareAndSet(false, true)) {
                    overlapped.set(true);
                }
                written.add(p);
                inWrite.set(false);
            });
            Thread[] threads = new Thread[4];
            for (int k = 0; k < threads.length; k++) {
                threads[k] = new Thread(() -> {
                    for (Integer p; (p = queue.poll()) != null; ) {
                        writes.done(p);
                    }
                });
                threads[k].start();
            }
            for (Thread t : threads) {
                t.join();
            }
            writes.finish();
            assertThat(overlapped).isFalse();
            assertThat(written)
                    .as("round " + round)
                    .isEqualTo(order.stream().sorted().toList());
        }
    }

    /** A write that fails stops the writing: no later part is written, and finish rethrows the failure. */
    @Test
    void aFailedWriteStopsTheWritingAndFinishRethrowsIt() {
        for (boolean unchecked : new boolean[] {false, true}) {
            List<Integer> written = new ArrayList<>();
            InOrderWrites writes = new InOrderWrites(6, p -> {
                if (p == 3) {
                    if (unchecked) {
                        throw new IllegalStateException("boom");
                    }
                    throw new IOException("boom");
                }
                written.add(p);
            });
            for (int p : new int[] {5, 1, 0, 4, 3, 2}) {
                writes.done(p);
            }
            assertThat(written).containsExactly(0, 1, 2);
            assertThatThrownBy(writes::finish)
                    .isInstanceOf(unchecked ? IllegalStateException.class : IOException.class)
                    .hasMessage("boom");
        }
    }

    /** Finishing before every part is done is a caller's error, said as such. */
    @Test
    void finishingWithPartsNotDoneIsRefused() {
        InOrderWrites writes = new InOrderWrites(3, p -> {});
        writes.done(0);
        writes.done(2);
        assertThatThrownBy(writes::finish)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("part 1 of 3 not done");
    }
}
