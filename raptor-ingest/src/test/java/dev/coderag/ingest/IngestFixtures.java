package dev.coderag.ingest;

import dev.coderag.store.FileEntry;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.Store;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/** What the ingest tests over the fixture repository share: a copy of it, and waiting on a running ingest. */
final class IngestFixtures {
    private IngestFixtures() {}

    /** Polls {@code condition} until it holds (60 s at most), failing at once when the ingest ended first. */
    static void await(BooleanSupplier condition, CompletableFuture<?> run) {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!condition.getAsBoolean()) {
            if (run.isDone()) {
                run.join();
                throw new AssertionError("the ingest finished before the condition held");
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for the ingest");
            }
            LockSupport.parkNanos(10_000_000);
        }
    }

    /**
     * What a finished ingest left for {@code repo}, to compare two stores: per file its hash and chunk ids; how
     * many of the chunks' texts have a full-tier vector; the store's vector tiers; the repository's state, pending
     * files, chunks by kind, static vectors and files; its skipped files.
     */
    static Map<String, Object> snapshot(Store store, String repo) {
        Map<String, Object> out = new TreeMap<>();
        List<String> ids = new ArrayList<>();
        for (FileEntry e : store.files().entries(repo).values()) {
            out.put(
                    e.path(),
                    e.fileHash() + " " + e.chunkIds().stream().sorted().toList());
            ids.addAll(e.chunkIds());
        }
        List<String> hashes = store.chunks().getAll(ids).stream()
                .map(c -> c.chunk().contentHash())
                .distinct()
                .toList();
        out.put("~ full vectors", store.vectors().byContentHash(hashes).size() + " of " + hashes.size());
        out.put("~ tiers", store.vectorTiers());
        RepoInfo info = store.repos().get(repo).orElseThrow();
        out.put(
                "~ state",
                info.state() + " " + info.pendingFiles() + " " + info.chunks() + " " + info.staticVectors() + " "
                        + info.files());
        out.put("~ skipped", store.repos().skipped(repo, 100));
        return out;
    }

    static Path copyFixture(Path to) throws IOException, URISyntaxException {
        Path from = Path.of(IngestFixtures.class.getResource("/fixture-repo").toURI());
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
        return to;
    }
}
