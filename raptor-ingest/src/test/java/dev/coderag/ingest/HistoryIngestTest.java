package dev.coderag.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.ingest.history.HistoryOptions;
import dev.coderag.store.HistoryMark;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.Store;
import dev.coderag.store.StoredChunk;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CommitChunk;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The history step of a real ingest over a real git repository: commits become commit chunks tied to the
 * snapshot's definitions, a re-ingest reads only new commits, a rewritten history is read again, and
 * {@code --history off} drops it. The oracle is the repository the test made: which commit added which method.
 */
class HistoryIngestTest {
    private static Embedder embedder;

    @TempDir
    Path tmp;

    @BeforeAll
    static void model() {
        embedder = Embedder.open(EmbeddingModel.BGE_SMALL_INT8);
    }

    @AfterAll
    static void close() {
        embedder.close();
    }

    private static final String V1 = "class Parser {\n  int parse(String s) {\n    return s.length();\n  }\n}\n";
    private static final String V2 = "class Parser {\n  int parse(String s) {\n    return s.length();\n  }\n\n"
            + "  int parseHeader(String s) {\n    return s.indexOf(':');\n  }\n}\n";
    private static final String V3 = V2.replace("s.indexOf(':')", "s.indexOf(\": \")");

    @Test
    void commits_become_chunks_a_rerun_reads_only_new_commits_and_a_rewrite_is_read_again() throws Exception {
        Path repo = GitFixture.init(tmp.resolve("demo"));
        GitFixture.write(repo, "src/Parser.java", V1);
        GitFixture.write(repo, "README.md", "# Demo\n");
        String c1 = commit(repo, 1, "Start the parser");
        GitFixture.write(repo, "src/Parser.java", V2);
        String c2 = commit(repo, 2, "Add parseHeader\n\nHeaders come before the body, so read them first.");
        Path db = tmp.resolve("store");
        try (Store store = Store.open(db, embedder.modelId(), embedder.dimension())) {
            IngestSummary first = ingest(store, db, repo, HistoryOptions.DEFAULT);
            assertThat(first.commits()).isEqualTo(2);
            assertThat(store.history().mark("demo")).contains(new HistoryMark(c2, 2, HistoryOptions.DEFAULT_COMMITS));
            List<CommitChunk> parser = history(store, "src/Parser.java");
            assertThat(parser).extracting(CommitChunk::sha).containsExactly(c2, c1);
            CommitChunk added = parser.getFirst();
            assertThat(added.introduced()).containsExactly("parseHeader");
            assertThat(added.subject()).isEqualTo("Add parseHeader");
            assertThat(added.body()).contains("Headers come before the body");
            assertThat(added.author()).isEqualTo("Test");
            assertThat(parser.getLast().change()).isEqualTo(CommitChunk.Change.ADDED);
            assertThat(store.lexical().search(ChunkKind.COMMIT, "headers body", 5, SearchFilter.repo("demo")))
                    .extracting(s -> ((CommitChunk) s.chunk()).sha())
                    .contains(c2);
            assertThat(store.files().entries("demo").get("src/Parser.java").chunkIds())
                    .as("the file's chunks are the snapshot's alone")
                    .allMatch(id -> store.chunks().get(id).orElseThrow().chunk().kind() == ChunkKind.CODE);

            GitFixture.write(repo, "src/Parser.java", V3);
            String c3 = commit(repo, 3, "Split headers on colon and space");
            IngestSummary second = ingest(store, db, repo, HistoryOptions.DEFAULT);
            assertThat(second.commits()).as("only the new commit is read").isEqualTo(1);
            assertThat(history(store, "src/Parser.java"))
                    .extracting(CommitChunk::sha)
                    .containsExactly(c3, c2, c1);
            assertThat(history(store, "src/Parser.java").getFirst().touched()).contains("parseHeader");

            GitFixture.git(
                    repo, "commit", "-q", "--amend", "--date", "2024-01-04T12:00:00Z", "-m", "Split headers on \": \"");
            String amended = GitFixture.git(repo, "rev-parse", "HEAD").strip();
            IngestSummary third = ingest(store, db, repo, HistoryOptions.DEFAULT);
            assertThat(third.commits()).as("a rewritten history is read again").isEqualTo(3);
            assertThat(history(store, "src/Parser.java"))
                    .extracting(CommitChunk::sha)
                    .containsExactly(amended, c2, c1);
            assertThat(store.history().mark("demo").map(HistoryMark::head)).contains(amended);

            ingest(store, db, repo, HistoryOptions.OFF);
            assertThat(history(store, "src/Parser.java")).isEmpty();
            assertThat(store.history().mark("demo")).isEmpty();
            assertThat(store.chunks().byPath("src/Parser.java", Optional.of("demo")))
                    .isNotEmpty();
        }
    }

    @Test
    void a_depth_keeps_the_newest_commits_and_a_deeper_one_reads_the_rest() throws Exception {
        Path repo = GitFixture.init(tmp.resolve("deep"));
        for (int i = 1; i <= 5; i++) {
            GitFixture.write(repo, "notes.txt", "note " + i + "\n");
            GitFixture.write(repo, "src/A" + i + ".java", "class A" + i + " {}\n");
            commit(repo, i, "Change " + i);
        }
        Path db = tmp.resolve("store2");
        try (Store store = Store.open(db, embedder.modelId(), embedder.dimension())) {
            ingest(store, db, repo, new HistoryOptions(2, Optional.empty()));
            assertThat(subjects(store)).containsExactlyInAnyOrder("Change 4", "Change 5");
            ingest(store, db, repo, new HistoryOptions(10, Optional.empty()));
            assertThat(subjects(store))
                    .containsExactlyInAnyOrder("Change 1", "Change 2", "Change 3", "Change 4", "Change 5");
        }
    }

    @Test
    void a_directory_inside_another_repositorys_work_tree_has_no_history_of_its_own() throws Exception {
        Path repo = GitFixture.init(tmp.resolve("outer"));
        GitFixture.write(repo, "inner/src/A.java", "class A {}\n");
        commit(repo, 1, "Outer commit");
        Path db = tmp.resolve("store3");
        try (Store store = Store.open(db, embedder.modelId(), embedder.dimension())) {
            IngestSummary summary = ingest(store, db, repo.resolve("inner"), HistoryOptions.DEFAULT);
            assertThat(summary.commits()).isZero();
            assertThat(store.history().mark("inner")).isEmpty();
        }
    }

    /** Commits with author date 2024-01-{day}: the order the store reads a file's history in. */
    private static String commit(Path repo, int day, String message) {
        GitFixture.git(repo, "add", "-A");
        GitFixture.git(repo, "commit", "-q", "--date", "2024-01-%02dT12:00:00Z".formatted(day), "-m", message);
        return GitFixture.git(repo, "rev-parse", "HEAD").strip();
    }

    private static Set<String> subjects(Store store) {
        return store.history().ofFile("deep", "notes.txt", 100).stream()
                .map(s -> ((CommitChunk) s.chunk()).subject())
                .collect(Collectors.toSet());
    }

    private static List<CommitChunk> history(Store store, String path) {
        return store.history().ofFile("demo", path, 100).stream()
                .map(StoredChunk::chunk)
                .map(CommitChunk.class::cast)
                .toList();
    }

    private static IngestSummary ingest(Store store, Path db, Path repo, HistoryOptions history) {
        return Ingester.create(store, embedder, IngestOptions.defaults(db).withHistory(history))
                .ingest(List.of(IngestRequest.of(repo.toString())), p -> {});
    }
}
