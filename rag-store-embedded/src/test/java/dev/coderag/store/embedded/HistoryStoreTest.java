package dev.coderag.store.embedded;

import static dev.coderag.store.embedded.StoreFixtures.DIM;
import static dev.coderag.store.embedded.StoreFixtures.MODEL;
import static dev.coderag.store.embedded.StoreFixtures.axis;
import static dev.coderag.store.embedded.StoreFixtures.code;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.store.HistoryMark;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.Store;
import dev.coderag.store.StoredChunk;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CommitChunk;
import dev.coderag.types.HunkRange;
import dev.coderag.types.Language;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Commit chunks: stored beside a file's chunks, but no part of the file; searched like any table. */
class HistoryStoreTest {
    @TempDir
    Path dir;

    static CommitChunk commit(String sha, String path, long epoch, String subject, String diff) {
        List<HunkRange> hunks = List.of(new HunkRange(3, 1, 3, 2));
        int[] span = CommitChunk.span(hunks, CommitChunk.Change.MODIFIED);
        return new CommitChunk(
                "r",
                path,
                "",
                Language.JAVA,
                sha,
                "Ada",
                epoch,
                subject,
                "Because the old parser dropped trailing input.",
                CommitChunk.Change.MODIFIED,
                hunks,
                diff,
                2,
                1,
                "",
                List.of("parse"),
                List.of(),
                span[0],
                span[1],
                MODEL);
    }

    static String sha(char c) {
        return String.valueOf(c).repeat(40);
    }

    @Test
    void a_files_history_survives_its_reindexing_and_is_not_part_of_the_file() {
        try (Store store = Store.open(dir, MODEL, DIM)) {
            try (WriteTransaction tx = store.begin()) {
                tx.putFile("r", "src/Parser.java", "h1");
                tx.insert(code("r", "src/Parser.java", "parse", "int parse() { return 1; }", 3, List.of()), axis(0, 0));
                tx.insert(commit(sha('a'), "src/Parser.java", 1_000, "Parse trailing input", "+x\n-y"), axis(1, 0));
                tx.insert(commit(sha('b'), "src/Parser.java", 2_000, "Speed up the tokenizer", "+z"), null);
                tx.putHistory("r", new HistoryMark(sha('b'), 2, 2000));
                tx.commit();
            }
            assertThat(store.files().entries("r").get("src/Parser.java").chunkIds())
                    .hasSize(1);
            assertThat(store.chunks().byPath("Parser.java", Optional.of("r")))
                    .extracting(s -> s.chunk().kind())
                    .containsOnly(ChunkKind.CODE);
            assertThat(store.lexical().search(ChunkKind.COMMIT, "tokenizer", 5, SearchFilter.repo("r")))
                    .extracting(s -> ((CommitChunk) s.chunk()).sha())
                    .containsExactly(sha('b'));
            assertThat(store.vectors().search(ChunkKind.COMMIT, axis(1, 0), 5, SearchFilter.NONE))
                    .extracting(s -> ((CommitChunk) s.chunk()).sha())
                    .containsExactly(sha('a'));

            try (WriteTransaction tx = store.begin()) {
                tx.deleteFile("r", "src/Parser.java");
                tx.commit();
            }
            assertThat(store.files().entries("r")).isEmpty();
            assertThat(store.history().ofFile("r", "src/Parser.java", 10))
                    .extracting(s -> ((CommitChunk) s.chunk()).sha())
                    .containsExactly(sha('b'), sha('a'));
            assertThat(store.history().mark("r")).contains(new HistoryMark(sha('b'), 2, 2000));
        }
    }

    @Test
    void a_commit_is_found_by_a_unique_prefix_of_its_id_and_deleting_the_history_keeps_the_code() {
        try (Store store = Store.open(dir, MODEL, DIM)) {
            String one = "1234567" + "a".repeat(33);
            String two = "1234567" + "b".repeat(33);
            try (WriteTransaction tx = store.begin()) {
                tx.putFile("r", "A.java", "h");
                tx.insert(code("r", "A.java", "a", "void a() {}", 1, List.of()), axis(0, 0));
                tx.insert(commit(one, "A.java", 10, "one", "+a"), null);
                tx.insert(commit(one, "B.java", 10, "one", "+b"), null);
                tx.insert(commit(two, "A.java", 20, "two", "+c"), null);
                tx.putHistory("r", new HistoryMark(two, 2, 0));
                tx.commit();
            }
            assertThat(store.history().commit("r", "1234567a", 10))
                    .extracting(s -> s.chunk().path())
                    .containsExactly("A.java", "B.java");
            assertThat(store.history().commit("r", "1234567", 10))
                    .as("ambiguous")
                    .isEmpty();
            assertThat(store.history().commit("r", "not hex", 10)).isEmpty();

            try (WriteTransaction tx = store.begin()) {
                tx.deleteHistory("r");
                tx.commit();
            }
            assertThat(store.history().ofFile("r", "A.java", 10)).isEmpty();
            assertThat(store.history().mark("r")).isEmpty();
            assertThat(store.chunks().byPath("A.java", Optional.of("r"))).hasSize(1);
            assertThat(store.lexical().search(ChunkKind.COMMIT, "one", 5, SearchFilter.NONE))
                    .isEmpty();
        }
    }

    @Test
    void removing_the_repository_removes_its_history() {
        try (Store store = Store.open(dir, MODEL, DIM)) {
            try (WriteTransaction tx = store.begin()) {
                tx.insert(commit(sha('c'), "A.java", 10, "one", "+a"), null);
                tx.putHistory("r", new HistoryMark(sha('c'), 1, 0));
                tx.commit();
            }
            try (WriteTransaction tx = store.begin()) {
                tx.deleteRepo("r");
                tx.commit();
            }
            List<StoredChunk> left = store.history().ofFile("r", "A.java", 10);
            assertThat(left).isEmpty();
            assertThat(store.history().mark("r")).isEmpty();
        }
    }
}
