package dev.coderag.store.embedded;

import static dev.coderag.store.embedded.StoreFixtures.MODEL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.coderag.store.ScoredChunk;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.WriteTransaction;
import dev.coderag.store.embedded.db.StoreOptions;
import dev.coderag.store.embedded.vectors.VectorFile;
import dev.coderag.store.embedded.vectors.VectorIndex;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CodeChunk;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compressed tier, with real files and real JVector: a table past {@code compressAbove} keeps PQ codes in memory
 * and its full vectors in {@code vectors-<table>.*.f32}; searches stay near-exact (recall against brute force) with
 * exact cosines, respect filters and deletes, survive restarts from the files, rebuild from SQLite when the vectors
 * file is damaged, and stay correct while a table crosses the threshold and while commits and graph work run.
 */
class CompressedTierTest {
    private static final int DIM = 64;
    private static final int COMPRESS_ABOVE = 2_000;

    @TempDir
    Path tmp;

    private Path dir;
    private final Random random = new Random(7);
    private final List<float[]> centroids = new ArrayList<>();
    /** chunk id → vector, of every live chunk; chunk id → repo */
    private final Map<String, float[]> live = new LinkedHashMap<>();

    private final Map<String, String> repoOf = new LinkedHashMap<>();

    @BeforeEach
    void setUp() {
        dir = tmp.resolve("store");
        for (int c = 0; c < 60; c++) {
            centroids.add(StoreFixtures.random(random, DIM));
        }
    }

    private static StoreOptions options() {
        return StoreOptions.DEFAULTS
                .withExactBelow(500)
                .withGraph(16, 48)
                .withBackgroundGraph(false)
                .withCompressAbove(COMPRESS_ABOVE);
    }

    private SqliteStore open(StoreOptions options) {
        return SqliteStore.open(dir, MODEL, DIM, options);
    }

    private float[] clustered() {
        float[] centroid = centroids.get(random.nextInt(centroids.size()));
        float[] v = new float[DIM];
        for (int d = 0; d < DIM; d++) {
            v[d] = centroid[d] + 0.15f * (float) random.nextGaussian();
        }
        return StoreFixtures.normalize(v);
    }

    private List<CodeChunk> insert(SqliteStore store, String prefix, int n) {
        List<CodeChunk> chunks = new ArrayList<>();
        try (WriteTransaction tx = store.begin()) {
            for (int i = 0; i < n; i++) {
                String repo = i % 3 == 0 ? "b" : "a";
                CodeChunk chunk =
                        StoreFixtures.code(repo, prefix + "/F" + i + ".py", prefix + i, "def f(): pass", 1, List.of());
                float[] vector = clustered();
                tx.insert(chunk, vector);
                live.put(chunk.id(), vector);
                repoOf.put(chunk.id(), repo);
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

    private static double dot(float[] a, float[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    private List<String> exactTop(float[] query, int k, String repo) {
        return live.entrySet().stream()
                .filter(e -> repo == null || repo.equals(repoOf.get(e.getKey())))
                .sorted(Comparator.comparingDouble((Map.Entry<String, float[]> e) -> -dot(e.getValue(), query)))
                .limit(k)
                .map(Map.Entry::getKey)
                .toList();
    }

    /**
     * Recall@10 against brute force over 40 queries near the data; asserts every hit is live (and in {@code repo})
     * and carries its exact cosine.
     */
    private double recall(SqliteStore store, String repo) {
        SearchFilter filter = repo == null ? SearchFilter.NONE : SearchFilter.repo(repo);
        double recall = 0;
        int queries = 40;
        for (int q = 0; q < queries; q++) {
            float[] query = clustered();
            List<ScoredChunk> hits = store.vectors().search(ChunkKind.CODE, query, 10, filter);
            assertThat(hits).hasSize(10);
            for (ScoredChunk hit : hits) {
                assertThat(live).containsKey(hit.id());
                if (repo != null) {
                    assertThat(repoOf.get(hit.id())).isEqualTo(repo);
                }
                assertThat(hit.score()).isCloseTo(Math.max(0, dot(live.get(hit.id()), query)), within(1e-5));
            }
            List<String> expected = exactTop(query, 10, repo);
            recall += hits.stream().filter(h -> expected.contains(h.id())).count() / 10.0;
        }
        return recall / queries;
    }

    private List<Path> vectorFiles() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().startsWith("vectors-code."))
                    .toList();
        }
    }

    @Test
    void a_large_table_is_compressed_and_answers_near_exactly_with_exact_cosines_filters_and_deletes() {
        try (SqliteStore store = open(options())) {
            List<CodeChunk> chunks = insert(store, "a", 5_000);
            assertThat(recall(store, null)).isGreaterThanOrEqualTo(0.95);
            VectorIndex index = store.loadedIndex(ChunkKind.CODE);
            assertThat(index.compressed()).isTrue();
            assertThat(index.graphSize()).isEqualTo(5_000);

            assertThat(recall(store, "b"))
                    .as("a broad filter through the graph")
                    .isGreaterThanOrEqualTo(0.95);
            delete(store, chunks.subList(0, 400));
            assertThat(recall(store, null)).isGreaterThanOrEqualTo(0.95);
            // a filter matching fewer than exactBelow vectors: exact search over vectors read from the file
            SearchFilter small = SearchFilter.NONE.withPathGlob("a/F49*.py");
            float[] query = clustered();
            List<ScoredChunk> hits = store.vectors().search(ChunkKind.CODE, query, 5, small);
            List<String> expected = live.entrySet().stream()
                    .filter(e -> chunks.stream()
                            .anyMatch(c -> c.id().equals(e.getKey()) && c.path().matches("a/F49[^/]*\\.py")))
                    .sorted(Comparator.comparingDouble((Map.Entry<String, float[]> e) -> -dot(e.getValue(), query)))
                    .limit(5)
                    .map(Map.Entry::getKey)
                    .toList();
            assertThat(hits).extracting(ScoredChunk::id).containsExactlyElementsOf(expected);
        }
    }

    @Test
    void a_table_crossing_the_threshold_answers_before_during_and_after_the_move() {
        try (SqliteStore store = open(options())) {
            insert(store, "a", 1_500);
            assertThat(recall(store, null)).isGreaterThanOrEqualTo(0.95);
            VectorIndex before = store.loadedIndex(ChunkKind.CODE);
            assertThat(before.compressed()).isFalse();
            assertThat(before.graphSize()).isEqualTo(1_500);

            insert(store, "b", 1_000);
            // the next search catches up and moves the table (compacted copy, graph rebuilt, swapped in)
            assertThat(recall(store, null)).isGreaterThanOrEqualTo(0.95);
            VectorIndex after = store.loadedIndex(ChunkKind.CODE);
            assertThat(after).isNotSameAs(before);
            assertThat(after.compressed()).isTrue();
            assertThat(after.graphSize()).isEqualTo(2_500);
            assertThat(before.search(clustered(), 10, SearchFilter.NONE))
                    .as("the replaced index is retired")
                    .isNull();

            insert(store, "c", 300); // vectors after the graph: scanned exactly from the file, then added
            assertThat(recall(store, null)).isGreaterThanOrEqualTo(0.95);
            assertThat(store.loadedIndex(ChunkKind.CODE).graphSize()).isEqualTo(2_800);
        }
    }

    @Test
    void a_restart_restores_the_compressed_index_from_its_files_and_a_damaged_vectors_file_is_rebuilt()
            throws Exception {
        try (SqliteStore store = open(options())) {
            insert(store, "a", 3_000);
            assertThat(recall(store, null)).isGreaterThanOrEqualTo(0.95);
            assertThat(store.loadedIndex(ChunkKind.CODE).compressed()).isTrue();
        }
        assertThat(vectorFiles()).hasSize(1);
        try (SqliteStore writer = open(options())) { // commits by a process that never searches
            insert(writer, "b", 200);
        }
        try (SqliteStore store = open(options())) {
            assertThat(recall(store, null)).isGreaterThanOrEqualTo(0.95);
            VectorIndex index = store.loadedIndex(ChunkKind.CODE);
            assertThat(index.restored())
                    .as("loaded from the graph and vectors files")
                    .isTrue();
            assertThat(index.compressed()).isTrue();
            assertThat(index.graphSize()).isEqualTo(3_200);
        }
        assertThat(vectorFiles()).hasSize(1);

        // truncated: rebuilt from store.db
        Path file = vectorFiles().getFirst();
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(raf.length() / 2);
        }
        try (SqliteStore store = open(options())) {
            assertThat(recall(store, null)).isGreaterThanOrEqualTo(0.95);
            assertThat(store.loadedIndex(ChunkKind.CODE).restored()).isFalse();
            assertThat(store.loadedIndex(ChunkKind.CODE).compressed()).isTrue();
        }
        // corrupt in the middle: the sampled checksum tells
        file = vectorFiles().getFirst();
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            long middle = VectorFile.HEADER + 1_600L * DIM * Float.BYTES;
            raf.seek(middle);
            raf.write(new byte[DIM * Float.BYTES]);
        }
        try (SqliteStore store = open(options())) {
            assertThat(recall(store, null)).isGreaterThanOrEqualTo(0.95);
            assertThat(store.loadedIndex(ChunkKind.CODE).restored()).isFalse();
        }
        // missing
        Files.delete(vectorFiles().getFirst());
        try (SqliteStore store = open(options())) {
            assertThat(recall(store, null)).isGreaterThanOrEqualTo(0.95);
            assertThat(store.loadedIndex(ChunkKind.CODE).restored()).isFalse();
        }
        try (SqliteStore store = open(options())) {
            recall(store, null);
            assertThat(store.loadedIndex(ChunkKind.CODE).restored()).isTrue();
        }
        assertThat(vectorFiles()).as("files of replaced indexes are deleted").hasSize(1);
    }

    @Test
    void a_vectors_file_claimed_by_a_process_that_changed_nothing_is_still_restored_on_the_next_start()
            throws Exception {
        try (SqliteStore store = open(options())) {
            insert(store, "a", 3_000);
            recall(store, null);
            assertThat(store.loadedIndex(ChunkKind.CODE).compressed()).isTrue();
        }
        // What a second server leaves behind when it restored the table, answered and exited: the file renamed to
        // its (now dead) pid by the claim, and the graph file unchanged, still naming the first owner's file.
        Path file = vectorFiles().getFirst();
        String name = file.getFileName().toString();
        String claimedByDeadProcess = name.replaceFirst("\\.\\d+-", ".999999999-");
        Files.move(file, file.resolveSibling(claimedByDeadProcess));

        try (SqliteStore store = open(options())) {
            assertThat(recall(store, null)).isGreaterThanOrEqualTo(0.95);
            VectorIndex index = store.loadedIndex(ChunkKind.CODE);
            assertThat(index.restored())
                    .as("restored from its files, not rebuilt")
                    .isTrue();
            assertThat(index.compressed()).isTrue();
        }
        assertThat(vectorFiles()).hasSize(1);
        try (SqliteStore store = open(options())) {
            recall(store, null);
            assertThat(store.loadedIndex(ChunkKind.CODE).restored()).isTrue();
        }
    }

    @Test
    void searches_stay_correct_while_commits_and_background_graph_work_run() throws Exception {
        StoreOptions background = options().withBackgroundGraph(true);
        try (SqliteStore store = open(background)) {
            insert(store, "a", 1_800); // on the heap; the commits below take it across the threshold
            assertThat(recall(store, null)).isGreaterThanOrEqualTo(0.9);
            AtomicBoolean stop = new AtomicBoolean();
            ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
            CountDownLatch running = new CountDownLatch(3);
            List<Thread> readers = new ArrayList<>();
            for (int t = 0; t < 3; t++) {
                Random own = new Random(t);
                Thread reader = new Thread(() -> {
                    running.countDown();
                    while (!stop.get()) {
                        try {
                            float[] query = StoreFixtures.random(own, DIM);
                            List<ScoredChunk> hits =
                                    store.vectors().search(ChunkKind.CODE, query, 10, SearchFilter.NONE);
                            // a hit deleted by a commit during the search is dropped (SqliteVectorSearch)
                            if (hits.isEmpty() || hits.size() > 10) {
                                throw new AssertionError("got " + hits.size() + " hits");
                            }
                            for (int i = 1; i < hits.size(); i++) {
                                if (hits.get(i).score() > hits.get(i - 1).score()) {
                                    throw new AssertionError("hits out of order: " + hits);
                                }
                            }
                        } catch (Throwable e) {
                            failures.add(e);
                            return;
                        }
                    }
                });
                reader.start();
                readers.add(reader);
            }
            running.await();
            for (int round = 0; round < 6; round++) {
                List<CodeChunk> added = insert(store, "r" + round, 400);
                delete(store, added.subList(0, 150));
            }
            stop.set(true);
            for (Thread reader : readers) {
                reader.join();
            }
            assertThat(failures).isEmpty();
            store.awaitIdle();
            assertThat(store.loadedIndex(ChunkKind.CODE).compressed()).isTrue();
            assertThat(recall(store, null)).isGreaterThanOrEqualTo(0.95);
        }
    }
}
