package dev.coderag.chat.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class AnswerSlotsTest {

    @Test
    void past_the_running_slots_and_the_waiting_room_a_question_is_refused_as_busy() throws Exception {
        AnswerSlots slots = new AnswerSlots(1); // one running, four waiting
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch running = new CountDownLatch(1);
        ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor();
        try {
            List<Future<String>> admitted = new ArrayList<>();
            admitted.add(pool.submit(() -> slots.run(() -> {
                running.countDown();
                await(release);
                return "first";
            })));
            running.await();
            for (int i = 0; i < 4; i++) {
                admitted.add(pool.submit(() -> slots.run(() -> "waited")));
            }
            // the four queue behind the first (wait until they have); a sixth finds the waiting room full
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (slots.admitted() < 5 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertThat(slots.admitted()).isEqualTo(5);
            HttpRefusal refused = null;
            try {
                slots.run(() -> "never");
            } catch (HttpRefusal e) {
                refused = e;
            }
            assertThat(refused).isNotNull();
            assertThat(refused.reason()).isEqualTo(HttpRefusal.Reason.BUSY);
            assertThat(HttpErrors.status(refused.reason())).isEqualTo(503);

            release.countDown();
            for (Future<String> f : admitted) {
                assertThat(f.get()).isIn("first", "waited");
            }
            assertThat(slots.run(() -> "free again")).isEqualTo("free again");
        } finally {
            release.countDown();
            pool.shutdownNow();
        }
    }

    @Test
    void a_failing_answer_gives_its_slot_back() {
        AnswerSlots slots = new AnswerSlots(1);
        assertThatThrownBy(() -> slots.run(() -> {
                    throw new IllegalStateException("boom");
                }))
                .isInstanceOf(IllegalStateException.class);
        assertThat(slots.run(() -> 42)).isEqualTo(42);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
