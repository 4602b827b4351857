package dev.coderag.chat.repos;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A burst of file events becomes one check, once the repository has been quiet (or has waited long enough). */
class DebouncerTest {
    private static final long MS = 1_000_000L;

    @Test
    void a_burst_of_events_is_due_once_after_it_has_been_quiet() {
        Debouncer d = new Debouncer(400 * MS, 5_000 * MS);
        long t = 1_000 * MS;
        for (int i = 0; i < 10; i++) {
            d.touch("demo", t + i * 100 * MS); // every 100 ms for a second
        }
        assertThat(d.due(t + 1_000 * MS)).isEmpty(); // the last event was 100 ms ago
        assertThat(d.due(t + 1_299 * MS)).isEmpty();
        assertThat(d.due(t + 1_300 * MS)).containsExactly("demo");
        assertThat(d.due(t + 9_000 * MS)).as("due once, then forgotten").isEmpty();
    }

    @Test
    void a_repository_written_without_pause_is_still_due_after_the_longest_wait() {
        Debouncer d = new Debouncer(400 * MS, 2_000 * MS);
        long t = 0;
        d.touch("busy", t);
        for (long at = 100; at <= 1_900; at += 100) {
            d.touch("busy", t + at * MS);
            assertThat(d.due(t + at * MS)).isEmpty();
        }
        d.touch("busy", t + 2_000 * MS);
        assertThat(d.due(t + 2_000 * MS)).containsExactly("busy");
    }

    @Test
    void repositories_are_debounced_apart_and_a_forgotten_one_is_never_due() {
        Debouncer d = new Debouncer(400 * MS, 5_000 * MS);
        d.touch("a", 0);
        d.touch("b", 300 * MS);
        d.touch("gone", 0);
        d.forget("gone");
        assertThat(d.due(400 * MS)).containsExactly("a");
        assertThat(d.due(700 * MS)).containsExactly("b");
    }
}
