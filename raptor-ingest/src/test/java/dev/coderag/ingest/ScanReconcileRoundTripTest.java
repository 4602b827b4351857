package dev.coderag.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.ingest.parse.ParseOptions;
import dev.coderag.store.FileEntry;
import dev.coderag.types.Chunk;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Parse → Reconcile on a real directory, no model and no store: the index is kept in a map. */
class ScanReconcileRoundTripTest {
    @TempDir
    Path repo;

    /** What a store would hold after applying the plans: path → entry. */
    private Map<String, FileEntry> index = new TreeMap<>();

    private static final String A_JAVA = """
            /** Adds things. */
            class A {
                private int total;

                /** Adds one. */
                int a1(int x) {
                    total += x;
                    return total;
                }

                int a2() {
                    return total * 2;
                }
            }
            """;

    private final FileParser parser = DefaultParser.create(ParseOptions.DEFAULT);

    @BeforeEach
    void createRepo() throws IOException {
        write("src/A.java", A_JAVA);
        write("src/B.java", "class B {\n    int b1() {\n        return 1;\n    }\n}\n");
        write("lib/util.py", "def util():\n    return 1\n\n\ndef other():\n    return 2\n");
        write("README.md", "# Title\n\nSome text.\n\n## Usage\n\nRun it.\n");
        Reconciler.Plan first = reconcile(false);
        assertThat(first.files().added()).containsExactly("README.md", "lib/util.py", "src/A.java", "src/B.java");
        assertThat(first.deleteChunkIds()).isEmpty();
        apply(first);
    }

    @Test
    void unchanged_repo_gives_an_empty_plan() throws IOException {
        Reconciler.Plan plan = reconcile(false);

        assertThat(plan.isEmpty()).isTrue();
        assertThat(plan.files().unchanged()).hasSize(4);
        assertThat(plan.inserts()).isEmpty();
        assertThat(plan.putFiles()).isEmpty();
    }

    @Test
    void editing_one_method_body_replaces_that_chunk_only() throws IOException {
        write("src/A.java", A_JAVA.replace("return total * 2;", "return total * 3;"));

        Reconciler.Plan plan = reconcile(false);

        assertThat(plan.files().changed()).containsExactly("src/A.java");
        assertThat(plan.files().added()).isEmpty();
        assertThat(plan.files().deleted()).isEmpty();
        assertThat(plan.inserts()).extracting(Chunk::title).containsExactly("A.a2");
        assertThat(plan.deleteChunkIds()).hasSize(1).doesNotContainAnyElementsOf(idsOf(plan.inserts()));
        apply(plan);
        assertIndexEqualsFreshIngest();
    }

    @Test
    void adding_a_file_inserts_only_its_chunks() throws IOException {
        write("src/C.java", "class C {\n    void c1() {\n        run();\n    }\n}\n");

        Reconciler.Plan plan = reconcile(false);

        assertThat(plan.files().added()).containsExactly("src/C.java");
        assertThat(plan.files().changed()).isEmpty();
        assertThat(plan.inserts()).extracting(Chunk::title).containsExactlyInAnyOrder("C", "C.c1");
        assertThat(plan.deleteChunkIds()).isEmpty();
        apply(plan);
        assertIndexEqualsFreshIngest();
    }

    @Test
    void deleting_a_file_deletes_its_chunks_and_nothing_else() throws IOException {
        Files.delete(repo.resolve("lib/util.py"));

        Reconciler.Plan plan = reconcile(false);

        assertThat(plan.files().deleted()).containsExactly("lib/util.py");
        assertThat(plan.deleteFiles()).containsExactly("lib/util.py");
        assertThat(plan.deleteChunkIds())
                .containsExactlyInAnyOrderElementsOf(index.get("lib/util.py").chunkIds());
        assertThat(plan.inserts()).isEmpty();
        apply(plan);
        assertIndexEqualsFreshIngest();
    }

    @Test
    void renaming_a_file_is_a_delete_plus_a_new_file() throws IOException {
        Files.createDirectories(repo.resolve("core"));
        Files.move(repo.resolve("src/A.java"), repo.resolve("core/A.java"));

        Reconciler.Plan plan = reconcile(false);

        assertThat(plan.files().deleted()).containsExactly("src/A.java");
        assertThat(plan.files().added()).containsExactly("core/A.java");
        assertThat(plan.files().changed()).isEmpty();
        assertThat(plan.inserts())
                .extracting(Chunk::path)
                .containsOnly("core/A.java")
                .hasSize(3);
        assertThat(plan.deleteChunkIds())
                .containsExactlyInAnyOrderElementsOf(index.get("src/A.java").chunkIds());
        apply(plan);
        assertIndexEqualsFreshIngest();
    }

    @Test
    void inserting_lines_at_the_top_moves_every_chunk_but_keeps_every_text() throws IOException {
        write("src/A.java", "\n\n" + A_JAVA);

        Reconciler.Plan plan = reconcile(false);

        // New line ranges mean new ids, but every text is stored already: nothing to embed.
        int before = index.get("src/A.java").chunkIds().size();
        assertThat(plan.inserts()).hasSize(before);
        assertThat(plan.inserts()).allSatisfy(c -> assertThat(storedHashes()).contains(c.contentHash()));
        assertThat(plan.deleteChunkIds()).hasSize(before);
        apply(plan);
        assertIndexEqualsFreshIngest();
    }

    @Test
    void full_reinserts_every_chunk_and_deletes_none_of_them() throws IOException {
        Reconciler.Plan plan = reconcile(true);

        assertThat(plan.files().unchanged()).hasSize(4);
        assertThat(plan.inserts()).hasSize(idsInIndex().size());
        assertThat(plan.deleteChunkIds()).isEmpty();
        assertThat(plan.putFiles()).hasSize(4);
    }

    private Reconciler.Plan reconcile(boolean full) throws IOException {
        RepoScanner.Scan scan = new RepoScanner(
                        parser, IngestOptions.defaults(repo).withFull(full), "test-model", Set.of())
                .scan("r", repo, hashes(index), Optional.empty(), Long.MAX_VALUE, (d, t, c) -> {});
        return Reconciler.plan(scan.current(), index, scan.parsed(), full);
    }

    private static Map<String, String> hashes(Map<String, FileEntry> index) {
        Map<String, String> out = new HashMap<>();
        index.forEach((path, entry) -> out.put(path, entry.fileHash()));
        return out;
    }

    /** Applies a plan the way the orchestrator applies it to a store. */
    private void apply(Reconciler.Plan plan) {
        Map<String, Set<String>> ids = new HashMap<>();
        Map<String, String> hashes = new HashMap<>();
        index.forEach((p, e) -> {
            ids.put(p, new LinkedHashSet<>(e.chunkIds()));
            hashes.put(p, e.fileHash());
        });
        hashes.putAll(plan.putFiles());
        plan.inserts().forEach(c -> ids.computeIfAbsent(c.path(), p -> new LinkedHashSet<>())
                .add(c.id()));
        plan.deleteChunkIds().forEach(id -> ids.values().forEach(s -> s.remove(id)));
        plan.deleteFiles().forEach(p -> {
            ids.remove(p);
            hashes.remove(p);
        });
        Map<String, FileEntry> next = new TreeMap<>();
        hashes.forEach((p, h) -> next.put(p, new FileEntry("r", p, h, List.copyOf(ids.getOrDefault(p, Set.of())))));
        index = next;
        storedChunks.addAll(plan.inserts());
    }

    private final List<Chunk> storedChunks = new java.util.ArrayList<>();

    private Set<String> storedHashes() {
        Set<String> live = idsInIndex();
        return storedChunks.stream()
                .filter(c -> live.contains(c.id()))
                .map(Chunk::contentHash)
                .collect(Collectors.toSet());
    }

    private void assertIndexEqualsFreshIngest() throws IOException {
        RepoScanner.Scan fresh = new RepoScanner(
                        parser, IngestOptions.defaults(repo).withFull(true), "test-model", Set.of())
                .scan("r", repo, Map.of(), Optional.empty(), Long.MAX_VALUE, (d, t, c) -> {});
        Set<String> freshIds = fresh.parsed().values().stream()
                .flatMap(List::stream)
                .map(Chunk::id)
                .collect(Collectors.toSet());
        assertThat(idsInIndex()).isEqualTo(freshIds);
        assertThat(index.keySet()).isEqualTo(fresh.current().keySet());
        assertThat(reconcile(false).isEmpty()).isTrue();
    }

    private Set<String> idsInIndex() {
        return index.values().stream().flatMap(e -> e.chunkIds().stream()).collect(Collectors.toSet());
    }

    private static Set<String> idsOf(List<Chunk> chunks) {
        return chunks.stream().map(Chunk::id).collect(Collectors.toSet());
    }

    private void write(String rel, String content) throws IOException {
        Path file = repo.resolve(rel);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content, StandardCharsets.UTF_8);
    }
}
