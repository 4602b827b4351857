package dev.coderag.retrieval.commits;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.store.History;
import dev.coderag.store.HistoryMark;
import dev.coderag.store.StoredChunk;
import dev.coderag.types.CommitChunk;
import dev.coderag.types.CommitChunk.Change;
import dev.coderag.types.HunkRange;
import dev.coderag.types.Language;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A definition's history read back through renames, and the commit that answers each ask. */
class DefinitionHistoryTest {
    private static final Instant NOW = Instant.parse("2026-11-15T10:00:00Z");

    /** A history of commit chunks held in a list, read as the store reads it (a file's newest first). */
    private record ListHistory(List<CommitChunk> chunks) implements History {
        @Override
        public Optional<HistoryMark> mark(String repo) {
            return Optional.empty();
        }

        @Override
        public List<StoredChunk> ofFile(String repo, String path, int limit) {
            return chunks.stream()
                    .filter(c -> c.repo().equals(repo) && c.path().equals(path))
                    .sorted(Comparator.comparingLong(CommitChunk::time).reversed())
                    .limit(limit)
                    .map(c -> new StoredChunk(c.sha() + ":" + c.path(), c))
                    .toList();
        }

        @Override
        public List<StoredChunk> commit(String repo, String shaOrPrefix, int limit) {
            return List.of();
        }
    }

    private static CommitChunk commit(
            char id,
            String path,
            String oldPath,
            Change change,
            long time,
            String subject,
            String body,
            List<String> touched,
            List<String> introduced) {
        List<HunkRange> hunks = List.of(new HunkRange(1, 0, 1, 3));
        return new CommitChunk(
                "r",
                path,
                oldPath,
                Language.JAVA,
                String.valueOf(id).repeat(40),
                "Ada",
                time,
                subject,
                body,
                change,
                hunks,
                "+x",
                3,
                0,
                "",
                touched,
                introduced,
                1,
                3,
                "m");
    }

    private static final List<CommitChunk> CHUNKS = new ArrayList<>(List.of(
            commit('a', "src/Old.java", "", Change.ADDED, 100, "Start the parser", "", List.of("Old"), List.of("Old")),
            commit(
                    'b',
                    "src/Old.java",
                    "",
                    Change.MODIFIED,
                    200,
                    "Parse headers",
                    "Needed by the router.",
                    List.of("parseHeader"),
                    List.of("parseHeader")),
            commit(
                    'c',
                    "src/Parser.java",
                    "src/Old.java",
                    Change.RENAMED,
                    300,
                    "Rename Old to Parser",
                    "",
                    List.of(),
                    List.of()),
            commit(
                    'd',
                    "src/Parser.java",
                    "",
                    Change.MODIFIED,
                    400,
                    "Raise the retry limit",
                    "The limit of 3 retries failed on slow networks.",
                    List.of("parseHeader"),
                    List.of()),
            commit(
                    'e',
                    "src/Parser.java",
                    "",
                    Change.MODIFIED,
                    500,
                    "Tidy imports",
                    "",
                    List.of("Parser"),
                    List.of())));

    private static List<String> answer(String question, String name) {
        History history = new ListHistory(CHUNKS);
        List<StoredChunk> walked = DefinitionHistory.ofFile(history, "r", "src/Parser.java");
        return DefinitionHistory.answer(HistoryQuestion.of(question, NOW), name, "Parser." + name, walked, 3).stream()
                .map(s -> ((CommitChunk) s.chunk()).sha().substring(0, 1))
                .toList();
    }

    @Test
    void a_files_history_continues_under_its_old_path_before_a_rename() {
        List<StoredChunk> walked = DefinitionHistory.ofFile(new ListHistory(CHUNKS), "r", "src/Parser.java");
        assertThat(walked)
                .extracting(s -> ((CommitChunk) s.chunk()).sha().charAt(0))
                .containsExactly('e', 'd', 'c', 'b', 'a');
    }

    @Test
    void added_is_the_oldest_commit_that_introduced_the_name_even_under_its_old_path() {
        assertThat(answer("When was `parseHeader` added?", "parseHeader"))
                .first()
                .isEqualTo("b");
        // a name no commit introduced: the commit that added the file
        assertThat(answer("When was `Parser` added?", "Parser")).first().isEqualTo("a");
    }

    @Test
    void last_changed_is_the_newest_commit_that_touched_the_name() {
        assertThat(answer("Who last changed `parseHeader`?", "parseHeader")).containsExactly("d", "b");
    }

    @Test
    void why_ranks_the_commits_that_touched_it_by_the_question_words_in_their_message() {
        assertThat(answer("Why was the retry limit of `parseHeader` changed?", "parseHeader"))
                .first()
                .isEqualTo("d");
        assertThat(answer("Why does `parseHeader` exist, what router needed it?", "parseHeader"))
                .first()
                .isEqualTo("b");
    }

    @Test
    void only_commits_in_the_questions_dates_answer_it() {
        // 1970-01-01: every commit of the fixture is in its first seconds
        assertThat(answer("What changed in `parseHeader` in 1999?", "parseHeader"))
                .isEmpty();
        assertThat(answer("What changed in `parseHeader` before 1990?", "parseHeader"))
                .containsExactly("d", "b");
    }

    @Test
    void a_cycle_of_renames_ends() {
        List<CommitChunk> cycle = List.of(
                commit('a', "A.java", "B.java", Change.RENAMED, 200, "B to A", "", List.of(), List.of()),
                commit('b', "B.java", "A.java", Change.RENAMED, 200, "A to B", "", List.of(), List.of()));
        assertThat(DefinitionHistory.ofFile(new ListHistory(cycle), "r", "A.java"))
                .hasSize(2);
    }
}
