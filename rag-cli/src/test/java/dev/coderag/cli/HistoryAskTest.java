package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.embed.Embedder;
import dev.coderag.retrieval.SharedModel;
import dev.coderag.store.Store;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./rag ask} in process on a question about the history of a repository the test made with git. */
class HistoryAskTest {
    @TempDir
    static Path dir;

    private static HistoryFixture repo;

    @BeforeAll
    static void index() throws IOException {
        repo = HistoryFixture.create(dir.resolve("work"));
        Embedder embedder = SharedModel.embedder();
        Path db = dir.resolve("db");
        try (Store store = Store.open(db, embedder.modelId(), embedder.dimension())) {
            repo.index(store, embedder, db);
        }
    }

    @Test
    void ask_prints_the_commit_that_added_a_method_as_source_1_with_id_date_author_and_subject() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ChatCli.run(
                new String[] {"ask", "When was `parseHeader` added?"},
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of("RAG_DB", dir.resolve("db").toString()));
        String text = out.toString(StandardCharsets.UTF_8);

        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        String sha = repo.shortShas().get("parseHeader");
        assertThat(text)
                .contains("`parseHeader` was added in commit " + sha + " on 2023-05-20 by Grace [1]")
                .contains("  [1] " + sha + " 2023-05-20 Grace — Parse a single header line on its own ("
                        + HistoryFixture.PARSER + ")");
        assertThat(text.strip().lines().toList().getLast()).startsWith("intent: history (");
    }
}
