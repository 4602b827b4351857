package dev.coderag.chat.http;

import static dev.coderag.chat.http.HttpHelper.body;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coderag.chat.http.HttpHelper.Response;
import dev.coderag.cli.HistoryFixture;
import dev.coderag.cli.IngesterIndexer;
import dev.coderag.embed.Embedder;
import dev.coderag.retrieval.FixtureStore;
import dev.coderag.retrieval.SharedModel;
import dev.coderag.store.Store;
import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 34: questions about the history through the real server ({@code POST /api/chat} on a real port), over a
 * repository whose history the test made with the git CLI — so it knows which commit added {@code parseHeader},
 * which last changed it and which raised the retry limit — indexed by the real ingester and model, its commits
 * written into the real store. No LLM: the extractive answer.
 */
class HistoryQuestionsTest {
    private static Path work;
    private static Path storeDir;
    private static Store store;
    private static ChatServer server;
    private static HttpHelper http;
    private static HistoryFixture repo;

    @BeforeAll
    static void start() throws IOException {
        work = FixtureStore.tempDir("coderag-history-repo-");
        repo = HistoryFixture.create(work);
        Embedder embedder = SharedModel.embedder();
        storeDir = FixtureStore.tempDir("coderag-history-store-");
        store = Store.open(storeDir, embedder.modelId(), embedder.dimension());
        repo.index(store, embedder, storeDir);
        server = ChatServer.start(
                store,
                embedder,
                new IngesterIndexer(store, embedder, List.of(work)),
                ServerOptions.defaults().withPort(0));
        http = new HttpHelper(server);
    }

    @AfterAll
    static void stop() {
        server.close();
        store.close();
        FixtureStore.delete(storeDir);
        FixtureStore.delete(work);
    }

    private static JsonNode ask(String query) {
        Response r = http.postJson("/api/chat", body("query", query));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode json = r.json();
        if (System.getenv("RAG_PRINT_ANSWERS") != null) {
            System.out.println(query + "\n" + json.path("answer").asText() + "\n-----");
        }
        assertThat(json.path("refused").asBoolean()).as(query + ": " + json).isFalse();
        return json;
    }

    private static JsonNode first(JsonNode response) {
        return response.path("sources").path(0);
    }

    @Test
    void when_was_a_method_added_cites_the_commit_that_introduced_it_as_source_1() {
        JsonNode r = ask("When was `parseHeader` added?");
        Map<String, String> sha = repo.shortShas();

        assertThat(r.path("intent").path("name").asText()).isEqualTo("history");
        JsonNode one = first(r);
        assertThat(one.path("kind").asText()).isEqualTo("commit");
        assertThat(one.path("sha").asText()).isEqualTo(repo.shas.get("parseHeader"));
        assertThat(one.path("date").asText()).isEqualTo("2023-05-20");
        assertThat(one.path("author").asText()).isEqualTo("Grace");
        assertThat(one.path("symbol").asText()).isEqualTo("Parse a single header line on its own");
        assertThat(r.path("answer").asText())
                .contains("`parseHeader` was added in commit " + sha.get("parseHeader")
                        + " on 2023-05-20 by Grace [1]: " + "“Parse a single header line on its own”.");
    }

    @Test
    void who_last_changed_a_method_cites_the_newest_commit_that_touched_it() {
        JsonNode r = ask("Who last changed `parseHeader`?");

        JsonNode one = first(r);
        assertThat(one.path("sha").asText()).isEqualTo(repo.shas.get("trim"));
        assertThat(r.path("answer").asText())
                .contains("`parseHeader` was last changed in commit "
                        + repo.shortShas().get("trim") + " on 2024-08-12 by" + " Barbara [1]");
    }

    @Test
    void why_was_something_changed_is_answered_from_the_commit_message() {
        JsonNode r = ask("Why was the retry limit changed?");

        assertThat(first(r).path("sha").asText()).isEqualTo(repo.shas.get("retry"));
        assertThat(r.path("answer").asText())
                .contains("Raise the retry limit to 5")
                .contains("Three retries gave up too early on slow mobile networks");
    }

    @Test
    void a_date_range_keeps_to_the_commits_in_it() {
        JsonNode r = ask("What changed between 2024-08-01 and 2024-08-31?");

        List<String> commitDates = r.path("sources")
                .valueStream()
                .filter(s -> s.path("kind").asText().equals("commit"))
                .map(s -> s.path("date").asText())
                .toList();
        assertThat(commitDates).isNotEmpty().allSatisfy(d -> assertThat(LocalDate.parse(d))
                .isBetween(LocalDate.parse("2024-08-01"), LocalDate.parse("2024-08-31")));
        assertThat(r.path("sources").valueStream().map(s -> s.path("sha").asText()))
                .contains(repo.shas.get("trim"));
    }

    @Test
    void a_code_question_has_no_commit_sources_and_other_kinds_keep_their_json() {
        JsonNode r = ask("How does parseHeader work?");

        assertThat(r.path("intent").path("name").asText()).isNotEqualTo("history");
        assertThat(r.path("sources").valueStream().map(s -> s.path("kind").asText()))
                .isNotEmpty()
                .doesNotContain("commit");
        assertThat(r.path("sources").valueStream())
                .allSatisfy(s -> assertThat(s.has("sha") || s.has("date") || s.has("author"))
                        .isFalse());
        assertThat(r.path("answer").asText()).doesNotContain(repo.shortShas().get("parseHeader"));
    }
}
