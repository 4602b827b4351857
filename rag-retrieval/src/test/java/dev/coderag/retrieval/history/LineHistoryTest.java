package dev.coderag.retrieval.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.coderag.types.HunkRange;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The walk's edges: empty files and chains, and stored hunks that do not fit the file (bad data must not hang it). */
class LineHistoryTest {
    @Test
    void an_empty_file_or_chain_explains_nothing() {
        assertThat(LineHistory.blame(List.of(), 3))
                .containsExactly(Optional.empty(), Optional.empty(), Optional.empty());
        assertThat(LineHistory.blame(List.of(new Change("c", "f", "", List.of(new HunkRange(0, 0, 1, 2)))), 0))
                .isEmpty();
        assertThat(LineHistory.lastChange(List.of(), 0, 1, 1)).isEmpty();
        assertThatThrownBy(() -> LineHistory.blame(List.of(), -1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void a_deletion_at_the_top_shifts_the_lines_below_it_only() {
        // newest: deleted old lines 1-2 (new side "after line 0"); oldest: wrote old lines 2-3
        List<Change> chain = List.of(
                new Change("del", "f", "", List.of(new HunkRange(1, 2, 0, 0))),
                new Change("add", "f", "", List.of(new HunkRange(1, 0, 2, 2))));

        assertThat(LineHistory.blame(chain, 3)).containsExactly(Optional.of("add"), Optional.empty(), Optional.empty());
        assertThat(LineHistory.lastChange(chain, 3, 0, 99)).contains("add");
        assertThat(LineHistory.lastChange(chain, 3, 2, 3)).isEmpty();
    }

    @Test
    void hunks_that_do_not_fit_the_file_end_the_walk_quickly() {
        List<Change> chain = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            chain.add(new Change(
                    "c" + i,
                    "f",
                    "",
                    List.of(
                            new HunkRange(0, 0, 3, 1),
                            new HunkRange(Integer.MAX_VALUE, Integer.MAX_VALUE, 50, 0),
                            new HunkRange(7, 3, Integer.MAX_VALUE, Integer.MAX_VALUE))));
        }
        long started = System.nanoTime();

        List<Optional<String>> blame = LineHistory.blame(chain, 100_000);

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
        assertThat(blame).hasSize(100_000);
        assertThat(blame.get(2)).contains("c0");
        assertThat(blame.get(60))
                .as("carried past the file's first line: unexplained")
                .isEmpty();
        assertThat(LineHistory.lastChange(chain, 100_000, 4, 100_000)).contains("c1");
    }
}
