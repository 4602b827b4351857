package dev.coderag.chat.http;

import static dev.coderag.chat.http.HttpHelper.body;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coderag.chat.http.HttpHelper.Response;
import dev.coderag.cli.IngesterIndexer;
import dev.coderag.cli.TestGit;
import dev.coderag.ingest.GitPolicy;
import dev.coderag.retrieval.FixtureStore;
import dev.coderag.retrieval.SharedModel;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.Store;
import dev.coderag.types.ChunkKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A repository's life through the real server, the real ingester, real git and a real store (issue 18): added
 * from a git URL with a branch, its skipped files listed, re-indexed from its recorded source and branch, and
 * removed without a trace, through the JSON API and through the page's buttons. The server allows
 * {@code file://} clones ({@code --allow-git-protocol file}) so that a local bare repository stands in for a
 * remote.
 */
class RepoLifecycleTest {
    private static Store store;
    private static Path root;
    private static ChatServer server;
    private static HttpHelper http;

    @BeforeAll
    static void start() throws IOException {
        store = FixtureStore.emptyStore();
        root = FixtureStore.tempDir("coderag-lifecycle-").toRealPath();
        server = ChatServer.start(
                store,
                SharedModel.embedder(),
                new IngesterIndexer(
                        store,
                        SharedModel.embedder(),
                        List.of(root),
                        GitPolicy.network().withProtocols(Set.of("https", "file"))),
                ServerOptions.defaults().withPort(0));
        http = new HttpHelper(server);
    }

    @AfterAll
    static void stop() {
        server.close();
        FixtureStore.delete(root);
    }

    @Test
    void a_branch_is_cloned_stored_and_shown_reindexed_from_it_then_removed_without_a_trace() throws Exception {
        Path work = TestGit.init(root.resolve("lifecycle-work"));
        TestGit.write(work, "src/main_only.py", "def only_on_main():\n    return 1\n");
        TestGit.commitAll(work, "main");
        String main = TestGit.git(work, "rev-parse", "--abbrev-ref", "HEAD").strip();
        TestGit.git(work, "checkout", "-q", "-b", "feature");
        TestGit.write(
                work,
                "src/feature.py",
                "def zanzibar_feature_flag():\n    \"\"\"Turn the feature on.\"\"\"\n    return 42\n");
        TestGit.write(work, "assets/logo.png", "\u0089PNG not really\n");
        TestGit.commitAll(work, "feature");
        TestGit.git(work, "checkout", "-q", main);
        Path bare = root.resolve("lifecycle.git");
        TestGit.git(root, "clone", "--bare", "-q", work.toString(), bare.toString());
        String url = bare.toUri().toString();

        Response added = http.postJson("/api/repos", body("url", url, "name", "mirror", "branch", "feature"));
        assertThat(added.status()).as(added.body()).isEqualTo(202);
        assertThat(added.json().path("branch").asText()).isEqualTo("feature");
        JsonNode ready = awaitReady("mirror");
        assertThat(ready.path("branch").asText()).isEqualTo("feature");
        assertThat(ready.path("files").asInt()).isEqualTo(2); // main_only.py and feature.py
        String firstCommit = ready.path("commit").asText();
        assertThat(http.get("/ui/repos").body()).contains("branch feature");

        JsonNode skipped = http.get("/api/repos/mirror/skipped").json();
        assertThat(skipped.path("skipped").toString())
                .contains("\"path\":\"assets/logo.png\",\"reason\":\"unsupported\"");
        assertThat(http.get("/ui/repos/mirror/skipped").body())
                .contains("assets/logo.png")
                .contains("data-reason=\"unsupported\"");

        // a new commit on the branch; re-index takes the recorded source and branch
        TestGit.git(work, "checkout", "-q", "feature");
        TestGit.write(work, "src/later.py", "def quokka_added_later():\n    return 'later'\n");
        TestGit.commitAll(work, "later");
        TestGit.git(work, "push", "-q", bare.toString(), "feature");
        Response reindex = http.postJson("/api/repos/mirror/reindex", "");
        assertThat(reindex.status()).as(reindex.body()).isEqualTo(202);
        assertThat(reindex.header("Location")).isEqualTo("/api/repos/mirror");
        JsonNode again = awaitReady("mirror");
        assertThat(again.path("commit").asText()).isNotEqualTo(firstCommit);
        assertThat(again.path("branch").asText()).isEqualTo("feature");
        assertThat(again.path("files").asInt()).isEqualTo(3);
        assertThat(hits("quokka_added_later")).contains("mirror");

        Path clone = store.directory().resolve("repos/mirror");
        assertThat(clone).isDirectory();
        Response removed = http.delete("/api/repos/mirror");
        assertThat(removed.status()).as(removed.body()).isEqualTo(200);
        assertThat(removed.json().path("removed").asBoolean()).isTrue();
        assertThat(http.get("/api/repos/mirror").status()).isEqualTo(404);
        assertThat(http.get("/api/repos/mirror/skipped").status()).isEqualTo(404);
        assertThat(http.delete("/api/repos/mirror").status()).isEqualTo(404);
        assertThat(clone).doesNotExist();
        assertThat(store.files().entries("mirror")).isEmpty();
        assertThat(store.repos().skipped("mirror", 10)).isEmpty();
        assertThat(hits("zanzibar_feature_flag quokka_added_later")).doesNotContain("mirror");
        assertThat(http.postJson("/api/chat", body("query", "zanzibar feature flag", "repo", "mirror"))
                        .status())
                .as("unknown repository (or, when no other test left one, an empty store)")
                .isIn(404, 503);
    }

    @Test
    void another_branch_of_a_stored_url_is_queued_shown_and_reindexed_as_its_overlay() throws Exception {
        Path work = TestGit.init(root.resolve("overlay-work"));
        TestGit.write(work, "src/shared.py", "def shared_helper():\n    return 1\n");
        TestGit.commitAll(work, "main");
        String main = TestGit.git(work, "rev-parse", "--abbrev-ref", "HEAD").strip();
        TestGit.git(work, "checkout", "-q", "-b", "topic");
        TestGit.write(work, "src/topic.py", "def marmoset_topic_only():\n    return 2\n");
        TestGit.commitAll(work, "topic");
        TestGit.git(work, "checkout", "-q", main);
        Path bare = root.resolve("overlay.git");
        TestGit.git(root, "clone", "--bare", "-q", work.toString(), bare.toString());
        String url = bare.toUri().toString();
        assertThat(http.postJson("/api/repos", body("url", url, "name", "twob")).status())
                .isEqualTo(202);
        awaitReady("twob");

        Response branch = http.postJson("/api/repos", body("url", url, "name", "twob", "branch", "topic"));
        assertThat(branch.status()).as(branch.body()).isEqualTo(202);
        assertThat(branch.json().path("name").asText()).isEqualTo("twob@topic");
        assertThat(awaitReady("twob@topic").path("branch").asText()).isEqualTo("topic");
        assertThat(store.files().hashes("twob@topic")).containsOnlyKeys("src/topic.py");

        Response reindex = http.postJson("/api/repos/twob@topic/reindex", "");
        assertThat(reindex.status()).as(reindex.body()).isEqualTo(202);
        awaitReady("twob@topic");
        assertThat(http.delete("/api/repos/twob").status()).isEqualTo(200);
        assertThat(store.repos().get("twob@topic")).isEmpty();
    }

    @Test
    void the_pages_buttons_reindex_and_remove_and_answer_with_the_list() throws Exception {
        Path dir = root.resolve("page-repo");
        TestGit.write(dir, "tool.py", "def page_button_tool():\n    return 'x'\n");
        assertThat(http.postForm("/ui/repos", "source", dir.toString(), "name", "page-repo")
                        .status())
                .isEqualTo(200);
        awaitReady("page-repo");
        String list = http.get("/ui/repos").body();
        assertThat(list)
                .contains("hx-post=\"/ui/repos/page-repo/reindex\"")
                .contains("hx-delete=\"/ui/repos/page-repo\"");

        Response reindexed = http.fromPage("POST", "/ui/repos/page-repo/reindex");
        assertThat(reindexed.status()).as(reindexed.body()).isEqualTo(200);
        assertThat(reindexed.body()).contains("data-repo=\"page-repo\"");
        awaitReady("page-repo");

        Response removed = http.fromPage("DELETE", "/ui/repos/page-repo");
        assertThat(removed.status()).as(removed.body()).isEqualTo(200);
        assertThat(removed.body()).doesNotContain("data-repo=\"page-repo\"");
        assertThat(http.get("/api/repos/page-repo").status()).isEqualTo(404);
        assertThat(Files.exists(dir.resolve("tool.py")))
                .as("a local directory is never deleted")
                .isTrue();

        Response unknown = http.fromPage("DELETE", "/ui/repos/page-repo");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body()).contains("unknown repository");
    }

    @Test
    void a_branch_with_a_local_path_or_a_branch_that_looks_like_an_option_is_400() throws IOException {
        Path dir = root.resolve("plain");
        TestGit.write(dir, "a.py", "def a():\n    return 1\n");
        Response withPath = http.postJson("/api/repos", body("path", dir.toString(), "branch", "main"));
        assertThat(withPath.status()).isEqualTo(400);
        assertThat(withPath.json().path("error").asText()).contains("git URLs only");
        Response option = http.postJson(
                "/api/repos", body("url", root.resolve("x.git").toUri().toString(), "branch", "--upload-pack=evil"));
        assertThat(option.status()).isEqualTo(400);
        assertThat(http.postJson("/api/repos/nope/reindex", "").status()).isEqualTo(404);
        assertThat(http.get("/api/repos/nope/skipped").status()).isEqualTo(404);
    }

    // ---------------------------------------------------------------------------------------------------------

    private static JsonNode awaitReady(String name) throws InterruptedException {
        JsonNode s = http.awaitRepo(
                name, r -> r.path("status").asText().matches("ready|error|partial"), Duration.ofMinutes(2));
        assertThat(s.path("status").asText()).as(s.toString()).isEqualTo("ready");
        return s;
    }

    /** The repositories of the code chunks that lexical search finds for {@code query}. */
    private static List<String> hits(String query) {
        return store.lexical().search(ChunkKind.CODE, query, 20, SearchFilter.NONE).stream()
                .map(h -> h.chunk().repo())
                .toList();
    }
}
