package dev.coderag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.Ingester;
import dev.coderag.ingest.ProgressListener;
import dev.coderag.store.Store;
import dev.coderag.store.StoredChunk;
import dev.coderag.store.VectorTier;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.Chunk;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Retrieval over the two vector tiers (docs/STORE.md, "Two vector tiers"), with the real int8 model, its real static
 * tier and stores made by the real ingester: a store of static vectors alone answers from them, and in a store
 * holding both, a chunk whose vector is still static is found by vector search only through the static tier.
 */
class TwoTierRetrievalTest {
    private static final String QUESTION = "how are HTTP request headers parsed?";
    private static Embedder embedder;
    private static Path dir;

    @BeforeAll
    static void open() {
        embedder = Embedder.openTwoTier(EmbeddingModel.BGE_SMALL_INT8);
        dir = FixtureStore.tempDir("coderag-two-tier-");
    }

    @AfterAll
    static void close() {
        embedder.close();
        FixtureStore.delete(dir);
    }

    @Test
    void aStoreOfStaticVectorsAloneAnswersFromThem() {
        try (Store store = ingest(dir.resolve("static"), VectorTier.STATIC)) {
            assertThat(store.vectorTiers()).containsExactly(VectorTier.STATIC);
            Retrieval r = Retriever.create(store, embedder)
                    .retrieve(QUESTION, Optional.of(FixtureStore.REPO), RetrievalMode.FULL, 0);
            assertThat(r.details().getFirst().chunk().path()).endsWith("HeaderParser.java");
            assertThat(r.details()).anySatisfy(h -> assertThat(h.via()).contains(Via.VECTOR));
            // relevance is the static tier's own cosine (no model run per question), judged on its own scale
            assertThat(r.verdict().answerable()).isTrue();
            Embedder staticTier = embedder.staticTier().orElseThrow();
            float[] q = staticTier.embedQuery(QUESTION);
            float[] d = staticTier
                    .embedDocuments(List.of(r.details().getFirst().chunk().embeddingText()))
                    .getFirst();
            double cosine = 0;
            for (int i = 0; i < q.length; i++) {
                cosine += q[i] * d[i];
            }
            assertThat(r.details().getFirst().relevance())
                    .isCloseTo(cosine, org.assertj.core.api.Assertions.within(1e-3));
            Retrieval offTopic = Retriever.create(store, embedder)
                    .retrieve(
                            "What is the best mortgage rate for a first home?",
                            Optional.of(FixtureStore.REPO),
                            RetrievalMode.FULL,
                            0);
            assertThat(offTopic.verdict().answerable())
                    .as(offTopic.verdict().reason())
                    .isFalse();
            Retrieval vectorOnly = Retriever.create(store, embedder)
                    .retrieve(QUESTION, Optional.of(FixtureStore.REPO), RetrievalMode.VECTOR, 5);
            assertThat(vectorOnly.hits())
                    .anySatisfy(h -> assertThat(h.chunk().path()).endsWith("HeaderParser.java"));
        }
    }

    @Test
    void aChunkStillAtTheStaticTierIsFoundByVectorBesideTheFullTier() {
        try (Store store = ingest(dir.resolve("mixed"), VectorTier.FULL)) {
            StoredChunk parse = store.chunks()
                    .bySymbol("parseHeaders", Optional.of(FixtureStore.REPO))
                    .getFirst();
            Embedder staticTier = embedder.staticTier().orElseThrow();
            Chunk moved = parse.chunk().withModelId(staticTier.modelId());
            try (WriteTransaction tx = store.begin()) {
                tx.insert(
                        moved,
                        staticTier
                                .embedDocuments(List.of(moved.embeddingText()))
                                .getFirst());
                tx.commit();
            }
            assertThat(store.vectorTiers()).containsExactlyInAnyOrder(VectorTier.FULL, VectorTier.STATIC);

            Retrieval twoTier = Retriever.create(store, embedder)
                    .retrieve(QUESTION, Optional.of(FixtureStore.REPO), RetrievalMode.FULL, 0);
            assertThat(twoTier.details())
                    .filteredOn(h -> h.chunk().id().equals(parse.id()))
                    .singleElement()
                    .satisfies(h -> assertThat(h.via()).contains(Via.VECTOR));

            // a retriever of the full tier alone cannot find it by vector: the vector it has is not the model's
            try (Embedder fullOnly = Embedder.open(EmbeddingModel.BGE_SMALL_INT8)) {
                Retrieval oneTier = Retriever.create(store, fullOnly)
                        .retrieve(QUESTION, Optional.of(FixtureStore.REPO), RetrievalMode.FULL, 0);
                assertThat(oneTier.details())
                        .filteredOn(h -> h.chunk().id().equals(parse.id()))
                        .allSatisfy(h -> assertThat(h.via()).doesNotContain(Via.VECTOR));
            }
        }
    }

    private static Store ingest(Path storeDir, VectorTier vectors) {
        Store store = Store.open(storeDir, embedder.modelId(), embedder.dimension());
        Ingester.create(store, embedder, IngestOptions.defaults(storeDir).withVectors(vectors))
                .ingest(
                        List.of(new IngestRequest(
                                FixtureStore.FIXTURE.toString(), Optional.of(FixtureStore.REPO), Optional.empty())),
                        ProgressListener.NONE);
        return store;
    }
}
