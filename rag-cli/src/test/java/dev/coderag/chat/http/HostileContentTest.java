package dev.coderag.chat.http;

import static dev.coderag.chat.http.HttpHelper.body;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.coderag.chat.http.HttpHelper.Response;
import dev.coderag.cli.IngesterIndexer;
import dev.coderag.retrieval.FixtureStore;
import dev.coderag.retrieval.SharedModel;
import dev.coderag.store.Store;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Hostile questions and a hostile repository against the real server on a real port: questions built to make
 * a backtracking matcher recurse or loop, a README that quotes {@code [1,1,1,…]} (which used to break every
 * answer citing it), and a .gitignore pattern that used to backtrack for minutes while holding the write lock.
 * Every request gets an answer or a one-line 4xx, never a 500.
 */
class HostileContentTest {
    private static final String NAME = "hostile";

    private static Path repo;
    private static Path db;
    private static Store store;
    private static ChatServer server;
    private static HttpHelper http;

    @BeforeAll
    static void start() throws IOException {
        repo = FixtureStore.tempDir("coderag-hostile-");
        Files.writeString(
                repo.resolve("README.md"),
                "# Installer\n\nRun the installer with the flags [" + "1,".repeat(5_000) + "1] to set it up.\n");
        Files.writeString(repo.resolve(".gitignore"), "*a*a*a*a*a*a*a*a*a*a*a*a*c\n");
        Files.writeString(repo.resolve("a".repeat(200) + ".txt"), "nothing to see\n");
        Files.createDirectories(repo.resolve("src"));
        Files.writeString(
                repo.resolve("src/installer.py"),
                "def run_installer(flags):\n    \"\"\"Runs the installer with the given flags.\"\"\"\n    return flags\n");
        db = FixtureStore.tempDir("coderag-hostile-db-");
        store = Store.open(
                db, SharedModel.embedder().modelId(), SharedModel.embedder().dimension());
        server = ChatServer.start(
                store,
                SharedModel.embedder(),
                new IngesterIndexer(store, SharedModel.embedder(), List.of(repo)),
                ServerOptions.defaults().withPort(0));
        http = new HttpHelper(server);
    }

    @AfterAll
    static void stop() {
        server.close();
        store.close();
        FixtureStore.delete(repo);
        FixtureStore.delete(db);
    }

    /** Adds the hostile repository through the API once (both tests need it indexed). */
    private static synchronized void indexOnce() {
        if (store.repos().get(NAME).isPresent()) {
            return;
        }
        Response added = http.postJson("/api/repos", body("path", repo.toString(), "name", NAME));
        assertThat(added.status()).as(added.body()).isEqualTo(202);
        // the old regex translation of that pattern ran for minutes against the 200-character name
        String status = assertTimeoutPreemptively(
                Duration.ofSeconds(90), () -> http.awaitRepoSettled(NAME, Duration.ofSeconds(90)));
        assertThat(status).isEqualTo("ready");
    }

    @Test
    void a_repository_with_a_pathological_gitignore_and_a_poisoned_readme_is_indexed_and_answered_from() {
        indexOnce();
        assertThat(store.files().entries(NAME)).containsKey("src/installer.py");

        Response answer = http.postJson("/api/chat", body("query", "How do I run the installer with flags?"));
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        assertThat(answer.json().path("answer").asText()).isNotBlank();
        assertThat(answer.json().path("sources").toString()).contains("README.md");
    }

    @Test
    void hostile_questions_get_an_answer_or_a_one_line_4xx_never_a_500() {
        indexOnce();
        List<String> questions = List.of(
                "a.".repeat(2_500),
                "a.b.".repeat(7_000),
                "[" + "1,".repeat(2_500) + "1]",
                "at " + "a.".repeat(5_000) + "(Foo.java:1)",
                "x".repeat(30_000),
                "(".repeat(10_000),
                "`".repeat(9_999),
                "/".repeat(20_000) + ".java");
        for (String q : questions) {
            Response r = assertTimeoutPreemptively(
                    Duration.ofSeconds(60), () -> http.postJson("/api/chat", body("query", q)));
            assertThat(r.status()).as("%.40s…: %s", q, r.body()).isLessThan(500);
            if (r.status() >= 400) {
                assertThat(r.json().path("error").asText())
                        .doesNotContain("Exception")
                        .doesNotContain("\n");
            }
        }
    }
}
