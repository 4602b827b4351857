package dev.coderag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.embed.Embedder;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.Store;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.CommitChunk;
import dev.coderag.types.CommitChunk.Change;
import dev.coderag.types.HunkRange;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The retriever over a real store holding a file's code and its history: a history question widens the caller's
 * scope to the commits and pins the one that answers it, following the file back through a rename; a code
 * question, or a caller that chose the tables, never sees a commit.
 */
class HistoryRetrievalTest {
    private static final String PATH = "src/http/HeaderParser.java";
    private static final String OLD = "src/HeaderParser.java";

    @TempDir
    static Path dir;

    private static Store store;
    private static Retriever retriever;

    private static CommitChunk commit(
            char id,
            String path,
            String oldPath,
            Change change,
            String date,
            String subject,
            List<String> touched,
            List<String> introduced,
            String diff) {
        List<HunkRange> hunks = List.of(new HunkRange(10, 0, 10, 4));
        return new CommitChunk(
                "r",
                path,
                oldPath,
                Language.JAVA,
                String.valueOf(id).repeat(40),
                "Ada",
                Instant.parse(date + "T12:00:00Z").getEpochSecond(),
                subject,
                "",
                change,
                hunks,
                diff,
                4,
                0,
                "",
                touched,
                introduced,
                10,
                13,
                SharedModel.embedder().modelId());
    }

    @BeforeAll
    static void open() {
        Embedder embedder = SharedModel.embedder();
        store = Store.open(dir, embedder.modelId(), embedder.dimension());
        CodeChunk parseHeader = new CodeChunk(
                "r",
                PATH,
                Language.JAVA,
                "parseHeader",
                SymbolKind.METHOD,
                "HeaderParser",
                "static String[] parseHeader(String line)",
                "Parses one header line.",
                "static String[] parseHeader(String line) {\n  int colon = line.indexOf(':');\n"
                        + "  return new String[] {line.substring(0, colon), line.substring(colon + 1)};\n}",
                10,
                13,
                List.of("indexOf", "substring"),
                embedder.modelId());
        List<Chunk> chunks = List.of(
                parseHeader,
                commit(
                        'a',
                        OLD,
                        "",
                        Change.ADDED,
                        "2022-01-10",
                        "Start the parser",
                        List.of("HeaderParser"),
                        List.of("HeaderParser"),
                        "+final class HeaderParser {"),
                commit(
                        'b',
                        OLD,
                        "",
                        Change.MODIFIED,
                        "2022-06-01",
                        "Parse a single header line",
                        List.of("parseHeader"),
                        List.of("parseHeader"),
                        "+static String[] parseHeader(String line) {"),
                commit(
                        'c',
                        PATH,
                        OLD,
                        Change.RENAMED,
                        "2023-02-01",
                        "Move the parser into the http package",
                        List.of(),
                        List.of(),
                        ""),
                commit(
                        'd',
                        PATH,
                        "",
                        Change.MODIFIED,
                        "2024-04-01",
                        "Split header values at the first colon",
                        List.of("parseHeader"),
                        List.of(),
                        "+  int colon = line.indexOf(':');"));
        List<float[]> vectors = embedder.embedDocuments(
                chunks.stream().map(Chunk::embeddingText).toList());
        try (WriteTransaction tx = store.begin()) {
            tx.putFile("r", PATH, "h");
            for (int i = 0; i < chunks.size(); i++) {
                tx.insert(chunks.get(i), vectors.get(i));
            }
            tx.commit();
        }
        retriever = Retriever.create(store, embedder);
    }

    @AfterAll
    static void close() {
        store.close();
    }

    private static List<Character> commits(Retrieval r) {
        return r.hits().stream()
                .filter(h -> h.chunk() instanceof CommitChunk)
                .map(h -> ((CommitChunk) h.chunk()).sha().charAt(0))
                .toList();
    }

    @Test
    void when_was_it_added_pins_the_commit_that_introduced_it_under_the_files_old_path() {
        Retrieval r = retriever.retrieve("When was `parseHeader` added?", Optional.empty(), RetrievalMode.FULL, 0);

        assertThat(r.intent()).isEqualTo("history");
        assertThat(r.answerStyle()).isEqualTo(AnswerStyle.HISTORY);
        assertThat(r.hits().getFirst().chunk()).isInstanceOf(CommitChunk.class);
        assertThat(commits(r).getFirst()).isEqualTo('b');
        assertThat(r.hits()).anySatisfy(h -> assertThat(h.chunk()).isInstanceOf(CodeChunk.class));
        assertThat(r.trace().hitsPerTable()).containsKey("commit");
    }

    @Test
    void who_last_changed_it_pins_the_newest_commit_that_touched_it() {
        Retrieval r = retriever.retrieve("Who last changed `parseHeader`?", Optional.empty(), RetrievalMode.FULL, 0);

        assertThat(commits(r).getFirst()).isEqualTo('d');
    }

    @Test
    void a_code_question_or_a_caller_that_chose_the_tables_sees_no_commit() {
        Retrieval code = retriever.retrieve("How does parseHeader work?", Optional.empty(), RetrievalMode.FULL, 0);
        Retrieval chosen = retriever.retrieve(
                "When was `parseHeader` added?",
                new Scope(SearchFilter.NONE, EnumSet.of(ChunkKind.CODE)),
                RetrievalMode.FULL,
                0);

        assertThat(code.intent()).isNotEqualTo("history");
        assertThat(commits(code)).isEmpty();
        assertThat(chosen.intent()).isEqualTo("history");
        assertThat(commits(chosen)).isEmpty();
        assertThat(chosen.hits()).isNotEmpty();
    }

    @Test
    void dates_in_the_question_keep_the_commits_to_them() {
        Retrieval r = retriever.retrieve(
                "What changed in the header parser in 2022?", Optional.empty(), RetrievalMode.FULL, 0);

        assertThat(commits(r)).isNotEmpty().containsOnly('a', 'b');
    }
}
