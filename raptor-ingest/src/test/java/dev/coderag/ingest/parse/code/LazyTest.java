package dev.coderag.ingest.parse.code;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LazyTest {
    @Test
    void the_value_is_computed_once_on_first_use_even_by_racing_threads() throws InterruptedException {
        AtomicInteger calls = new AtomicInteger();
        Lazy<Object> lazy = new Lazy<>(() -> {
            calls.incrementAndGet();
            return new Object();
        });
        assertThat(calls).hasValue(0);

        CountDownLatch start = new CountDownLatch(1);
        List<Object> seen = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            threads.add(Thread.ofPlatform().start(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                seen.add(lazy.get());
            }));
        }
        start.countDown();
        for (Thread t : threads) {
            t.join();
        }

        assertThat(calls).hasValue(1);
        assertThat(seen).hasSize(8).allSatisfy(v -> assertThat(v).isSameAs(lazy.get()));
    }

    @Test
    void a_null_value_is_refused() {
        assertThatThrownBy(() -> new Lazy<>(() -> null).get()).isInstanceOf(NullPointerException.class);
    }
}
