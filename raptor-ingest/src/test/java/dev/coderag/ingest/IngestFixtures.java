package dev.coderag.ingest;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
