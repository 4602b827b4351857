package dev.coderag.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.store.BranchNames;
import dev.coderag.store.FileEntry;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.SharedChunk;
import dev.coderag.store.Store;
import dev.coderag.types.Chunk;
import dev.coderag.types.CodeChunk;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second branch of a git repository is stored as an overlay of the first (docs/STORE.md, "Branches"): only the
 * files it changes or adds, and an absent entry per file it deletes. Real git, real tree-sitter, real model, real
 * store files.
 */
class BranchOverlayIngestTest {
    private static Embedder embedder;

    @TempDir
    Path tmp;

    @BeforeAll
    static void model() {
        embedder = Embedder.open(EmbeddingModel.BGE_SMALL_INT8);
    }

    @AfterAll
    static void closeModel() {
        embedder.close();
    }

    @Test
    void a_second_branch_stores_only_what_it_changes_and_hides_what_it_deletes() throws Exception {
        Path work = GitFixture.init(tmp.resolve("tinyroute"));
        IngesterTest.copyTree(fixture(), work);
        GitFixture.commit(work, "base");
        String main = GitFixture.branch(work);
        GitFixture.git(work, "checkout", "-q", "-b", "feature/retry");
        Path retry = work.resolve("cli/src/tinyroute/retry.py");
        Files.writeString(retry, Files.readString(retry).replace("base * (2 ** (attempt - 1))", "base * 3 ** attempt"));
        GitFixture.write(
                work,
                "cli/src/tinyroute/jitter.py",
                "def full_jitter(delay):\n    \"\"\"Any delay up to"
                        + " delay.\"\"\"\n    import random\n    return random.uniform(0, delay)\n");
        Files.delete(work.resolve("docs/caching.md"));
        GitFixture.commit(work, "feature");
        GitFixture.git(work, "checkout", "-q", main);
        String url = work.toUri().toString();
        Path storeDir = tmp.resolve("store");
        IngestOptions options = IngestOptions.defaults(storeDir).withAllowFileUrls(true);

        try (Store store = Store.open(storeDir, embedder.modelId(), embedder.dimension())) {
            Ingester ingester = Ingester.create(store, embedder, options);
            ingester.ingest(List.of(IngestRequest.of(url)), ProgressListener.NONE);
            IngestRequest feature = new IngestRequest(url, Optional.empty(), Optional.of("feature/retry"));
            IngestSummary first = ingester.ingest(List.of(feature), ProgressListener.NONE);

            String overlay = BranchNames.overlay("tinyroute", "feature/retry");
            assertThat(overlay).isEqualTo("tinyroute@feature+retry");
            RepoInfo info = store.repos().get(overlay).orElseThrow();
            assertThat(info.branch()).isEqualTo("feature/retry");
            Map<String, FileEntry> entries = store.files().entries(overlay);
            assertThat(entries.keySet())
                    .containsExactlyInAnyOrder(
                            "cli/src/tinyroute/retry.py", "cli/src/tinyroute/jitter.py", "docs/caching.md");
            assertThat(entries.get("docs/caching.md").absent()).isTrue();
            assertThat(entries.get("docs/caching.md").chunkIds()).isEmpty();
            assertThat(entries.get("cli/src/tinyroute/retry.py").fileHash())
                    .isNotEqualTo(store.files().hashes("tinyroute").get("cli/src/tinyroute/retry.py"));
            // the overlay's chunks are those of the two files, with the branch's text; the base keeps its own
            List<Chunk> own = chunks(store, entries);
            assertThat(own)
                    .extracting(Chunk::path)
                    .containsOnly("cli/src/tinyroute/retry.py", "cli/src/tinyroute/jitter.py");
            assertThat(own).anySatisfy(c -> assertThat(c.embeddingText()).contains("base * 3 ** attempt"));
            assertThat(chunks(store, store.files().entries("tinyroute")))
                    .anySatisfy(c -> assertThat(c.embeddingText()).contains("base * (2 ** (attempt - 1))"));
            int base = store.repos().get("tinyroute").orElseThrow().chunks().values().stream()
                    .mapToInt(Integer::intValue)
                    .sum();
            assertThat(own.size()).isPositive().isLessThan(base / 3);
            assertThat(first.files().newFiles()).isEqualTo(3);

            // the base's clone keeps its branch: re-indexing it changes nothing
            IngestSummary again = ingester.ingest(List.of(IngestRequest.of(url)), ProgressListener.NONE);
            assertThat(again.chunks().inserted()).isZero();
            assertThat(again.chunks().deleted()).isZero();
            // nor does re-indexing the branch, by its source and branch or by the overlay's name (a re-index)
            IngestSummary same = ingester.ingest(List.of(feature), ProgressListener.NONE);
            assertThat(same.chunks().inserted()).isZero();
            IngestSummary byName = ingester.ingest(
                    List.of(new IngestRequest(url, Optional.of(overlay), Optional.of("feature/retry"))),
                    ProgressListener.NONE);
            assertThat(byName.chunks().inserted()).isZero();
            assertThat(store.files().entries(overlay)).isEqualTo(entries);
        }
    }

    @Test
    void a_changed_file_stores_only_its_changed_chunks_and_shares_the_rest_at_the_branch_lines() throws Exception {
        Path work = GitFixture.init(tmp.resolve("tinyroute"));
        IngesterTest.copyTree(fixture(), work);
        GitFixture.commit(work, "base");
        String main = GitFixture.branch(work);
        GitFixture.git(work, "checkout", "-q", "-b", "feature");
        String path = "cli/src/tinyroute/retry.py";
        Path retry = work.resolve(path);
        String original = Files.readString(retry);
        // three lines inserted above everything: every chunk of the file moves; one function's body changes
        Files.writeString(
                retry,
                "# Copyright the authors.\n# Retry helpers.\n# See docs/retry.md.\n"
                        + original.replace("base * (2 ** (attempt - 1))", "base * 3 ** attempt"));
        GitFixture.commit(work, "feature");
        GitFixture.git(work, "checkout", "-q", main);
        String url = work.toUri().toString();
        Path storeDir = tmp.resolve("store");
        IngestOptions options = IngestOptions.defaults(storeDir).withAllowFileUrls(true);
        IngestRequest feature = new IngestRequest(url, Optional.empty(), Optional.of("feature"));
        String overlay = BranchNames.overlay("tinyroute", "feature");

        try (Store store = Store.open(storeDir, embedder.modelId(), embedder.dimension())) {
            Ingester ingester = Ingester.create(store, embedder, options);
            ingester.ingest(List.of(IngestRequest.of(url)), ProgressListener.NONE);
            ingester.ingest(List.of(feature), ProgressListener.NONE);

            List<Chunk> own = chunks(store, store.files().entries(overlay));
            List<Chunk> base = chunks(store, store.files().entries("tinyroute", List.of(path)));
            assertThat(own).anySatisfy(c -> assertThat(c.embeddingText()).contains("base * 3 ** attempt"));
            assertThat(own).noneSatisfy(c -> assertThat(c.embeddingText()).contains("def fetch_with_retry"));
            assertThat(own.size()).isLessThan(base.size());
            List<SharedChunk> shared = store.files().shared(overlay).get(path);
            assertThat(own.size() + shared.size()).isEqualTo(base.size());
            // each shared chunk's code stands in the branch's file at the line it is shared at (git's copy)
            List<String> branchLines =
                    GitFixture.git(work, "show", "feature:" + path).lines().toList();
            for (SharedChunk s : shared) {
                Chunk c = store.chunks().getAll(List.of(s.chunkId())).getFirst().chunk();
                assertThat(c.repo()).isEqualTo("tinyroute");
                assertThat(s.startLine()).isEqualTo(c.startLine() + 3);
                if (c instanceof CodeChunk code) {
                    assertThat(branchLines.get(s.startLine() - 1).strip())
                            .isEqualTo(code.code()
                                    .lines()
                                    .findFirst()
                                    .orElseThrow()
                                    .strip());
                }
            }

            // the base changes a function the branch shares: its ingest drops the shared chunk and reconciles the
            // branch after it, which stores its own version instead of pointing at a chunk that is gone
            Files.writeString(retry, original.replace("Raises the last error", "Raises the final error"));
            GitFixture.commit(work, "base moves on");
            IngestSummary moved = ingester.ingest(List.of(IngestRequest.of(url)), ProgressListener.NONE);
            assertThat(moved.repos()).extracting(IngestSummary.RepoResult::name).containsExactly("tinyroute", overlay);
            List<SharedChunk> after = store.files().shared(overlay).get(path);
            assertThat(store.chunks()
                            .getAll(after.stream().map(SharedChunk::chunkId).toList()))
                    .hasSize(after.size());
            assertThat(chunks(store, store.files().entries(overlay)))
                    .anySatisfy(c -> assertThat(c.embeddingText()).contains("Raises the last error"));
        }
    }

    private static List<Chunk> chunks(Store store, Map<String, FileEntry> entries) {
        return store
                .chunks()
                .getAll(entries.values().stream()
                        .flatMap(e -> e.chunkIds().stream())
                        .toList())
                .stream()
                .map(s -> s.chunk())
                .toList();
    }

    private static Path fixture() throws URISyntaxException {
        return Path.of(
                BranchOverlayIngestTest.class.getResource("/fixture-repo").toURI());
    }
}
