package dev.coderag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.embed.Embedder;
import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.Ingester;
import dev.coderag.ingest.ProgressListener;
import dev.coderag.store.BranchNames;
import dev.coderag.store.ScoredChunk;
import dev.coderag.store.Store;
import dev.coderag.types.Chunk;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Questions asked of one branch of a repository indexed at two (docs/STORE.md, "Branches"): the branch's own lines
 * answer, the base's version of a file the branch changed or deleted never does, and the base still answers from
 * its own. Real git, ingester, model and store.
 */
class BranchRetrievalTest {
    private static final String BRANCH = "feature/retry";
    private static Path dir;
    private static Store store;
    private static Retriever retriever;
    private static String overlay;

    @BeforeAll
    static void twoBranches() throws Exception {
        dir = FixtureStore.tempDir("coderag-branches-");
        Path work = dir.resolve("tinyroute");
        copyTree(FixtureStore.FIXTURE, work);
        git(work, "init", "-q");
        git(work, "config", "user.email", "test@example.com");
        git(work, "config", "user.name", "Test");
        git(work, "add", "-A");
        git(work, "commit", "-q", "-m", "base");
        String main = git(work, "rev-parse", "--abbrev-ref", "HEAD").strip();
        git(work, "checkout", "-q", "-b", BRANCH);
        Path retry = work.resolve("cli/src/tinyroute/retry.py");
        Files.writeString(
                retry,
                Files.readString(retry)
                        .replace(
                                "def exponential_backoff(attempt, base, cap):",
                                "def fibonacci_backoff(attempt, base, cap):\n    \"\"\"Wait base times the"
                                        + " attempt-th Fibonacci number, capped at cap.\"\"\"\n    a, b = 1, 1\n"
                                        + "    for _ in range(attempt - 1):\n        a, b = b, a + b\n"
                                        + "    return min(cap, base * a)\n\n\n"
                                        + "def exponential_backoff(attempt, base, cap):"));
        Files.delete(work.resolve("docs/caching.md"));
        git(work, "add", "-A");
        git(work, "commit", "-q", "-m", "feature");
        git(work, "checkout", "-q", main);

        Embedder embedder = SharedModel.embedder();
        Path storeDir = dir.resolve("store");
        store = Store.open(storeDir, embedder.modelId(), embedder.dimension());
        Ingester ingester = Ingester.create(
                store, embedder, IngestOptions.defaults(storeDir).withAllowFileUrls(true));
        String url = work.toUri().toString();
        ingester.ingest(List.of(IngestRequest.of(url)), ProgressListener.NONE);
        ingester.ingest(List.of(new IngestRequest(url, Optional.empty(), Optional.of(BRANCH))), ProgressListener.NONE);
        overlay = BranchNames.overlay("tinyroute", BRANCH);
        retriever = Retriever.create(store, embedder);
    }

    @AfterAll
    static void close() {
        store.close();
        FixtureStore.delete(dir);
    }

    @Test
    void the_branch_answers_from_its_own_version_of_a_changed_file() {
        Retrieval r = retriever.retrieve(
                "How is the Fibonacci backoff delay computed?", Optional.of(overlay), RetrievalMode.FULL, 5);
        Chunk first = r.hits().get(0).chunk();
        assertThat(first.repo()).isEqualTo(overlay);
        assertThat(first.path()).isEqualTo("cli/src/tinyroute/retry.py");
        assertThat(first.embeddingText()).contains("fibonacci_backoff");
        // the base's retry.py (changed in the branch) is never among the branch's sources
        assertThat(r.hits())
                .noneSatisfy(h -> assertThat(h.chunk().repo() + ":" + h.chunk().path())
                        .isEqualTo("tinyroute:cli/src/tinyroute/retry.py"));
    }

    @Test
    void the_branch_shows_the_base_files_it_shares_and_hides_those_it_deleted() {
        Retrieval shared =
                retriever.retrieve("How are HTTP headers parsed?", Optional.of(overlay), RetrievalMode.FULL, 5);
        assertThat(paths(shared)).contains("tinyroute:router/src/main/java/dev/tinyroute/http/HeaderParser.java");
        Retrieval base = retriever.retrieve(
                "How does the TTL cache expire entries?", Optional.of("tinyroute"), RetrievalMode.FULL, 10);
        assertThat(paths(base)).contains("tinyroute:docs/caching.md");
        Retrieval branch = retriever.retrieve(
                "How does the TTL cache expire entries?", Optional.of(overlay), RetrievalMode.FULL, 10);
        assertThat(paths(branch)).isNotEmpty().doesNotContain("tinyroute:docs/caching.md");
    }

    @Test
    void the_base_still_answers_from_its_own_version() {
        Retrieval r = retriever.retrieve(
                "How is the exponential backoff delay computed?", Optional.of("tinyroute"), RetrievalMode.FULL, 5);
        assertThat(r.hits()).allSatisfy(h -> assertThat(h.chunk().repo()).isEqualTo("tinyroute"));
        assertThat(r.hits().stream().map(ScoredChunk::chunk).map(Chunk::embeddingText))
                .noneMatch(t -> t.contains("fibonacci_backoff"));
    }

    private static List<String> paths(Retrieval r) {
        return r.hits().stream()
                .map(h -> h.chunk().repo() + ":" + h.chunk().path())
                .toList();
    }

    private static String git(Path dir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", dir.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IllegalStateException(cmd + " failed: " + out);
        }
        return out;
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path src : walk.toList()) {
                Path dst = to.resolve(from.relativize(src).toString());
                if (Files.isDirectory(src)) {
                    Files.createDirectories(dst);
                } else {
                    Files.copy(src, dst);
                }
            }
        }
    }
}
