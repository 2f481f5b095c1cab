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
        ForkJoinPool one = new ForkJoinPool(1);
        ForkJoinPool three = new ForkJoinPool(3);
        try {
            for (int count : new int[] {0, 1, 2, 3, 17, 1000}) {
                assertEachRanOnce(runAll(null, count));
                assertEachRanOnce(runAll(one, count));
                assertEachRanOnce(runAll(three, count));
                assertEachRanOnce(runAll(ForkJoinPool.commonPool(), count));
            }
        } finally {
            one.shutdown();
            three.shutdown();
        }
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void theCallerIsOneOfTheThreads() throws InterruptedException {
        ForkJoinPool two = new ForkJoinPool(2);
        try {
            Thread caller = Thread.currentThread();
            // each of the two tasks waits until the other thread has run one: both threads work, whichever
            // task each claims
            CountDownLatch callerRan = new CountDownLatch(1);
            CountDownLatch helperRan = new CountDownLatch(1);
            FanOut.run(two, 2, i -> {
                boolean here = Thread.currentThread() == caller;
                (here ? callerRan : helperRan).countDown();
                try {
                    assertThat((here ? helperRan : callerRan).await(30, TimeUnit.SECONDS))
                            .isTrue();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThat(callerRan.getCount()).isZero();
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
                java.util.concurrent.atomic.AtomicInteger inFlight = new java.util.concurrent.atomic.AtomicInteger();
                assertThatThrownBy(() -> FanOut.run(three, 100, i -> {
                            inFlight.incrementAndGet();
                            try {
                                runs.incrementAndGet(i);
                                if (i == failing) {
                                    throw new IllegalArgumentException("task " + i);
                                }
                                long x = i;
                                for (int k = 0; k < 200_000; k++) {
                                    x = x * 6364136223846793005L + 1;
                                }
                                if (x == 42) {
                                    runs.incrementAndGet(i);
                                }
                            } finally {
                                inFlight.decrementAndGet();
                            }
                        }))
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessage("task " + failing);
                assertThat(inFlight.get())
                        .as("tasks still running when run() threw")
                        .isZero();
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
