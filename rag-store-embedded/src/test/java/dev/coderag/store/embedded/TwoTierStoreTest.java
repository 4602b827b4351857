package dev.coderag.store.embedded;

import static dev.coderag.store.embedded.StoreFixtures.DIM;
import static dev.coderag.store.embedded.StoreFixtures.MODEL;
import static dev.coderag.store.embedded.StoreFixtures.axis;
import static dev.coderag.store.embedded.StoreFixtures.hitIds;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.coderag.store.RepoInfo;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.Store;
import dev.coderag.store.VectorTier;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CodeChunk;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two vector tiers of one store (docs/STORE.md, "Two vector tiers"): a chunk whose model id is the store's
 * static tier is searched only in that tier, and moves to the full tier when inserted again with its full vector —
 * also across a reopen, where each tier's index is rebuilt from its own table.
 */
class TwoTierStoreTest {
    private static final String STATIC_MODEL = MODEL + VectorTier.STATIC_SUFFIX + "-v1";

    @TempDir
    Path dir;

    private final CodeChunk parse =
            StoreFixtures.code("repo", "src/Parser.java", "parse", "void parse() {}", 1, List.of());
    private final CodeChunk render =
            StoreFixtures.code("repo", "src/Render.java", "render", "void render() {}", 1, List.of());

    @Test
    void aStaticTierVectorIsSearchedInItsOwnTierOnly() {
        try (Store store = Store.open(dir, MODEL, DIM)) {
            write(store, tx -> {
                tx.insert(parse.withModelId(STATIC_MODEL), axis(0));
                tx.insert(render, axis(1));
            });
            assertThat(hitIds(store.vectors(VectorTier.STATIC).search(ChunkKind.CODE, axis(0), 10, SearchFilter.NONE)))
                    .containsExactly(parse.id());
            assertThat(hitIds(store.vectors().search(ChunkKind.CODE, axis(0), 10, SearchFilter.NONE)))
                    .containsExactly(render.id());
            // only full vectors are reused by an ingest
            assertThat(store.vectors().byContentHash(List.of(parse.contentHash(), render.contentHash())))
                    .containsOnlyKeys(render.contentHash());
            assertThat(store.vectorTiers()).containsExactlyInAnyOrder(VectorTier.FULL, VectorTier.STATIC);
            assertThat(store.staticChunkIds("repo", 10)).containsExactly(parse.id());
            assertThat(store.repos().get("repo").map(RepoInfo::staticVectors)).contains(1);
        }
    }

    @Test
    void insertingTheFullVectorMovesAChunkOutOfTheStaticTierAndSurvivesAReopen() {
        try (Store store = Store.open(dir, MODEL, DIM)) {
            write(store, tx -> tx.insert(parse.withModelId(STATIC_MODEL), axis(0)));
            assertThat(store.vectorTiers()).containsExactly(VectorTier.STATIC);
            // the search loads the static index before the move, so the move must reach it as a catch-up
            assertThat(store.vectors(VectorTier.STATIC).search(ChunkKind.CODE, axis(0), 10, SearchFilter.NONE))
                    .hasSize(1);
            write(store, tx -> tx.insert(parse, axis(2)));
            assertThat(store.vectors(VectorTier.STATIC).search(ChunkKind.CODE, axis(0), 10, SearchFilter.NONE))
                    .isEmpty();
            assertThat(hitIds(store.vectors().search(ChunkKind.CODE, axis(2), 10, SearchFilter.NONE)))
                    .containsExactly(parse.id());
            assertThat(store.staticChunkIds("repo", 10)).isEmpty();
            assertThat(store.repos().get("repo").map(RepoInfo::staticVectors)).contains(0);
        }
        try (Store store = Store.open(dir, MODEL, DIM)) {
            assertThat(store.vectorTiers()).containsExactly(VectorTier.FULL);
            assertThat(store.vectors(VectorTier.STATIC).search(ChunkKind.CODE, axis(0), 10, SearchFilter.NONE))
                    .isEmpty();
            assertThat(hitIds(store.vectors().search(ChunkKind.CODE, axis(2), 10, SearchFilter.NONE)))
                    .containsExactly(parse.id());
        }
    }

    @Test
    void deletingAChunkTakesItOutOfTheStaticTier() {
        try (Store store = Store.open(dir, MODEL, DIM)) {
            write(store, tx -> tx.insert(parse.withModelId(STATIC_MODEL), axis(0)));
            write(store, tx -> tx.delete(parse.id()));
            assertThat(store.vectorTiers()).isEmpty();
            assertThat(store.staticChunkIds("repo", 10)).isEmpty();
            assertThat(store.vectors(VectorTier.STATIC).search(ChunkKind.CODE, axis(0), 10, SearchFilter.NONE))
                    .isEmpty();
        }
    }

    @Test
    void aVectorOfAnotherModelIsRefused() {
        try (Store store = Store.open(dir, MODEL, DIM);
                WriteTransaction tx = store.begin()) {
            assertThatThrownBy(() -> tx.insert(parse.withModelId("other/model"), axis(0)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("other/model");
            assertThatThrownBy(() -> tx.insert(parse.withModelId("test/modelx/static-v1"), axis(0)))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void aStoreOfTheOldSchemaGainsTheStaticTierOnOpen() {
        try (Store store = Store.open(dir, MODEL, DIM)) {
            write(store, tx -> tx.insert(render, axis(1)));
        }
        StoreFixtures.dropTable(dir, "static_vectors");
        try (Store store = Store.open(dir, MODEL, DIM)) {
            assertThat(store.vectorTiers()).isEqualTo(Set.of(VectorTier.FULL));
            write(store, tx -> tx.insert(parse.withModelId(STATIC_MODEL), axis(0)));
            assertThat(store.staticChunkIds("repo", 10)).containsExactly(parse.id());
        }
    }

    private static void write(Store store, java.util.function.Consumer<WriteTransaction> body) {
        try (WriteTransaction tx = store.begin()) {
            body.accept(tx);
            tx.commit();
        }
    }
}
