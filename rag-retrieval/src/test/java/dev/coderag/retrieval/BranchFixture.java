package dev.coderag.retrieval;

import dev.coderag.embed.Embedder;
import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.Ingester;
import dev.coderag.ingest.ProgressListener;
import dev.coderag.store.BranchNames;
import dev.coderag.store.Store;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The fixture repository as a real git repository with a second branch, {@value #BRANCH}, that adds a Fibonacci
 * backoff to {@code cli/src/tinyroute/retry.py} and deletes {@code docs/caching.md}; both branches ingested from its
 * {@code file://} URL (the default branch first) by the real ingester, model and store.
 */
public final class BranchFixture {
    public static final String REPO = "tinyroute";
    public static final String BRANCH = "feature/retry";
    public static final String OVERLAY = BranchNames.overlay(REPO, BRANCH);

    private BranchFixture() {}

    /** Lays the repository out under {@code dir}, ingests both branches into {@code dir/store} and returns it open. */
    public static Store twoBranches(Path dir) throws IOException, InterruptedException {
        Path work = dir.resolve(REPO);
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
        Store store = Store.open(storeDir, embedder.modelId(), embedder.dimension());
        Ingester ingester = Ingester.create(
                store, embedder, IngestOptions.defaults(storeDir).withAllowFileUrls(true));
        String url = work.toUri().toString();
        ingester.ingest(List.of(IngestRequest.of(url)), ProgressListener.NONE);
        ingester.ingest(List.of(new IngestRequest(url, Optional.empty(), Optional.of(BRANCH))), ProgressListener.NONE);
        return store;
    }

    /** The lines of {@code path} at {@value #BRANCH} in the repository {@link #twoBranches} laid out, as git has them. */
    public static List<String> branchFile(Path dir, String path) throws IOException, InterruptedException {
        return git(dir.resolve(REPO), "show", BRANCH + ":" + path).lines().toList();
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
