package dev.colcodec.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class FanOutTest {
    private static AtomicIntegerArray runAll(ForkJoinPool pool, int count) {
        AtomicIntegerArray runs = new AtomicIntegerArray(count);
        FanOut.run(pool, count, runs::incrementAndGet);
        return runs;
    }

    private static void assertEachRanOnce(AtomicIntegerArray runs) {
        for (int i = 0; i < runs.length(); i++) {
            assertThat(runs.get(i)).as("task %d", i).isEqualTo(1);
        }
    }

    @Test
    void everyTaskRunsOnceOnAnyPool() {
        ForkJoinPool three = new ForkJoinPool(3);
        try {
            for (int count : new int[] {0, 1, 2, 3, 17, 1000}) {
                assertEachRanOnce(runAll(null, count));
                assertEachRanOnce(runAll(three, count));
                assertEachRanOnce(runAll(ForkJoinPool.commonPool(), count));
                assertEachRanOnce(runAll(new ForkJoinPool(1), count));
            }
        } finally {
            three.shutdown();
        }
    }

    @Test
    void theCallerIsOneOfTheThreads() {
        ForkJoinPool two = new ForkJoinPool(2);
        try {
            Thread caller = Thread.currentThread();
            boolean[] ranHere = new boolean[1];
            // a task of the caller blocks until a helper has run one: both threads work
            CountDownLatch helperRan = new CountDownLatch(1);
            FanOut.run(two, 2, i -> {
                if (Thread.currentThread() == caller) {
                    ranHere[0] = true;
                    try {
                        assertThat(helperRan.await(30, TimeUnit.SECONDS)).isTrue();
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                } else {
                    helperRan.countDown();
                }
            });
            assertThat(ranHere[0]).isTrue();
            assertThat(helperRan.getCount()).isZero();
        } finally {
            two.shutdown();
        }
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aBusyOrShutDownPoolLeavesTheTasksToTheCaller() throws InterruptedException {
        ForkJoinPool busy = new ForkJoinPool(2);
        CountDownLatch release = new CountDownLatch(1);
        try {
            for (int i = 0; i < 2; i++) {
                busy.execute(() -> {
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
            }
            assertEachRanOnce(runAll(busy, 50));
        } finally {
            release.countDown();
            busy.shutdown();
        }
        ForkJoinPool closed = new ForkJoinPool(2);
        closed.shutdown();
        assertEachRanOnce(runAll(closed, 50));
        ForkJoinPool stopped = new ForkJoinPool(2);
        stopped.shutdownNow();
        assertThat(stopped.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        assertEachRanOnce(runAll(stopped, 50));
    }

    @Test
    void theFirstFailureReachesTheCallerAfterTheClaimedTasks() {
        ForkJoinPool three = new ForkJoinPool(3);
        try {
            for (int failing : new int[] {0, 5, 99}) {
                AtomicIntegerArray runs = new AtomicIntegerArray(100);
                assertThatThrownBy(() -> FanOut.run(three, 100, i -> {
                            runs.incrementAndGet(i);
                            if (i == failing) {
                                throw new IllegalArgumentException("task " + i);
                            }
                        }))
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessage("task " + failing);
                for (int i = 0; i < 100; i++) {
                    assertThat(runs.get(i)).isLessThanOrEqualTo(1);
                }
            }
            assertThatThrownBy(() -> FanOut.run(three, 4, i -> {
                        throw new AssertionError("error " + i);
                    }))
                    .isInstanceOf(AssertionError.class);
        } finally {
            three.shutdown();
        }
    }
}
