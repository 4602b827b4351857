package dev.coderag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.store.FileEntry;
import dev.coderag.store.IndexState;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.Store;
import dev.coderag.store.StoredChunk;
import dev.coderag.types.ChunkKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lexical first: an ingest commits every file's chunks before it embeds them, so keyword, symbol and call-graph
 * evidence is there while the vectors are still being computed; a run stopped in that window leaves its files
 * pending, and the next run converges on the store a clean run writes. Real model, real tree-sitter, real store;
 * the embedding phase is held by {@link RepoWriter#HOLD_PROPERTY} (no sleeps).
 */
class LexicalFirstTest {
    private static final String REPO = "tinyroute";
    private static Embedder embedder;

    @TempDir
    Path tmp;

    @BeforeAll
    static void openModel() {
        embedder = Embedder.open(EmbeddingModel.BGE_SMALL_FP32);
    }

    @AfterAll
    static void closeModel() {
        embedder.close();
    }

    @Test
    void chunks_are_searchable_before_their_vectors_and_a_run_stopped_then_converges_with_a_clean_one()
            throws Exception {
        Path repo = IngestFixtures.copyFixture(tmp.resolve(REPO));
        Path dir = tmp.resolve("store");
        Path hold = Files.createFile(tmp.resolve("hold"));
        System.setProperty("coderag.ingest.firstBatch", "8");
        System.setProperty(RepoWriter.HOLD_PROPERTY, hold.toString());
        try (Store store = Store.open(dir, embedder.modelId(), embedder.dimension())) {
            Ingester ingester = Ingester.create(store, embedder, IngestOptions.defaults(dir));
            // what the store had committed when each phase was first announced
            Map<IngestPhase, Integer> filesAtFirst = new ConcurrentHashMap<>();
            ProgressListener phases = p -> filesAtFirst.computeIfAbsent(
                    p.phase(),
                    ph -> store.repos().get(REPO).map(RepoInfo::files).orElse(0));
            CompletableFuture<IngestSummary> run = CompletableFuture.supplyAsync(
                    () -> ingester.ingest(List.of(IngestRequest.of(repo.toString())), phases));
            IngestFixtures.await(
                    () -> store.repos()
                            .get(REPO)
                            .filter(r -> r.state() == IndexState.PARTIAL && r.files() > 0)
                            .isPresent(),
                    run);

            // every file's chunks are committed: by keyword, by symbol, in the call graph — without vectors
            RepoInfo info = store.repos().get(REPO).orElseThrow();
            assertThat(info.pendingFiles()).isPositive();
            assertThat(store.lexical().search(ChunkKind.CODE, "parse headers", 5, SearchFilter.NONE))
                    .anySatisfy(h -> assertThat(h.chunk().path()).endsWith("HeaderParser.java"));
            List<StoredChunk> parse = store.chunks().bySymbol("parseHeaders", Optional.of(REPO));
            assertThat(parse).isNotEmpty();
            assertThat(store.calls().callees(parse.getFirst().id())).isNotEmpty();
            assertThat(store.vectors()
                            .byContentHash(List.of(parse.getFirst().chunk().contentHash())))
                    .isEmpty();
            assertThat(store.vectors()
                            .search(ChunkKind.CODE, embedder.embedQuery("parse headers"), 5, SearchFilter.NONE))
                    .isEmpty();
            assertThat(store.files().hashes(REPO).values()).anyMatch(FileEntry::isPending);
            // a status read that sees the first chunks already sees "embed", never "parse"
            assertThat(filesAtFirst).containsEntry(IngestPhase.EMBED, 0);

            ingester.requestStop(); // ends the hold: the run stops at the batch boundary, committed
            assertThatThrownBy(run::join)
                    .isInstanceOf(CompletionException.class)
                    .cause()
                    .isInstanceOf(IngestException.class)
                    .extracting(e -> ((IngestException) e).reason())
                    .isEqualTo(IngestException.Reason.STOPPED);
        } finally {
            System.clearProperty(RepoWriter.HOLD_PROPERTY);
            System.clearProperty("coderag.ingest.firstBatch");
        }

        Map<String, Object> resumed;
        try (Store store = Store.open(dir, embedder.modelId(), embedder.dimension())) {
            IngestSummary summary = Ingester.create(store, embedder, IngestOptions.defaults(dir))
                    .ingest(List.of(IngestRequest.of(repo.toString())), ProgressListener.NONE);
            assertThat(summary.repos().getFirst().chunks().embedded())
                    .as(summary.toString())
                    .isPositive();
            resumed = IngestFixtures.snapshot(store, REPO);
            assertThat(store.vectors()
                            .search(ChunkKind.CODE, embedder.embedQuery("parse headers"), 5, SearchFilter.NONE))
                    .isNotEmpty();
        }
        Path cleanDir = tmp.resolve("clean");
        try (Store store = Store.open(cleanDir, embedder.modelId(), embedder.dimension())) {
            Ingester.create(store, embedder, IngestOptions.defaults(cleanDir))
                    .ingest(List.of(IngestRequest.of(repo.toString())), ProgressListener.NONE);
            assertThat(resumed).isEqualTo(IngestFixtures.snapshot(store, REPO));
        }
    }
}
