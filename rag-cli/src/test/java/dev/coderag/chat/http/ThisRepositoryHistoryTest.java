package dev.coderag.chat.http;

import static dev.coderag.chat.http.HttpHelper.body;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coderag.chat.http.HttpHelper.Response;
import dev.coderag.cli.ChatCli;
import dev.coderag.cli.IngesterIndexer;
import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.IngestSummary;
import dev.coderag.ingest.Ingester;
import dev.coderag.ingest.ProgressListener;
import dev.coderag.store.Store;
import dev.coderag.store.VectorTier;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 34 over this repository itself, ingested as a user would (its own git history read by the ingest): "when
 * was a method added?" through {@code POST /api/chat} on a real port and through {@code ./rag ask} cites the commit
 * that introduced it as source [1]. The oracle is git ({@code git log -S} over the method's declaration), not the
 * store.
 */
class ThisRepositoryHistoryTest {
    private static final String REPO = "coderag";
    private static final String FILE = "rag-retrieval/src/main/java/dev/coderag/retrieval/Scope.java";
    private static final String QUESTION = "When was `Scope.withHistory` added?";

    @TempDir
    static Path tmp;

    private static Embedder embedder;
    private static Store store;
    private static ChatServer server;
    private static HttpHelper http;
    private static String introduced;

    @BeforeAll
    static void ingestThisRepository() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        assertThat(Files.isRegularFile(root.resolve(FILE)))
                .as("run from the rag-cli module of a checkout")
                .isTrue();
        introduced = git(
                        root,
                        "log",
                        "--no-merges",
                        "--reverse",
                        "--format=%H",
                        "-S",
                        "public Scope withHistory()",
                        "--",
                        FILE)
                .lines()
                .findFirst()
                .orElseThrow(() -> new AssertionError("git knows no commit adding Scope.withHistory"));
        embedder = Embedder.openTwoTier(EmbeddingModel.BGE_SMALL_INT8);
        store = Store.open(tmp.resolve("store"), embedder.modelId(), embedder.dimension());
        IngestSummary summary = Ingester.create(
                        store,
                        embedder,
                        IngestOptions.defaults(store.directory())
                                .withVectors(VectorTier.STATIC)
                                .withResolve(false))
                .ingest(
                        List.of(new IngestRequest(root.toString(), Optional.of(REPO), Optional.empty())),
                        ProgressListener.NONE);
        assertThat(summary.commits()).as("this checkout's history was read").isPositive();
        server = ChatServer.start(
                store,
                embedder,
                new IngesterIndexer(store, embedder, List.of()),
                ServerOptions.defaults().withPort(0));
        http = new HttpHelper(server);
    }

    @AfterAll
    static void close() {
        server.close();
        store.close();
        embedder.close();
    }

    @Test
    void api_chat_cites_the_commit_that_added_the_method_as_source_1() {
        Response r = http.postJson("/api/chat", body("query", QUESTION, "repo", REPO));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode first = r.json().path("sources").path(0);
        assertThat(first.path("kind").asText()).as(r.body()).isEqualTo("commit");
        assertThat(first.path("sha").asText()).isEqualTo(introduced);
        assertThat(r.json().path("answer").asText())
                .contains(introduced.substring(0, 7))
                .contains("[1]");
    }

    @Test
    void rag_ask_prints_the_commit_that_added_the_method_as_source_1() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        // ./rag ask opens the store itself, as a second process would beside the server
        int code = ChatCli.run(
                new String[] {"ask", "--db", tmp.resolve("store").toString(), "--repo", REPO, QUESTION},
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(text).contains("  [1] " + introduced.substring(0, 7) + " ");
    }

    private static String git(Path dir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>(List.of("git", "-C", dir.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        return out;
    }
}
