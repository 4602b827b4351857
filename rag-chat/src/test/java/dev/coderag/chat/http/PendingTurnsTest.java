package dev.coderag.chat.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class PendingTurnsTest {
    private final AtomicLong now = new AtomicLong();
    private final PendingTurns turns = new PendingTurns(now::get);

    @Test
    void turns_past_the_count_bound_drop_the_oldest_first() {
        for (int i = 0; i < PendingTurns.MAX_TURNS + 50; i++) {
            turns.add("t" + i, "question " + i, "c", Optional.empty());
        }
        assertThat(turns.size()).isEqualTo(PendingTurns.MAX_TURNS);
        assertThat(turns.get("t0")).isEmpty();
        assertThat(turns.get("t" + (PendingTurns.MAX_TURNS + 49))).isPresent();
    }

    @Test
    void long_questions_and_answers_cannot_hold_more_than_the_character_bound() {
        String big = "q".repeat(30_000);
        for (int i = 0; i < PendingTurns.MAX_TURNS; i++) {
            PendingTurns.Turn t = turns.add("t" + i, big, "c", Optional.empty());
            turns.complete("t" + i, t, "a".repeat(100_000));
        }
        assertThat(turns.chars()).isLessThanOrEqualTo(PendingTurns.MAX_CHARS);
        assertThat(turns.get("t" + (PendingTurns.MAX_TURNS - 1))).isPresent();
    }

    @Test
    void expired_turns_are_dropped_and_a_waiting_reconnect_is_released() throws Exception {
        PendingTurns.Turn old = turns.add("old", "q", "c", Optional.empty());
        now.addAndGet(TimeUnit.MINUTES.toNanos(16));
        turns.add("new", "q", "c", Optional.empty());
        assertThat(turns.get("old")).isEmpty();
        assertThat(old.html().get()).isNull(); // a reconnect waiting on it gives up at once
        assertThat(turns.get("new")).isPresent();
    }
}
