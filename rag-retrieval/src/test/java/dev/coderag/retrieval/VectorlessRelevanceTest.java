package dev.coderag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.coderag.embed.Embedder;
import dev.coderag.ingest.IngestException;
import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.Ingester;
import dev.coderag.ingest.ProgressListener;
import dev.coderag.store.IndexState;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.Store;
import dev.coderag.types.ChunkKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The relevance floor over a store whose chunks are committed but not yet embedded (an ingest in its first
 * seconds): strong lexical or named evidence still clears it — its relevance is the cosine it will have once the
 * vectors are stored — and a question about something absent is still refused. The store is made by the real
 * ingester, stopped while its embedding phase is held ({@code coderag.ingest.holdEmbeddingWhile}).
 */
class VectorlessRelevanceTest {
    private static Store store;
    private static Path dir;
    private static Retriever retriever;

    @BeforeAll
    static void ingestWithoutVectors() throws Exception {
        Embedder embedder = SharedModel.embedder();
        dir = FixtureStore.tempDir("coderag-vectorless-");
        Path hold = Files.createFile(dir.resolve("hold"));
        store = Store.open(dir.resolve("store"), embedder.modelId(), embedder.dimension());
        System.setProperty("coderag.ingest.firstBatch", "8");
        System.setProperty("coderag.ingest.holdEmbeddingWhile", hold.toString());
        try {
            Ingester ingester = Ingester.create(store, embedder, IngestOptions.defaults(dir.resolve("store")));
            CompletableFuture<?> run = CompletableFuture.runAsync(() -> ingester.ingest(
                    List.of(new IngestRequest(
                            FixtureStore.FIXTURE.toString(), Optional.of(FixtureStore.REPO), Optional.empty())),
                    ProgressListener.NONE));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (store.repos()
                    .get(FixtureStore.REPO)
                    .filter(r -> r.state() == IndexState.PARTIAL && r.files() > 0)
                    .isEmpty()) {
                assertThat(run)
                        .as("the ingest ended before its chunks were committed")
                        .isNotDone();
                assertThat(System.nanoTime()).as("waiting for the first commit").isLessThan(deadline);
                LockSupport.parkNanos(10_000_000);
            }
            ingester.requestStop();
            assertThatThrownBy(run::join).hasCauseInstanceOf(IngestException.class);
        } finally {
            System.clearProperty("coderag.ingest.holdEmbeddingWhile");
            System.clearProperty("coderag.ingest.firstBatch");
        }
        retriever = Retriever.create(store, embedder);
    }

    @AfterAll
    static void close() {
        store.close();
        FixtureStore.delete(dir);
    }

    @Test
    void the_store_has_chunks_but_no_vectors() {
        assertThat(store.chunks().counts().get(ChunkKind.CODE)).isPositive();
        assertThat(store.vectors()
                        .search(
                                ChunkKind.CODE,
                                SharedModel.embedder().embedQuery("parse headers"),
                                5,
                                SearchFilter.NONE))
                .isEmpty();
    }

    @Test
    void strong_lexical_evidence_clears_the_floor_without_stored_vectors() {
        Retrieval r = retriever.retrieve("parse an HTTP header line", Optional.empty(), RetrievalMode.FULL, 0);
        assertThat(r.hits()).anySatisfy(h -> assertThat(h.chunk().path()).endsWith("HeaderParser.java"));
        assertThat(r.details()).noneMatch(h -> h.via().contains(Via.VECTOR));
        assertThat(r.bestRelevance())
                .isGreaterThanOrEqualTo(
                        dev.coderag.retrieval.evidence.EvidencePolicy.load().relevanceFloor());
        assertThat(r.answerable()).as(r.verdict().reason()).isTrue();
    }

    @Test
    void a_question_about_something_absent_is_still_below_the_floor() {
        Retrieval r = retriever.retrieve("what is the capital of France?", Optional.empty(), RetrievalMode.FULL, 0);
        assertThat(r.bestRelevance())
                .isLessThan(dev.coderag.retrieval.evidence.EvidencePolicy.load().relevanceFloor());
        assertThat(r.details()).noneMatch(h -> h.via().contains(Via.PIN));
        assertThat(r.answerable()).as(r.verdict().reason()).isFalse();
    }
}
