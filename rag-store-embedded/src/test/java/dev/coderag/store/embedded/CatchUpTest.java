package dev.coderag.store.embedded;

import static dev.coderag.store.embedded.StoreFixtures.MODEL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.store.ScoredChunk;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.WriteTransaction;
import dev.coderag.store.embedded.db.StoreOptions;
import dev.coderag.store.embedded.vectors.VectorIndex;
import dev.coderag.store.embedded.vectors.VectorTables;
import dev.coderag.types.ChunkKind;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a loaded table catches up with more than {@link VectorTables#CATCH_UP_ROWS} new rows: a table that stays in
 * the heap tier appends them to the same index (no reload, no graph rebuild); one they take to the compressed tier
 * is reloaded from SQLite, streaming, and comes back compressed.
 */
class CatchUpTest {
    private static final int DIM = 8;
    private static final int MANY = VectorTables.CATCH_UP_ROWS + 1;

    @TempDir
    Path tmp;

    private final Random random = new Random(11);

    private static StoreOptions options(int compressAbove) {
        return StoreOptions.DEFAULTS
                .withExactBelow(1_000_000)
                .withBackgroundGraph(false)
                .withPersistGraph(false)
                .withLucene(false)
                .withCompressAbove(compressAbove);
    }

    private void insert(SqliteStore store, String prefix, int n) {
        try (WriteTransaction tx = store.begin()) {
            for (int i = 0; i < n; i++) {
                tx.insert(
                        StoreFixtures.code("r", prefix + "/F" + i + ".py", prefix + i, "def f(): pass", 1, List.of()),
                        StoreFixtures.random(random, DIM));
            }
            tx.commit();
        }
    }

    private List<ScoredChunk> search(SqliteStore store) {
        return store.vectors().search(ChunkKind.CODE, StoreFixtures.random(random, DIM), 10, SearchFilter.NONE);
    }

    @Test
    void many_new_rows_are_appended_to_a_table_that_stays_on_the_heap() {
        try (SqliteStore store = SqliteStore.open(tmp.resolve("s"), MODEL, DIM, options(1_000_000))) {
            insert(store, "a", 100);
            assertThat(search(store)).hasSize(10);
            VectorIndex before = store.loadedIndex(ChunkKind.CODE);

            insert(store, "b", MANY);
            assertThat(search(store)).hasSize(10);
            assertThat(store.loadedIndex(ChunkKind.CODE)).isSameAs(before);
            assertThat(before.size()).isEqualTo(100 + MANY);
            assertThat(before.compressed()).isFalse();
        }
    }

    @Test
    void many_new_rows_that_take_a_table_to_the_compressed_tier_reload_it() {
        try (SqliteStore store = SqliteStore.open(tmp.resolve("s"), MODEL, DIM, options(VectorTables.CATCH_UP_ROWS))) {
            insert(store, "a", 100);
            assertThat(search(store)).hasSize(10);
            VectorIndex before = store.loadedIndex(ChunkKind.CODE);

            insert(store, "b", MANY);
            assertThat(search(store)).hasSize(10);
            VectorIndex after = store.loadedIndex(ChunkKind.CODE);
            assertThat(after).isNotSameAs(before);
            assertThat(after.size()).isEqualTo(100 + MANY);
            assertThat(after.compressed()).isTrue();
            assertThat(before.search(StoreFixtures.random(random, DIM), 10, SearchFilter.NONE))
                    .as("the replaced index is retired")
                    .isNull();
        }
    }
}
