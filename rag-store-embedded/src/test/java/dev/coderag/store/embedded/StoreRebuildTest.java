package dev.coderag.store.embedded;

import static dev.coderag.store.embedded.StoreFixtures.DIM;
import static dev.coderag.store.embedded.StoreFixtures.MODEL;
import static dev.coderag.store.embedded.StoreFixtures.axis;
import static dev.coderag.store.embedded.StoreFixtures.code;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.coderag.store.Store;
import dev.coderag.store.StoreException;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The swap protocol of docs/STORE.md: a rebuild beside the serving index, one atomic rename, never a mix. */
class StoreRebuildTest {
    private static final String OTHER = "other/model";

    @TempDir
    Path dir;

    private void oldStore() {
        try (Store store = Store.open(dir, MODEL, DIM)) {
            StoreFixtures.insertAll(
                    store, List.of(code("r", "a.py", "a", "def a(): pass", 1, List.of())), List.of(axis(0)));
        }
    }

    private static void insertOne(Store store, String path) {
        try (WriteTransaction tx = store.begin()) {
            float[] v = new float[DIM];
            v[1] = 1;
            tx.insert(
                    new CodeChunk(
                            "r",
                            path,
                            Language.PYTHON,
                            "b",
                            SymbolKind.FUNCTION,
                            "",
                            "def b():",
                            "",
                            "def b(): pass",
                            1,
                            1,
                            List.of(),
                            OTHER),
                    v);
            tx.commit();
        }
    }

    @Test
    void the_old_index_serves_until_the_rebuild_is_published_then_the_new_one_and_never_a_mix() {
        oldStore();
        try (Store reader = Store.open(dir, MODEL, DIM)) {
            try (Store rebuild = Store.rebuild(dir, OTHER, DIM)) {
                insertOne(rebuild, "b.py");
                // not yet published: everyone still sees the old index and its model
                assertThat(Store.storedModelId(dir)).contains(MODEL);
                assertThat(reader.chunks().byPath("a.py", Optional.empty())).hasSize(1);
                try (Store fresh = Store.open(dir, MODEL, DIM)) {
                    assertThat(fresh.chunks().counts()).containsEntry(ChunkKind.CODE, 1);
                }
                rebuild.publish();
                assertThat(rebuild.superseded()).isFalse();
            }
            assertThat(Store.storedModelId(dir)).contains(OTHER);
            assertThatThrownBy(() -> Store.open(dir, MODEL, DIM))
                    .isInstanceOfSatisfying(StoreException.class, e -> assertThat(e.reason())
                            .isEqualTo(StoreException.Reason.MODEL_MISMATCH));
            // the server opened before the swap keeps its own index whole, and knows a restart would change it
            assertThat(reader.superseded()).isTrue();
            assertThat(reader.chunks().byPath("a.py", Optional.empty())).hasSize(1);
            assertThat(reader.chunks().byPath("b.py", Optional.empty())).isEmpty();
            assertThat(dir.resolve("store.db"))
                    .as("kept while a reader has it open")
                    .exists();
        }
        try (Store store = Store.open(dir, OTHER, DIM)) {
            assertThat(store.chunks().byPath("b.py", Optional.empty())).hasSize(1);
            assertThat(store.chunks().byPath("a.py", Optional.empty())).isEmpty();
            store.chats().create("kept", Optional.empty(), Instant.now());
        }
        // the next swap removes the old index files once nobody reads them; the chat log stays
        try (Store again = Store.rebuild(dir, MODEL, DIM)) {
            again.publish();
        }
        assertThat(dir.resolve("store.db")).doesNotExist();
        try (Store store = Store.open(dir, MODEL, DIM)) {
            assertThat(store.chats().get("kept")).isPresent();
        }
        assertThat(Files.exists(dir.resolve(Generations.CURRENT))).isTrue();
    }

    @Test
    void a_rebuild_that_never_published_is_resumed_by_the_next_one_for_the_same_model() {
        oldStore();
        try (Store rebuild = Store.rebuild(dir, OTHER, DIM)) {
            insertOne(rebuild, "b.py");
            // killed here: no publish
        }
        assertThat(Store.storedModelId(dir)).contains(MODEL);
        try (Store resumed = Store.rebuild(dir, OTHER, DIM)) {
            assertThat(resumed.chunks().byPath("b.py", Optional.empty())).hasSize(1);
            resumed.publish();
        }
        assertThat(Store.storedModelId(dir)).contains(OTHER);
    }

    @Test
    void a_rebuild_waits_for_no_one_but_fails_while_an_ingest_writes() {
        oldStore();
        try (Store store = Store.open(dir, MODEL, DIM);
                WriteTransaction tx = store.begin()) {
            assertThatThrownBy(() -> Store.rebuild(dir, OTHER, DIM))
                    .isInstanceOfSatisfying(
                            StoreException.class, e -> assertThat(e.reason()).isEqualTo(StoreException.Reason.LOCKED));
            tx.commit();
        }
    }
}
