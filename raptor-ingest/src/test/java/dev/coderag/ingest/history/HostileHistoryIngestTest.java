package dev.coderag.ingest.history;

import static dev.coderag.ingest.history.HistoryFixture.git;
import static dev.coderag.ingest.history.HistoryFixture.init;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.IngestSummary;
import dev.coderag.ingest.Ingester;
import dev.coderag.store.HistoryMark;
import dev.coderag.store.Store;
import dev.coderag.types.CommitChunk;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile histories through the whole ingest: 100,000 tiny commits are read only as deep as {@code --history}
 * says, a 100 MB diff is summarised (not stored, not held), and a message of HTML and control characters is stored
 * as text without the control characters (the page escapes it: rag-cli's BrowserIT).
 */
class HostileHistoryIngestTest {
    private static Embedder embedder;

    @BeforeAll
    static void model() {
        embedder = Embedder.openTwoTier(EmbeddingModel.BGE_SMALL_INT8);
    }

    @AfterAll
    static void close() {
        embedder.close();
    }

    @Test
    void a_hundred_thousand_tiny_commits_are_read_as_deep_as_the_option_says(@TempDir Path tmp) throws Exception {
        Path repo = init(tmp.resolve("tiny"));
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        int commits = 100_000;
        for (int i = 1; i <= commits; i++) {
            String msg = "tiny " + i + "\n";
            String content = "version " + i + "\n";
            stream.writeBytes(("commit refs/heads/main\ncommitter T <t@x> " + (1_600_000_000L + i) + " +0000\n"
                            + "data " + msg.length() + "\n" + msg + "M 100644 inline f" + (i % 50) + ".txt\ndata "
                            + content.length() + "\n" + content + "\n")
                    .getBytes(StandardCharsets.US_ASCII));
        }
        git(repo, Map.of(), stream.toByteArray(), "fast-import", "--quiet");
        git(repo, "reset", "-q", "--hard", "main");
        Path db = tmp.resolve("store");
        try (Store store = Store.open(db, embedder.modelId(), embedder.dimension())) {
            long t0 = System.nanoTime();
            IngestSummary summary = ingest(store, db, repo, HistoryOptions.DEFAULT);
            Duration took = Duration.ofNanos(System.nanoTime() - t0);
            assertThat(summary.commits()).isEqualTo(HistoryOptions.DEFAULT_COMMITS);
            assertThat(store.history().mark("tiny").map(HistoryMark::commits)).contains(2_000);
            assertThat(store.repos().get("tiny").orElseThrow().chunks().get(dev.coderag.types.ChunkKind.COMMIT))
                    .isEqualTo(2_000);
            assertThat(took)
                    .as("bounded by the depth, not the history's length")
                    .isLessThan(Duration.ofMinutes(2));
        }
    }

    @Test
    void a_hundred_megabyte_diff_is_summarised_and_a_hostile_message_is_kept_as_text(@TempDir Path tmp)
            throws Exception {
        Path repo = init(tmp.resolve("big"));
        byte[] line = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef012345678\n"
                .getBytes(StandardCharsets.US_ASCII); // 74 bytes
        int lines = 100 * 1024 * 1024 / line.length + 1;
        ByteArrayOutputStream blob = new ByteArrayOutputStream(lines * line.length + 1024);
        for (int i = 0; i < lines; i++) {
            blob.writeBytes(line);
        }
        String message = "<img src=x onerror=alert(1)> \u0007bell \u001b[31mred\u001b[0m <script>x</script>\n";
        ByteArrayOutputStream stream = new ByteArrayOutputStream(blob.size() + 4096);
        byte[] msg = message.getBytes(StandardCharsets.UTF_8);
        stream.writeBytes(("commit refs/heads/main\ncommitter T <t@x> 1600000000 +0000\ndata " + msg.length + "\n")
                .getBytes(StandardCharsets.US_ASCII));
        stream.writeBytes(msg);
        stream.writeBytes(("M 100644 inline huge.txt\ndata " + blob.size() + "\n").getBytes(StandardCharsets.US_ASCII));
        blob.writeTo(stream);
        stream.writeBytes("\nM 100644 inline src/A.java\ndata 11\nclass A {}\n\n".getBytes(StandardCharsets.US_ASCII));
        blob = null;
        git(repo, Map.of(), stream.toByteArray(), "fast-import", "--quiet");
        stream = null;
        git(repo, "reset", "-q", "--hard", "main");
        Path db = tmp.resolve("store");
        try (Store store = Store.open(db, embedder.modelId(), embedder.dimension())) {
            IngestSummary summary = ingest(store, db, repo, HistoryOptions.DEFAULT);
            assertThat(summary.commits()).isEqualTo(1);
            List<CommitChunk> huge = store.history().ofFile("big", "huge.txt", 10).stream()
                    .map(s -> (CommitChunk) s.chunk())
                    .toList();
            assertThat(huge).hasSize(1);
            CommitChunk c = huge.getFirst();
            assertThat(c.omitted()).isEqualTo("huge");
            assertThat(c.diff()).isEmpty();
            assertThat(c.linesAdded()).isEqualTo(lines);
            assertThat(c.subject()).contains("<img src=x onerror=alert(1)>", "<script>x</script>", "bell", "red");
            assertThat(c.subject().chars().filter(ch -> ch < 0x20 && ch != '\t'))
                    .isEmpty();
            assertThat(Arrays.stream(new String[] {c.subject(), c.body()})).noneMatch(s -> s.contains("\u001b"));
        }
    }

    private static IngestSummary ingest(Store store, Path db, Path repo, HistoryOptions history) {
        return Ingester.create(store, embedder, IngestOptions.defaults(db).withHistory(history))
                .ingest(List.of(IngestRequest.of(repo.toString())), p -> {});
    }
}
