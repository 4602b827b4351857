package dev.coderag.retrieval;

import dev.coderag.embed.Embedder;
import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.Ingester;
import dev.coderag.ingest.ProgressListener;
import dev.coderag.store.Store;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The polyglot fixture repository (raptor-ingest's test resources) ingested once per test JVM with the real
 * model, tree-sitter and store, under the repo name {@value #REPO}. Tests may add other repositories to it but
 * must not change this one.
 */
public final class FixtureStore {
    public static final String REPO = "tinyroute";
    public static final Path FIXTURE = Path.of("../raptor-ingest/src/test/resources/fixture-repo")
            .toAbsolutePath()
            .normalize();

    private FixtureStore() {}

    private static Store store;

    public static synchronized Store store() {
        if (store == null) {
            Embedder embedder = SharedModel.embedder();
            Path dir = tempDir("coderag-chat-fixture-");
            Store s;
            try {
                s = Store.open(dir, embedder.modelId(), embedder.dimension());
            } catch (RuntimeException e) {
                delete(dir);
                throw e;
            }
            // registered before ingesting, so a failed ingest leaves no directory behind either
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                s.close();
                delete(dir);
            }));
            Ingester.create(s, embedder, IngestOptions.defaults(dir))
                    .ingest(
                            List.of(new IngestRequest(FIXTURE.toString(), Optional.of(REPO), Optional.empty())),
                            ProgressListener.NONE);
            store = s;
        }
        return store;
    }

    /** An empty store in its own temp dir (closed and deleted at exit). */
    public static Store emptyStore() {
        Embedder embedder = SharedModel.embedder();
        Path dir = tempDir("coderag-chat-empty-");
        Store s = Store.open(dir, embedder.modelId(), embedder.dimension());
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            s.close();
            delete(dir);
        }));
        return s;
    }

    public static Path tempDir(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void delete(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort at exit
        }
    }
}
