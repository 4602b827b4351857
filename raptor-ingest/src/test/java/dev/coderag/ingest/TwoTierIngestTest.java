package dev.coderag.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.store.FileEntry;
import dev.coderag.store.IndexState;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.ScoredChunk;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.Store;
import dev.coderag.store.VectorTier;
import dev.coderag.types.ChunkKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two vector tiers (docs/STORE.md, "Two vector tiers"), with the real model, its real static tier, real tree-sitter
 * and a real store: the lexical pass gives every new chunk a static-tier vector at once; {@code --vectors static}
 * stops there with the repository complete; a later plain ingest moves every chunk to the full tier without parsing
 * a file again, and ends where a clean full ingest ends.
 */
class TwoTierIngestTest {
    private static final String REPO = "tinyroute";
    private static Embedder embedder;

    @TempDir
    Path tmp;

    @BeforeAll
    static void openModel() {
        embedder = Embedder.openTwoTier(EmbeddingModel.BGE_SMALL_INT8);
    }

    @AfterAll
    static void closeModel() {
        embedder.close();
    }

    @Test
    void aStaticTierIngestLeavesEveryChunkSearchableByItsStaticVectorAndAPlainOneAddsTheFullTierWithoutParsing()
            throws Exception {
        Path repo = IngestFixtures.copyFixture(tmp.resolve(REPO));
        Path dir = tmp.resolve("store");
        Embedder staticTier = embedder.staticTier().orElseThrow();
        try (Store store = Store.open(dir, embedder.modelId(), embedder.dimension())) {
            ingest(store, dir, VectorTier.STATIC);
            RepoInfo info = store.repos().get(REPO).orElseThrow();
            assertThat(info.state()).isEqualTo(IndexState.COMPLETE);
            int chunks =
                    info.chunks().values().stream().mapToInt(Integer::intValue).sum();
            assertThat(info.staticVectors()).isEqualTo(chunks).isPositive();
            assertThat(store.vectorTiers()).containsExactly(VectorTier.STATIC);
            assertThat(store.files().hashes(REPO).values()).noneMatch(FileEntry::isPending);
            List<ScoredChunk> hits = store.vectors(VectorTier.STATIC)
                    .search(ChunkKind.CODE, staticTier.embedQuery("parse the HTTP header lines"), 3, SearchFilter.NONE);
            assertThat(hits).anySatisfy(h -> assertThat(h.chunk().path()).endsWith("HeaderParser.java"));

            // the same run again changes nothing
            IngestSummary again = ingest(store, dir, VectorTier.STATIC);
            assertThat(again.files().unchanged()).isEqualTo(info.files());
            assertThat(store.repos().get(REPO).orElseThrow().indexedAt()).isEqualTo(info.indexedAt());

            // a plain run embeds the static tier's chunks with the model and parses nothing
            IngestSummary full = ingest(store, dir, VectorTier.FULL);
            assertThat(full.files().unchanged()).isEqualTo(info.files());
            assertThat(full.files().newFiles() + full.files().changed()).isZero();
            // the chunks moved to the full tier are reported embedded: the model embedded them
            assertThat(full.repos().getFirst().chunks().embedded()).isEqualTo(chunks);
            assertThat(store.repos().get(REPO).orElseThrow().staticVectors()).isZero();
            assertThat(store.vectorTiers()).containsExactly(VectorTier.FULL);
            assertThat(store.vectors()
                            .search(
                                    ChunkKind.CODE,
                                    embedder.embedQuery("parse the HTTP header lines"),
                                    3,
                                    SearchFilter.NONE))
                    .anySatisfy(h -> assertThat(h.chunk().path()).endsWith("HeaderParser.java"));
            Map<String, Object> upgraded = IngestFixtures.snapshot(store, REPO);

            Path cleanDir = tmp.resolve("clean");
            try (Store clean = Store.open(cleanDir, embedder.modelId(), embedder.dimension())) {
                ingest(clean, cleanDir, VectorTier.FULL);
                assertThat(upgraded).isEqualTo(IngestFixtures.snapshot(clean, REPO));
            }
        }
    }

    @Test
    void theLexicalPassOfAFullIngestWritesStaticVectorsThatTheModelsReplace() throws Exception {
        Path repo = IngestFixtures.copyFixture(tmp.resolve(REPO));
        Path dir = tmp.resolve("store");
        Path hold = Files.createFile(tmp.resolve("hold"));
        Embedder staticTier = embedder.staticTier().orElseThrow();
        System.setProperty("coderag.ingest.firstBatch", "8");
        System.setProperty(RepoWriter.HOLD_PROPERTY, hold.toString());
        try (Store store = Store.open(dir, embedder.modelId(), embedder.dimension())) {
            Ingester ingester = Ingester.create(store, embedder, IngestOptions.defaults(dir));
            CompletableFuture<IngestSummary> run = CompletableFuture.supplyAsync(
                    () -> ingester.ingest(List.of(IngestRequest.of(repo.toString())), ProgressListener.NONE));
            IngestFixtures.await(
                    () -> store.repos()
                            .get(REPO)
                            .filter(r -> r.state() == IndexState.PARTIAL && r.staticVectors() > 0)
                            .isPresent(),
                    run);
            // held before the first batch: the static tier answers, the full tier has nothing yet
            assertThat(store.vectorTiers()).containsExactly(VectorTier.STATIC);
            assertThat(store.vectors(VectorTier.STATIC)
                            .search(
                                    ChunkKind.CODE,
                                    staticTier.embedQuery("parse the HTTP header lines"),
                                    3,
                                    SearchFilter.NONE))
                    .anySatisfy(h -> assertThat(h.chunk().path()).endsWith("HeaderParser.java"));

            Files.delete(hold);
            run.join();
            assertThat(store.repos().get(REPO).orElseThrow().staticVectors()).isZero();
            assertThat(store.vectorTiers()).containsExactly(VectorTier.FULL);
        } finally {
            System.clearProperty(RepoWriter.HOLD_PROPERTY);
            System.clearProperty("coderag.ingest.firstBatch");
        }
    }

    private static IngestSummary ingest(Store store, Path dir, VectorTier vectors) {
        return Ingester.create(store, embedder, IngestOptions.defaults(dir).withVectors(vectors))
                .ingest(List.of(IngestRequest.of(dir.resolveSibling(REPO).toString())), ProgressListener.NONE);
    }
}
