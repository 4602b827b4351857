package dev.coderag.store.embedded;

import static dev.coderag.store.embedded.StoreFixtures.MODEL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.store.SearchFilter;
import dev.coderag.store.WriteTransaction;
import dev.coderag.store.embedded.db.StoreOptions;
import dev.coderag.store.embedded.vectors.GraphFiles;
import dev.coderag.store.embedded.vectors.VectorIndex;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CodeChunk;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The derived graph files: written once a table has a graph, loaded on the next start instead of rebuilding,
 * caught up with what was committed meanwhile, and ignored (rebuilt) when damaged or foreign.
 */
class GraphPersistenceTest {
    private static final int DIM = 32;

    @TempDir
    Path tmp;

    private Path dir;

    private final Random random = new Random(17);
    /** chunk id → vector, of every live chunk */
    private final Map<String, float[]> live = new HashMap<>();

    private static StoreOptions options() {
        return StoreOptions.DEFAULTS.withExactBelow(300).withGraph(16, 32).withBackgroundGraph(false);
    }

    @org.junit.jupiter.api.BeforeEach
    void storeDir() {
        dir = tmp.resolve("store");
    }

    private SqliteStore open() {
        return SqliteStore.open(dir, MODEL, DIM, options());
    }

    private List<CodeChunk> insert(SqliteStore store, String prefix, int n) {
        List<CodeChunk> chunks = new ArrayList<>();
        try (WriteTransaction tx = store.begin()) {
            for (int i = 0; i < n; i++) {
                CodeChunk chunk =
                        StoreFixtures.code("r", prefix + "/F" + i + ".py", prefix + i, "def f(): pass", 1, List.of());
                float[] vector = StoreFixtures.random(random, DIM);
                tx.insert(chunk, vector);
                live.put(chunk.id(), vector);
                chunks.add(chunk);
            }
            tx.commit();
        }
        return chunks;
    }

    private void delete(SqliteStore store, List<CodeChunk> chunks) {
        try (WriteTransaction tx = store.begin()) {
            for (CodeChunk chunk : chunks) {
                tx.delete(chunk.id());
                live.remove(chunk.id());
            }
            tx.commit();
        }
    }

    /** Exact top ids by brute force over the chunks that should be live. */
    private List<String> expectedTop(float[] query, int k) {
        return live.entrySet().stream()
                .sorted(Comparator.comparingDouble((Map.Entry<String, float[]> e) -> -dot(e.getValue(), query)))
                .limit(k)
                .map(Map.Entry::getKey)
                .collect(Collectors.toList());
    }

    private static double dot(float[] a, float[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    /** Recall of the store's top 10 against brute force, over 30 queries; asserts deleted chunks never appear. */
    private double recall(SqliteStore store) {
        double recall = 0;
        for (int q = 0; q < 30; q++) {
            float[] query = StoreFixtures.random(random, DIM);
            List<String> got =
                    StoreFixtures.hitIds(store.vectors().search(ChunkKind.CODE, query, 10, SearchFilter.NONE));
            assertThat(got).hasSize(10).allSatisfy(id -> assertThat(live).containsKey(id));
            List<String> expected = expectedTop(query, 10);
            recall += got.stream().filter(expected::contains).count() / 10.0;
        }
        return recall / 30;
    }

    @Test
    void a_saved_graph_is_loaded_on_the_next_open_and_caught_up_with_later_commits() {
        List<CodeChunk> first;
        try (SqliteStore store = open()) {
            first = insert(store, "a", 1000);
            assertThat(recall(store)).isGreaterThan(0.9);
            assertThat(store.loadedIndex(ChunkKind.CODE).graphSize()).isEqualTo(1000);
        }
        Path file = GraphFiles.path(dir, ChunkKind.CODE);
        assertThat(file).isRegularFile();
        // Commits by a process that never searches leave the graph file behind.
        try (SqliteStore writer = open()) {
            insert(writer, "b", 200);
            delete(writer, first.subList(0, 100));
        }
        try (SqliteStore store = open()) {
            assertThat(recall(store)).isGreaterThan(0.9);
            VectorIndex index = store.loadedIndex(ChunkKind.CODE);
            assertThat(index.restored()).isTrue();
            assertThat(index.liveCount()).isEqualTo(1100);
            assertThat(index.graphSize()).isEqualTo(1200); // the 200 new ones were added to the restored graph
        }
    }

    @Test
    void a_damaged_graph_file_is_ignored_and_rebuilt() throws Exception {
        try (SqliteStore store = open()) {
            insert(store, "a", 600);
            recall(store);
        }
        Path file = GraphFiles.path(dir, ChunkKind.CODE);
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(raf.length() / 2);
            raf.write(new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        }
        try (SqliteStore store = open()) {
            assertThat(recall(store)).isGreaterThan(0.9);
            assertThat(store.loadedIndex(ChunkKind.CODE).restored()).isFalse();
        }
        try (SqliteStore store = open()) {
            recall(store);
            assertThat(store.loadedIndex(ChunkKind.CODE).restored()).isTrue();
        }
        Files.write(file, new byte[] {0, 1, 2});
        try (SqliteStore store = open()) {
            assertThat(recall(store)).isGreaterThan(0.9);
        }
    }

    @Test
    void a_graph_file_of_another_store_is_not_used() throws Exception {
        try (SqliteStore store = open()) {
            insert(store, "a", 600);
            recall(store);
        }
        Path saved = Files.copy(GraphFiles.path(dir, ChunkKind.CODE), tmp.resolve("saved.jvg"));
        live.clear();
        try (SqliteStore store = SqliteStore.recreate(dir, MODEL, DIM, options())) {
            insert(store, "c", 400);
        }
        Files.copy(saved, GraphFiles.path(dir, ChunkKind.CODE));
        try (SqliteStore store = open()) {
            assertThat(recall(store)).isGreaterThan(0.9);
            assertThat(store.loadedIndex(ChunkKind.CODE).restored()).isFalse();
        }
    }

    @Test
    void deleting_most_vectors_compacts_the_index_and_keeps_results_exact_to_the_live_set() {
        try (SqliteStore store = open()) {
            List<CodeChunk> chunks = insert(store, "a", 2400);
            recall(store);
            delete(store, chunks.subList(0, 1200));
            store.awaitIdle();
            VectorIndex index = store.loadedIndex(ChunkKind.CODE);
            assertThat(index.size()).isEqualTo(1200);
            assertThat(index.deadCount()).isZero();
            assertThat(recall(store)).isGreaterThan(0.9);
        }
    }

    @Test
    void searches_stay_correct_while_the_graph_is_built_in_the_background() {
        StoreOptions background = options().withBackgroundGraph(true);
        try (SqliteStore store = SqliteStore.open(dir, MODEL, DIM, background)) {
            insert(store, "a", 1000);
            // The first search schedules the build; every search meanwhile combines graph and exact tail.
            for (int i = 0; i < 5; i++) {
                assertThat(recall(store)).isGreaterThan(0.9);
            }
            store.awaitIdle();
            assertThat(store.loadedIndex(ChunkKind.CODE).graphSize()).isEqualTo(1000);
            insert(store, "b", 100);
            assertThat(recall(store)).isGreaterThan(0.9);
        } // close() stops the worker and saves the graph
        assertThat(GraphFiles.path(dir, ChunkKind.CODE)).isRegularFile();
    }

    @Test
    void temporary_graph_files_of_dead_writers_are_removed_on_open() throws Exception {
        open().close();
        Path dead = Files.writeString(dir.resolve("graph-code.jvg.2147483646-abc.tmp"), "partial");
        Path alive = Files.writeString(
                dir.resolve("graph-code.jvg." + ProcessHandle.current().pid() + "-abc.tmp"), "being written");
        open().close();
        assertThat(dead).doesNotExist();
        assertThat(alive).exists();
    }
}
