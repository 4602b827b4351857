package dev.coderag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.store.FileEntry;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.SkippedFile;
import dev.coderag.store.Store;
import dev.coderag.store.StoredChunk;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.SymbolKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole pipeline with the real tree-sitter parser, the real model and a real store on disk.
 *
 * <p>To keep the suite lean the fixture repo is cold-ingested once per class (into a template store); each
 * test starts from a copy of that store and of the repo, ingesting the copy under the same name.
 */
class IngesterTest {
    private static Embedder embedder;
    private static Path templateRepo;
    private static Path templateStore;
    private static IngestSummary coldSummary;
    private static List<ProgressListener.IngestProgress> coldEvents;

    @TempDir
    static Path shared;

    @TempDir
    Path tmp;

    private Path repo;
    private Path storeDir;

    @BeforeAll
    static void coldIngestOfTheFixture() throws IOException, URISyntaxException {
        embedder = Embedder.open(EmbeddingModel.BGE_SMALL_FP32); // one model load for the class
        templateRepo = shared.resolve("tinyroute");
        copyTree(Path.of(IngesterTest.class.getResource("/fixture-repo").toURI()), templateRepo);
        templateStore = shared.resolve("store");
        coldEvents = new ArrayList<>();
        try (Store store = Store.open(templateStore, embedder.modelId(), embedder.dimension())) {
            coldSummary = Ingester.create(store, embedder, IngestOptions.defaults(templateStore))
                    .ingest(List.of(IngestRequest.of(templateRepo.toString())), coldEvents::add);
        }
    }

    @AfterAll
    static void closeModel() {
        embedder.close();
    }

    @BeforeEach
    void copyTemplate() throws IOException {
        repo = tmp.resolve("tinyroute");
        copyTree(templateRepo, repo);
        storeDir = tmp.resolve("store");
        copyTree(templateStore, storeDir);
    }

    @Test
    void cold_ingest_then_a_rerun_embeds_nothing_then_a_one_function_edit_embeds_one_chunk() throws IOException {
        try (Store store = open()) {
            Ingester ingester = Ingester.create(store, embedder, IngestOptions.defaults(storeDir));
            IngestSummary first = coldSummary;
            List<ProgressListener.IngestProgress> events = coldEvents;

            assertThat(first.files().newFiles()).isGreaterThanOrEqualTo(15);
            assertThat(first.files().skippedByReason()).containsEntry("unsupported", 1); // scripts/release.pl
            assertThat(first.chunks().inserted()).isGreaterThan(30);
            assertThat(first.chunks().embedded() + first.chunks().reused())
                    .isEqualTo(first.chunks().inserted());
            assertThat(first.chunks().deleted()).isZero();
            assertThat(events)
                    .extracting(ProgressListener.IngestProgress::phase)
                    .contains(IngestPhase.PARSE, IngestPhase.EMBED, IngestPhase.DONE);
            // resolution of the Java files runs after the commit, and the repository is done only after it
            List<IngestPhase> phases =
                    events.stream().map(ProgressListener.IngestProgress::phase).toList();
            assertThat(phases.indexOf(IngestPhase.DONE)).isEqualTo(phases.size() - 1);
            assertThat(phases.indexOf(IngestPhase.RESOLVE)).isGreaterThan(phases.lastIndexOf(IngestPhase.EMBED));
            ProgressListener.IngestProgress resolved = events.get(phases.lastIndexOf(IngestPhase.RESOLVE));
            assertThat(resolved.filesDone()).isPositive().isEqualTo(resolved.filesTotal());
            RepoInfo info = store.repos().get("tinyroute").orElseThrow();
            assertThat(info.chunks().get(ChunkKind.CODE)).isPositive();
            assertThat(info.chunks().get(ChunkKind.README)).isPositive();
            assertThat(info.chunks().get(ChunkKind.MANIFEST)).isEqualTo(5);
            assertThat(info.languages()).containsKeys("java", "python", "rust", "go", "typescript", "javascript");
            assertThat(info.files()).isEqualTo(first.files().newFiles());
            int stored = store.chunks().counts().values().stream()
                    .mapToInt(Integer::intValue)
                    .sum();
            assertThat(stored).isEqualTo(first.chunks().inserted());

            IngestSummary second = ingester.ingest(List.of(tinyroute()), ProgressListener.NONE);

            assertThat(second.files().unchanged()).isEqualTo(first.files().newFiles());
            assertThat(second.chunks()).isEqualTo(new IngestSummary.Chunks(0, 0, 0, 0));

            CodeChunk method = aMethod(store, "router/src/main/java/dev/tinyroute/http/Router.java");
            appendToLine(method.path(), method.endLine() - 1, " // tuned");

            IngestSummary third = ingester.ingest(List.of(tinyroute()), ProgressListener.NONE);

            assertThat(third.files().changed()).isEqualTo(1);
            assertThat(third.chunks().embedded()).isEqualTo(1);
            assertThat(store.chunks().get(method.id())).isEmpty();
            List<Chunk> now = store.chunks().byPath(method.path(), Optional.of("tinyroute")).stream()
                    .map(StoredChunk::chunk)
                    .toList();
            assertThat(now).extracting(Chunk::title).contains(method.qualifiedName());
            assertThat(store.chunks().counts().values().stream()
                            .mapToInt(Integer::intValue)
                            .sum())
                    .isEqualTo(stored);
        }
    }

    @Test
    void two_repos_share_a_store_and_reingesting_one_leaves_the_other() throws IOException {
        Path other = tmp.resolve("other");
        write(
                other.resolve("Calc.java"),
                "class Calc {\n    int add(int a, int b) {\n        return a + b;\n    }\n}\n");
        try (Store store = open()) {
            Ingester ingester = Ingester.create(store, embedder, IngestOptions.defaults(storeDir));
            ingester.ingest(List.of(tinyroute(), IngestRequest.of(other.toString())), ProgressListener.NONE);
            Map<String, FileEntry> otherIndex = store.files().entries("other");
            assertThat(otherIndex).containsOnlyKeys("Calc.java");

            Files.delete(repo.resolve("docs/caching.md"));
            IngestSummary again = ingester.ingest(List.of(tinyroute()), ProgressListener.NONE);

            assertThat(again.files().deleted()).isEqualTo(1);
            assertThat(store.files().entries("other")).isEqualTo(otherIndex);
            assertThat(store.chunks().getAll(otherIndex.get("Calc.java").chunkIds()))
                    .hasSize(otherIndex.get("Calc.java").chunkIds().size());
            assertThat(store.repos().list()).extracting(RepoInfo::name).containsExactlyInAnyOrder("tinyroute", "other");
        }
    }

    @Test
    void a_second_directory_with_a_taken_name_is_refused_unless_named() throws IOException {
        Path clash = tmp.resolve("elsewhere/tinyroute");
        write(clash.resolve("X.java"), "class X {}\n");
        try (Store store = open()) {
            Ingester ingester = Ingester.create(store, embedder, IngestOptions.defaults(storeDir));
            ingester.ingest(List.of(tinyroute()), ProgressListener.NONE);

            assertThatThrownBy(
                            () -> ingester.ingest(List.of(IngestRequest.of(clash.toString())), ProgressListener.NONE))
                    .isInstanceOfSatisfying(IngestException.class, e -> assertThat(e.reason())
                            .isEqualTo(IngestException.Reason.BAD_SOURCE))
                    .hasMessageContaining("--name");
            ingester.ingest(
                    List.of(new IngestRequest(clash.toString(), Optional.of("tinyroute-2"), Optional.empty())),
                    ProgressListener.NONE);
            assertThat(store.files().entries("tinyroute-2")).containsOnlyKeys("X.java");
        }
    }

    @Test
    void dry_run_reports_the_plan_and_writes_nothing() throws IOException {
        CodeChunk method;
        Map<String, FileEntry> before;
        Map<ChunkKind, Integer> counts;
        try (Store store = open()) {
            method = aMethod(store, "router/src/main/java/dev/tinyroute/http/Router.java");
            before = store.files().entries("tinyroute");
            counts = store.chunks().counts();
        }
        appendToLine(method.path(), method.endLine() - 1, " // tuned");
        Files.delete(repo.resolve("docs/caching.md"));
        write(repo.resolve("web/src/extra.ts"), "export function extra(): number {\n  return 1;\n}\n");

        try (Store store = open()) {
            IngestSummary plan = Ingester.create(
                            store, embedder, IngestOptions.defaults(storeDir).withDryRun(true))
                    .ingest(List.of(tinyroute()), ProgressListener.NONE);

            assertThat(plan.files().changed()).isEqualTo(1);
            assertThat(plan.files().deleted()).isEqualTo(1);
            assertThat(plan.files().newFiles()).isEqualTo(1);
            assertThat(plan.chunks().embedded()).isEqualTo(2); // the edited method and the new function
            assertThat(plan.chunks().deleted()).isGreaterThan(1);
            assertThat(store.files().entries("tinyroute")).isEqualTo(before);
            assertThat(store.chunks().counts()).isEqualTo(counts);
            assertThat(store.chunks().get(method.id())).isPresent();
        }
    }

    @Test
    void a_store_of_another_model_is_refused_with_a_hint_to_use_full() {
        Path otherStore = tmp.resolve("other-store");
        try (Store store = Store.open(otherStore, "some/other-model", embedder.dimension())) {
            assertThatThrownBy(() -> Ingester.create(store, embedder, IngestOptions.defaults(otherStore))
                            .ingest(List.of(tinyroute()), ProgressListener.NONE))
                    .isInstanceOfSatisfying(IngestException.class, e -> assertThat(e.reason())
                            .isEqualTo(IngestException.Reason.MODEL_MISMATCH))
                    .hasMessageContaining("--full")
                    .hasMessageNotContaining("\n");
        }
    }

    @Test
    void an_open_write_transaction_makes_ingest_fail_as_locked() {
        try (Store store = open();
                WriteTransaction held = store.begin()) {
            assertThatThrownBy(() -> Ingester.create(store, embedder, IngestOptions.defaults(storeDir))
                            .ingest(List.of(tinyroute()), ProgressListener.NONE))
                    .isInstanceOfSatisfying(
                            IngestException.class, e -> assertThat(e.reason()).isEqualTo(IngestException.Reason.LOCKED))
                    .hasMessage("another ingest is running on " + storeDir);
        }
    }

    @Test
    void the_scan_runs_before_the_write_lock_is_taken() throws IOException {
        CodeChunk method;
        try (Store store = open()) {
            method = aMethod(store, "router/src/main/java/dev/tinyroute/http/Router.java");
        }
        appendToLine(method.path(), method.endLine() - 1, " // tuned");
        try (Store store = open()) {
            AtomicReference<String> lockDuringParse = new AtomicReference<>();
            IngestSummary summary = Ingester.create(store, embedder, IngestOptions.defaults(storeDir))
                    .ingest(List.of(tinyroute()), p -> {
                        if (p.phase() == IngestPhase.PARSE && lockDuringParse.get() == null) {
                            try (WriteTransaction probe = store.begin()) {
                                lockDuringParse.set("free");
                            } catch (RuntimeException e) {
                                lockDuringParse.set("held: " + e.getMessage());
                            }
                        }
                    });
            assertThat(lockDuringParse.get()).isEqualTo("free");
            assertThat(summary.files().changed()).isEqualTo(1);
            assertThat(store.chunks().get(method.id())).isEmpty();
        }
    }

    @Test
    void a_commit_between_the_plan_and_the_lock_makes_the_ingest_plan_again() throws IOException {
        CodeChunk method;
        int before;
        try (Store store = open()) {
            method = aMethod(store, "router/src/main/java/dev/tinyroute/http/Router.java");
            before = store.chunks().counts().values().stream()
                    .mapToInt(Integer::intValue)
                    .sum();
        }
        appendToLine(method.path(), method.endLine() - 1, " // tuned");
        try (Store store = open()) {
            AtomicBoolean raced = new AtomicBoolean();
            AtomicReference<IngestSummary> other = new AtomicReference<>();
            // a second writer (another instance, as another process would be) commits the same edit while the
            // first one is still scanning
            IngestSummary late = Ingester.create(store, embedder, IngestOptions.defaults(storeDir))
                    .ingest(List.of(tinyroute()), p -> {
                        if (p.phase() == IngestPhase.PARSE && !raced.getAndSet(true)) {
                            other.set(Ingester.create(store, embedder, IngestOptions.defaults(storeDir))
                                    .ingest(List.of(tinyroute()), ProgressListener.NONE));
                        }
                    });
            assertThat(raced).isTrue();
            assertThat(other.get().files().changed()).isEqualTo(1);
            // the first plan said "one file changed"; against what is committed now, nothing is left to do
            assertThat(late.files().changed()).isZero();
            assertThat(late.chunks().inserted()).isZero();
            assertThat(store.chunks().get(method.id())).isEmpty();
            assertThat(store.chunks().counts().values().stream()
                            .mapToInt(Integer::intValue)
                            .sum())
                    .isEqualTo(before);
        }
    }

    @Test
    void git_checkouts_record_the_commit_and_changes_since_it_are_found_even_after_a_dirty_ingest() throws IOException {
        GitFixture.init(repo);
        String c1 = GitFixture.commit(repo, "fixture");
        try (Store store = open()) {
            Ingester ingester = Ingester.create(store, embedder, IngestOptions.defaults(storeDir));
            ingester.ingest(List.of(tinyroute()), ProgressListener.NONE);
            assertThat(store.repos().get("tinyroute").orElseThrow().commit()).isEqualTo(c1);

            appendToLine("cli/src/tinyroute/retry.py", 1, "  # committed edit");
            String c2 = GitFixture.commit(repo, "edit");
            IngestSummary committed = ingester.ingest(List.of(tinyroute()), ProgressListener.NONE);
            assertThat(committed.files().changed()).isEqualTo(1);
            assertThat(committed.repos().getFirst().commit()).isEqualTo(c2);

            appendToLine("server/server.go", 1, " // uncommitted");
            IngestSummary dirty = ingester.ingest(List.of(tinyroute()), ProgressListener.NONE);
            assertThat(dirty.files().changed()).isEqualTo(1);
            assertThat(dirty.repos().getFirst().commit()).isEqualTo(c2 + "-dirty");

            GitFixture.git(repo, "checkout", "--", "server/server.go"); // back to c2: git sees no change
            IngestSummary reverted = ingester.ingest(List.of(tinyroute()), ProgressListener.NONE);
            assertThat(reverted.files().changed()).isEqualTo(1);
            assertThat(reverted.repos().getFirst().commit()).isEqualTo(c2);
        }
    }

    @Test
    void skipped_files_are_recorded_with_their_reason_and_follow_the_tree_on_the_next_run() throws IOException {
        Files.write(repo.resolve("logo.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 0, 0, 13});
        Files.write(repo.resolve("blob.py"), new byte[] {'x', '=', 0, 1, 2, '\n'});
        Files.writeString(repo.resolve("notes.xyz"), "not a language coderag knows\n");
        Files.writeString(repo.resolve("bundle.js"), "var a=1;".repeat(4_000) + "\n");
        try (Store store = open()) {
            Ingester ingester = Ingester.create(store, embedder, IngestOptions.defaults(storeDir));
            ingester.ingest(List.of(tinyroute()), ProgressListener.NONE);
            assertThat(store.repos().skipped("tinyroute", 100))
                    .contains(
                            new SkippedFile("blob.py", "binary"),
                            new SkippedFile("bundle.js", "minified"),
                            new SkippedFile("logo.png", "unsupported"),
                            new SkippedFile("notes.xyz", "unsupported"));

            // only skipped files change: the list is still brought up to date
            Files.delete(repo.resolve("logo.png"));
            Files.delete(repo.resolve("blob.py"));
            IngestSummary again = ingester.ingest(List.of(tinyroute()), ProgressListener.NONE);
            assertThat(again.files().changed() + again.files().newFiles()).isZero();
            assertThat(store.repos().skipped("tinyroute", 100))
                    .extracting(SkippedFile::path)
                    .contains("bundle.js", "notes.xyz")
                    .doesNotContain("logo.png", "blob.py");
        }
    }

    @Test
    void a_cloned_branch_is_recorded_kept_on_a_plain_reingest_and_remove_leaves_neither_rows_nor_clone()
            throws IOException {
        Path work = GitFixture.init(tmp.resolve("work"));
        GitFixture.write(work, "Main.java", "class Main { void run() {} }\n");
        GitFixture.commit(work, "main");
        GitFixture.git(work, "checkout", "-q", "-b", "feature");
        GitFixture.write(work, "Feature.java", "class Feature { int answer() { return 42; } }\n");
        GitFixture.commit(work, "feature");
        GitFixture.git(work, "checkout", "-q", "-");
        Path bare = tmp.resolve("origin.git");
        GitFixture.git(tmp, "clone", "--bare", "-q", work.toString(), bare.toString());
        String url = bare.toUri().toString();
        IngestOptions options = IngestOptions.defaults(storeDir).withAllowFileUrls(true);
        try (Store store = open()) {
            Ingester ingester = Ingester.create(store, embedder, options);
            ingester.ingest(
                    List.of(new IngestRequest(url, Optional.of("origin"), Optional.of("feature"))),
                    ProgressListener.NONE);
            RepoInfo origin = store.repos().get("origin").orElseThrow();
            assertThat(origin.branch()).isEqualTo("feature");
            assertThat(store.files().entries("origin")).containsKey("Feature.java");

            ingester.ingest(
                    List.of(new IngestRequest(url, Optional.of("origin"), Optional.empty())), ProgressListener.NONE);
            assertThat(store.repos().get("origin").orElseThrow().branch()).isEqualTo("feature");
            assertThat(store.files().entries("origin")).containsKey("Feature.java");
            Path clone = options.cloneDir().resolve("origin");
            assertThat(clone.resolve("Feature.java")).exists();

            assertThat(Ingester.remove(store, options, "origin")).isTrue();
            assertThat(store.repos().get("origin")).isEmpty();
            assertThat(store.files().entries("origin")).isEmpty();
            assertThat(store.chunks().byPath("Feature.java", Optional.of("origin")))
                    .isEmpty();
            assertThat(clone).doesNotExist();
            assertThat(store.repos().get("tinyroute")).isPresent(); // the other repo stays
            assertThat(Ingester.remove(store, options, "origin")).isFalse();
            assertThatThrownBy(() -> Ingester.remove(store, options, "../store"))
                    .isInstanceOfSatisfying(IngestException.class, e -> assertThat(e.reason())
                            .isEqualTo(IngestException.Reason.BAD_SOURCE));
        }
    }

    // ---------------------------------------------------------------------------------------------------------

    /** The test's copy of the fixture, under the name the template store knows it by. */
    private IngestRequest tinyroute() {
        return new IngestRequest(repo.toString(), Optional.of("tinyroute"), Optional.empty());
    }

    private Store open() {
        return Store.open(storeDir, embedder.modelId(), embedder.dimension());
    }

    private static CodeChunk aMethod(Store store, String path) {
        return store.chunks().byPath(path, Optional.of("tinyroute")).stream()
                .map(StoredChunk::chunk)
                .filter(c -> c instanceof CodeChunk cc
                        && cc.symbolKind() == SymbolKind.METHOD
                        && cc.endLine() - cc.startLine() >= 4)
                .map(CodeChunk.class::cast)
                .findFirst()
                .orElseThrow();
    }

    private void appendToLine(String rel, int line, String suffix) throws IOException {
        Path file = repo.resolve(rel);
        List<String> lines = new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8));
        lines.set(line - 1, lines.get(line - 1) + suffix);
        Files.write(file, lines, StandardCharsets.UTF_8);
    }

    private static void write(Path file, String content) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, content, StandardCharsets.UTF_8);
    }

    static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            walk.forEach(src -> {
                Path dst = to.resolve(from.relativize(src).toString());
                try {
                    if (Files.isDirectory(src)) {
                        Files.createDirectories(dst);
                    } else {
                        Files.copy(src, dst);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    @SuppressWarnings("unused")
    private static Set<String> ids(List<Chunk> chunks) {
        return chunks.stream().map(Chunk::id).collect(Collectors.toSet());
    }
}
