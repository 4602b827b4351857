package dev.coderag.chat.http;

import static dev.coderag.chat.http.HttpHelper.body;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coderag.chat.ChatException;
import dev.coderag.chat.http.HttpHelper.Response;
import dev.coderag.chat.repos.Indexer;
import dev.coderag.chat.repos.RepoManager;
import dev.coderag.chat.repos.RepoStatus;
import dev.coderag.cli.IngesterIndexer;
import dev.coderag.retrieval.FixtureStore;
import dev.coderag.retrieval.SharedModel;
import dev.coderag.store.Store;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What the network may index (issue 12), through the real server on a real port over a real store, with the
 * real ingester and git: a name taken by another source, local paths outside the allowed roots, a bounded job
 * queue, remembered jobs pruned, credentials in URLs never shown, git transports other than https refused.
 * The queue tests use an {@link Indexer} that holds or fails its ingests on cue, so "queued" is a state the test
 * controls rather than a race it hopes to win.
 */
class RepoSecurityTest {
    private static Store store;
    private static Path root;
    private static Path outside;
    private static ChatServer server;
    private static HttpHelper http;

    @BeforeAll
    static void start() throws IOException {
        store = FixtureStore.emptyStore();
        root = FixtureStore.tempDir("coderag-allowed-").toRealPath();
        outside = FixtureStore.tempDir("coderag-outside-").toRealPath();
        Files.writeString(outside.resolve("secret.py"), "def secret():\n    return 'do not index me'\n");
        server = ChatServer.start(
                store,
                SharedModel.embedder(),
                new IngesterIndexer(store, SharedModel.embedder(), List.of(root)),
                ServerOptions.defaults().withPort(0));
        http = new HttpHelper(server);
    }

    @AfterAll
    static void stop() {
        server.close();
        FixtureStore.delete(root);
        FixtureStore.delete(outside);
    }

    private static Path repo(String name, String function) throws IOException {
        Path dir = Files.createDirectories(root.resolve(name));
        Files.writeString(dir.resolve("main.py"), "def " + function + "():\n    return 1\n");
        return dir;
    }

    /** Polls the status endpoint as a client would until {@code done} holds (bounded). */
    private static JsonNode awaitFinished(HttpHelper client, String name) throws InterruptedException {
        return client.awaitRepo(name, s -> s.path("status").asText().matches("ready|error"), Duration.ofMinutes(2));
    }

    // --- 1. a name already indexed from another source -------------------------------------------------------

    @Test
    void a_name_taken_by_another_source_is_a_conflict_unless_the_request_says_replace() throws Exception {
        Path first = repo("first", "first_function");
        Path second = repo("second", "second_function");
        assertThat(http.postJson("/api/repos", body("path", first.toString(), "name", "shared"))
                        .status())
                .isEqualTo(202);
        assertThat(awaitFinished(http, "shared").path("status").asText()).isEqualTo("ready");

        Response taken = http.postJson("/api/repos", body("path", second.toString(), "name", "shared"));
        assertThat(taken.status()).as(taken.body()).isEqualTo(409);
        assertThat(taken.json().path("error").asText())
                .contains("already indexed from another source")
                .contains("replace")
                .doesNotContain("\n");
        Response form = http.postForm("/ui/repos", "source", second.toString(), "name", "shared");
        assertThat(form.status()).isEqualTo(409);
        assertThat(http.get("/api/repos/shared").json().path("source").asText()).isEqualTo(first.toString());

        // the same source under the same name: re-indexing stays allowed
        assertThat(http.postJson("/api/repos", body("path", first.toString(), "name", "shared"))
                        .status())
                .isEqualTo(202);
        assertThat(awaitFinished(http, "shared").path("status").asText()).isEqualTo("ready");

        Response replaced =
                http.postJson("/api/repos", body("path", second.toString(), "name", "shared", "replace", true));
        assertThat(replaced.status()).as(replaced.body()).isEqualTo(202);
        JsonNode now = http.awaitRepo(
                "shared",
                s -> s.path("status").asText().equals("error")
                        || s.path("status").asText().equals("ready")
                                && s.path("source").asText().equals(second.toString()),
                Duration.ofMinutes(2));
        assertThat(now.path("source").asText()).isEqualTo(second.toString());
        assertThat(now.path("status").asText()).isEqualTo("ready");

        // and the form says replace with a field
        Response formReplace =
                http.postForm("/ui/repos", "source", first.toString(), "name", "shared", "replace", "on");
        assertThat(formReplace.status()).isEqualTo(200);
        JsonNode back = http.awaitRepo(
                "shared",
                s -> s.path("status").asText().equals("error")
                        || s.path("status").asText().equals("ready")
                                && s.path("source").asText().equals(first.toString()),
                Duration.ofMinutes(2));
        assertThat(back.path("source").asText()).isEqualTo(first.toString());

        assertThat(http.postJson("/api/repos", body("path", first.toString(), "replace", "yes"))
                        .status())
                .isEqualTo(400);
    }

    // --- 2. local paths only under the allowed roots ---------------------------------------------------------

    @Test
    void local_paths_outside_the_allowed_roots_are_forbidden_symlinks_and_all() throws Exception {
        Response direct = http.postJson("/api/repos", body("path", outside.toString(), "name", "stolen"));
        assertThat(direct.status()).as(direct.body()).isEqualTo(403);
        assertThat(direct.json().path("error").asText()).contains("outside").doesNotContain("\n");

        Path link = Files.createSymbolicLink(root.resolve("innocent-link"), outside);
        assertThat(http.postJson("/api/repos", body("path", link.toString(), "name", "stolen"))
                        .status())
                .isEqualTo(403);
        assertThat(http.postJson("/api/repos", body("path", root + "/../" + outside.getFileName()))
                        .status())
                .isEqualTo(403);
        assertThat(http.postJson("/api/repos", body("path", "~")).status()).isEqualTo(403);
        // a path that does not exist outside the roots: the same 403, so the API is no oracle for the disk
        assertThat(http.postJson(
                                "/api/repos",
                                body("path", outside.resolve("nope").toString()))
                        .status())
                .isEqualTo(403);
        Response form = http.postForm("/ui/repos", "source", outside.toString());
        assertThat(form.status()).isEqualTo(403);
        assertThat(form.body()).contains("outside");
        assertThat(http.get("/api/repos/stolen").status()).isEqualTo(404);

        // inside: a missing directory is the usual 400, an existing one is indexed
        assertThat(http.postJson("/api/repos", body("path", root.resolve("nope").toString()))
                        .status())
                .isEqualTo(400);
        Path inside = repo("inside", "inside_function");
        assertThat(http.postJson("/api/repos", body("path", inside.toString())).status())
                .isEqualTo(202);
        assertThat(awaitFinished(http, "inside").path("status").asText()).isEqualTo("ready");
    }

    @Test
    void with_no_allowed_roots_no_local_path_is_indexed() throws IOException {
        Store other = FixtureStore.emptyStore();
        try (ChatServer closed = ChatServer.start(
                other,
                SharedModel.embedder(),
                new IngesterIndexer(other, SharedModel.embedder(), List.of()),
                ServerOptions.defaults().withPort(0))) {
            Response r = new HttpHelper(closed)
                    .postJson("/api/repos", body("path", repo("any", "f").toString()));
            assertThat(r.status()).isEqualTo(403);
            assertThat(r.json().path("error").asText()).contains("--allow-path");
        }
    }

    // --- 5. credentials in URLs are never shown ----------------------------------------------------------------

    @Test
    void credentials_in_a_git_url_are_never_shown() throws Exception {
        // port 1 on loopback: the clone fails fast, after the URL went through every place that shows it
        String url = "https://alice:s3cret-t0ken@127.0.0.1:1/owner/private.git";
        Response r = http.postJson("/api/repos", body("url", url, "name", "private"));
        assertThat(r.status()).as(r.body()).isEqualTo(202);
        assertThat(r.body()).doesNotContain("s3cret").contains("https://***@127.0.0.1:1/owner/private.git");
        assertThat(http.get("/api/repos").body()).doesNotContain("s3cret");
        assertThat(http.get("/ui/repos").body()).doesNotContain("s3cret");

        JsonNode failed = awaitFinished(http, "private");
        assertThat(failed.path("status").asText()).isEqualTo("error");
        assertThat(failed.toString()).doesNotContain("s3cret");
        assertThat(failed.path("last_error").asText()).contains("***@");
        assertThat(http.get("/api/repos").body()).doesNotContain("s3cret");
        assertThat(http.get("/ui/repos").body()).doesNotContain("s3cret");
        Response refused = http.postJson("/api/repos", body("url", "ssh://bob:hunter2@example.com/r.git"));
        assertThat(refused.body()).doesNotContain("hunter2");
    }

    // --- 4. network clones: https only ---------------------------------------------------------------------------

    @Test
    void git_transports_other_than_https_are_refused_for_the_network() {
        for (String url : List.of("ssh://git@example.com/owner/repo.git", "git@github.com:owner/repo.git")) {
            Response r = http.postJson("/api/repos", body("url", url));
            assertThat(r.status()).as(url).isEqualTo(400);
            assertThat(r.json().path("error").asText()).contains("only over https");
        }
        Response form = http.postForm("/ui/repos", "source", "git@github.com:owner/repo.git");
        assertThat(form.status()).isEqualTo(400);
    }

    @Test
    void a_repository_with_a_gigabyte_gitignore_ends_in_error_within_seconds_and_can_be_removed() throws Exception {
        Path dir = repo("rag-oom", "never_indexed");
        try (java.io.RandomAccessFile f =
                new java.io.RandomAccessFile(dir.resolve(".gitignore").toFile(), "rw")) {
            f.setLength(1_200_000_000L); // sparse, as the issue's; a git clone of a few KB can make the same
        }
        long start = System.nanoTime();
        assertThat(http.postJson("/api/repos", body("path", dir.toString())).status())
                .isEqualTo(202);
        JsonNode failed = http.awaitRepo(
                "rag-oom", s -> s.path("status").asText().matches("ready|error"), Duration.ofSeconds(10));
        assertThat(failed.path("status").asText()).as(failed.toString()).isEqualTo("error");
        assertThat(System.nanoTime() - start).isLessThan(Duration.ofSeconds(10).toNanos());
        assertThat(failed.path("last_error").asText()).contains(".gitignore").doesNotContain("\n");
        Response removed = http.delete("/api/repos/rag-oom");
        assertThat(removed.status()).as(removed.body()).isEqualTo(200);
        assertThat(http.get("/api/repos/rag-oom").status()).isEqualTo(404);
    }

    @Test
    void a_directory_swapped_for_a_symlink_after_the_request_is_refused_when_the_ingest_runs() throws Exception {
        IngesterIndexer indexer = new IngesterIndexer(store, SharedModel.embedder(), List.of(root));
        Path dir = repo("swapped", "allowed_function");
        Indexer.Target target = indexer.resolve(
                Optional.of(dir.toString()), Optional.empty(), Optional.empty(), Optional.empty(), false);
        FixtureStore.delete(dir);
        Files.createSymbolicLink(dir, outside); // after the check, before the job runs
        assertThatThrownBy(() -> indexer.index(target, p -> {}, () -> false))
                .isInstanceOf(ChatException.class)
                .hasMessageContaining("outside");
        assertThat(store.repos().get("swapped")).isEmpty();
    }

    @Test
    void a_directory_inside_the_store_is_never_indexed() throws Exception {
        Store own = FixtureStore.emptyStore();
        Path inside = Files.createDirectories(own.directory().resolve("inside"));
        Files.writeString(inside.resolve("main.py"), "def f():\n    return 1\n");
        IngesterIndexer indexer = new IngesterIndexer(own, SharedModel.embedder(), List.of(own.directory()));
        Indexer.Target target = indexer.resolve(
                Optional.of(inside.toString()), Optional.empty(), Optional.empty(), Optional.empty(), false);
        assertThatThrownBy(() -> indexer.index(target, p -> {}, () -> false))
                .isInstanceOf(ChatException.class)
                .hasMessageContaining("inside the store");
        assertThat(own.repos().get("inside")).isEmpty();
    }

    // --- 3. a bounded queue, bounded memory ------------------------------------------------------------------

    /** Checks requests like the real one (names only) and holds or fails ingests on cue. */
    private static final class CuedIndexer implements Indexer {
        final CountDownLatch release = new CountDownLatch(1);

        @Override
        public Target resolve(
                Optional<String> path,
                Optional<String> url,
                Optional<String> name,
                Optional<String> branch,
                boolean replace) {
            String n = name.orElseThrow();
            return new Target(n, "/cued/" + n, "/cued/" + n, branch, replace);
        }

        @Override
        public boolean remove(String repo) {
            return true;
        }

        @Override
        public boolean isGitUrl(String source) {
            return false;
        }

        @Override
        public void index(Target target, Consumer<RepoStatus.Progress> progress, BooleanSupplier stop) {
            if (target.name().startsWith("fail-")) {
                throw new ChatException(ChatException.Reason.INDEXING_FAILED, "cued failure");
            }
            if (target.name().startsWith("oom-")) {
                throw new OutOfMemoryError("Java heap space"); // what reading a 1 GB ignore file whole did
            }
            if (target.name().startsWith("deep-")) {
                throw new StackOverflowError();
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            try {
                // as the real ingester does: work in steps, asking whether to stop between them
                while (!release.await(20, TimeUnit.MILLISECONDS)) {
                    if (stop.getAsBoolean()) {
                        throw new ChatException(ChatException.Reason.INDEXING_FAILED, "stopped: kept 0 files");
                    }
                    if (System.nanoTime() - deadline > 0) {
                        throw new ChatException(ChatException.Reason.INDEXING_FAILED, "never released");
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public Path checkout(String repo) {
            return Path.of("/cued", repo);
        }
    }

    @Test
    void more_than_the_queue_holds_is_429_with_retry_after_until_the_queue_drains() throws Exception {
        CuedIndexer indexer = new CuedIndexer();
        try (ChatServer busy = ChatServer.start(
                store, SharedModel.embedder(), indexer, ServerOptions.defaults().withPort(0))) {
            HttpHelper client = new HttpHelper(busy);
            for (int i = 0; i < RepoManager.MAX_PENDING; i++) {
                Response r = client.postJson("/api/repos", body("path", "/x", "name", "held-" + i));
                assertThat(r.status()).as("job %d: %s", i, r.body()).isEqualTo(202);
            }
            HttpResponse<String> refused = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + busy.port() + "/api/repos"))
                                    .header("Content-Type", "application/json")
                                    .POST(HttpRequest.BodyPublishers.ofString(body("path", "/x", "name", "one-more")))
                                    .timeout(Duration.ofSeconds(30))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertThat(refused.statusCode()).isEqualTo(429);
            assertThat(refused.headers().firstValue("Retry-After"))
                    .hasValueSatisfying(v -> assertThat(Integer.parseInt(v)).isPositive());
            assertThat(refused.body()).contains("try again later");
            Response form = client.postForm("/ui/repos", "source", "/x", "name", "one-more");
            assertThat(form.status()).isEqualTo(429);
            assertThat(client.get("/api/repos/one-more").status()).isEqualTo(404);

            indexer.release.countDown();
            for (int i = 0; i < RepoManager.MAX_PENDING; i++) {
                assertThat(awaitFinished(client, "held-" + i).path("status").asText())
                        .isEqualTo("ready");
            }
            assertThat(client.postJson("/api/repos", body("path", "/x", "name", "one-more"))
                            .status())
                    .isEqualTo(202);
        } finally {
            indexer.release.countDown();
        }
    }

    @Test
    void a_repository_being_indexed_or_queued_is_cancelled_by_delete_and_a_failed_one_can_be_forgotten()
            throws Exception {
        CuedIndexer indexer = new CuedIndexer();
        Store empty = FixtureStore.emptyStore();
        try (ChatServer server = ChatServer.start(
                empty, SharedModel.embedder(), indexer, ServerOptions.defaults().withPort(0))) {
            HttpHelper client = new HttpHelper(server);
            assertThat(client.postJson("/api/repos", body("path", "/x", "name", "held"))
                            .status())
                    .isEqualTo(202);
            assertThat(client.postJson("/api/repos", body("path", "/x", "name", "queued"))
                            .status())
                    .isEqualTo(202);
            assertThat(client.postJson("/api/repos/held/reindex", "").status())
                    .as("not in the store yet")
                    .isEqualTo(404);
            // a running ingest that would hold its slot for a minute: DELETE stops it and removes the repository
            Response running = client.delete("/api/repos/held");
            assertThat(running.status()).as(running.body()).isEqualTo(200);
            assertThat(client.get("/api/repos/held").status()).isEqualTo(404);
            Response queued = client.fromPage("DELETE", "/ui/repos/queued");
            assertThat(queued.status()).as(queued.body()).isEqualTo(200);
            assertThat(client.get("/api/repos/queued").status()).isEqualTo(404);
            assertThat(client.get("/api/repos").json().path("repos").size()).isZero();

            assertThat(client.postJson("/api/repos", body("path", "/x", "name", "fail-once"))
                            .status())
                    .isEqualTo(202);
            indexer.release.countDown();
            assertThat(awaitFinished(client, "fail-once").path("status").asText())
                    .isEqualTo("error");
            Response forgotten = client.delete("/api/repos/fail-once");
            assertThat(forgotten.status()).as(forgotten.body()).isEqualTo(200);
            assertThat(client.get("/api/repos/fail-once").status()).isEqualTo(404);
        } finally {
            indexer.release.countDown();
        }
    }

    @Test
    void an_ingest_that_throws_an_error_ends_in_error_with_one_line_and_frees_its_slot() throws Exception {
        CuedIndexer indexer = new CuedIndexer();
        indexer.release.countDown();
        try (ChatServer server = ChatServer.start(
                FixtureStore.emptyStore(),
                SharedModel.embedder(),
                indexer,
                ServerOptions.defaults().withPort(0))) {
            HttpHelper client = new HttpHelper(server);
            for (String name : List.of("oom-1", "deep-1")) {
                assertThat(client.postJson("/api/repos", body("path", "/x", "name", name))
                                .status())
                        .isEqualTo(202);
                JsonNode failed = awaitFinished(client, name);
                assertThat(failed.path("status").asText()).isEqualTo("error");
                assertThat(failed.path("last_error").asText())
                        .contains(name.startsWith("oom") ? "out of memory" : "StackOverflowError")
                        .doesNotContain("\n");
                assertThat(client.delete("/api/repos/" + name).status()).isEqualTo(200);
            }
            // every slot is free again: a full queue's worth is accepted
            for (int i = 0; i < RepoManager.MAX_PENDING; i++) {
                assertThat(client.postJson("/api/repos", body("path", "/x", "name", "after-" + i))
                                .status())
                        .isEqualTo(202);
            }
        }
    }

    @Test
    void an_ingest_past_its_limit_is_stopped_and_says_why() throws Exception {
        CuedIndexer indexer = new CuedIndexer();
        try (ChatServer server = ChatServer.start(
                FixtureStore.emptyStore(),
                SharedModel.embedder(),
                indexer,
                ServerOptions.defaults().withPort(0).withJobLimit(Duration.ofMillis(300)))) {
            HttpHelper client = new HttpHelper(server);
            assertThat(client.postJson("/api/repos", body("path", "/x", "name", "slow"))
                            .status())
                    .isEqualTo(202);
            JsonNode failed = awaitFinished(client, "slow");
            assertThat(failed.path("status").asText()).isEqualTo("error");
            assertThat(failed.path("last_error").asText()).contains("limit").doesNotContain("\n");
        } finally {
            indexer.release.countDown();
        }
    }

    @Test
    void finished_jobs_are_forgotten_beyond_the_last_few() throws Exception {
        CuedIndexer indexer = new CuedIndexer();
        Store empty = FixtureStore.emptyStore();
        try (ChatServer server = ChatServer.start(
                empty, SharedModel.embedder(), indexer, ServerOptions.defaults().withPort(0))) {
            HttpHelper client = new HttpHelper(server);
            int jobs = RepoManager.KEEP_FINISHED + 2 * RepoManager.MAX_PENDING;
            for (int i = 0; i < jobs; i++) {
                Response r = client.postJson("/api/repos", body("path", "/x", "name", "fail-" + i));
                assertThat(r.status()).as(r.body()).isEqualTo(202);
                assertThat(awaitFinished(client, "fail-" + i).path("status").asText())
                        .isEqualTo("error");
            }
            JsonNode listed = client.get("/api/repos").json().path("repos");
            assertThat(listed.size()).isEqualTo(RepoManager.KEEP_FINISHED);
            // the newest are the ones kept
            assertThat(client.get("/api/repos/fail-" + (jobs - 1)).status()).isEqualTo(200);
            assertThat(client.get("/api/repos/fail-0").status()).isEqualTo(404);
        } finally {
            indexer.release.countDown();
        }
    }
}
