package dev.colcodec.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Whoever runs a write (the pool, or the owner because the pool is absent, shut down or busy), a failure
 * is rethrown by every later call, and nothing after it is written.
 */
class PooledWritesTest {
    private static final String[] WAYS = {"no pool", "shut-down pool", "busy pool", "free pool"};

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aFailedWriteFailsEveryLaterCallWhoeverRanIt() throws Exception {
        for (String way : WAYS) {
            for (boolean unchecked : new boolean[] {false, true}) {
                CountDownLatch release = new CountDownLatch(1);
                ForkJoinPool pool = pool(way, release);
                try {
                    PooledWrites writes = new PooledWrites(pool, "part");
                    List<String> written = new ArrayList<>();
                    writes.submit(() -> written.add("first"));
                    Throwable t = catchThrowable(() -> {
                        writes.submit(() -> {
                            if (unchecked) {
                                throw new IllegalStateException("boom");
                            }
                            throw new IOException("boom");
                        });
                        writes.await();
                    });
                    assertThat(t).as(way).isNotNull();
                    assertThat(t.getMessage() + " " + t.getCause()).contains("boom");
                    // every later call fails, and nothing more is written
                    assertThatThrownBy(writes::check).as(way).isInstanceOf(IOException.class);
                    assertThatThrownBy(() -> writes.submit(() -> written.add("after")))
                            .as(way)
                            .isInstanceOf(IOException.class);
                    assertThatThrownBy(writes::await).as(way).isInstanceOf(IOException.class);
                    assertThat(written).as(way).containsExactly("first");
                } finally {
                    release.countDown();
                    if (pool != null) {
                        pool.shutdownNow();
                    }
                }
            }
        }
    }

    /** An owner that cut a part short fails the stream as a failed write would: nothing is written after. */
    @Test
    void aStreamFailedByItsOwnerFailsEveryLaterCall() throws Exception {
        PooledWrites writes = new PooledWrites(null, "part");
        List<String> written = new ArrayList<>();
        writes.submit(() -> written.add("first"));
        IOException cut = new IOException("cut short");
        writes.fail(cut);
        assertThatThrownBy(writes::check).isInstanceOf(IOException.class).hasCause(cut);
        assertThatThrownBy(() -> writes.submit(() -> written.add("after"))).hasCause(cut);
        assertThatThrownBy(writes::await).hasCause(cut);
        assertThat(written).containsExactly("first");
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void writesRunInOrderOnceEachWhoeverRunsThem() throws Exception {
        for (String way : WAYS) {
            CountDownLatch release = new CountDownLatch(1);
            ForkJoinPool pool = pool(way, release);
            try {
                PooledWrites writes = new PooledWrites(pool, "part");
                List<Integer> written = java.util.Collections.synchronizedList(new ArrayList<>());
                for (int i = 0; i < 50; i++) {
                    int k = i;
                    writes.submit(() -> written.add(k));
                }
                writes.await();
                assertThat(written).as(way).hasSize(50);
                for (int i = 0; i < 50; i++) {
                    assertThat(written.get(i)).as(way).isEqualTo(i);
                }
            } finally {
                release.countDown();
                if (pool != null) {
                    pool.shutdownNow();
                }
            }
        }
    }

    /**
     * The pool of a way: none, one shut down (shutdownNow), one whose only thread waits for {@code
     * release}, or a free one of one thread.
     */
    private static ForkJoinPool pool(String way, CountDownLatch release) {
        if (way.equals("no pool")) {
            return null;
        }
        ForkJoinPool pool = new ForkJoinPool(1);
        if (way.equals("shut-down pool")) {
            pool.shutdownNow();
        } else if (way.equals("busy pool")) {
            pool.execute(() -> {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        return pool;
    }

    private interface Action {
        void run() throws Exception;
    }

    private static Throwable catchThrowable(Action a) {
        try {
            a.run();
            return null;
        } catch (Throwable t) {
            return t;
        }
    }
}
