package dev.coderag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.store.IndexState;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.Store;
import dev.coderag.store.VectorTier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A repository larger than one slice ({@link IngestOptions#sliceBytes()}) is planned and written a slice of files
 * at a time, with the real model, its static tier, real tree-sitter and real stores — and ends exactly where an
 * ingest of the whole repository from one plan ends: the same files, hashes, chunk ids, vectors and state; its
 * changes, deletions and stops are handled as a whole run's are.
 */
class SlicedIngestTest {
    private static final String REPO = "tinyroute";
    /** The fixture is ~27 kB in 23 files: about eight slices. */
    private static final long SLICE = 4_000;

    private static Embedder embedder;

    @TempDir
    Path tmp;

    @BeforeAll
    static void openModel() {
        embedder = Embedder.openTwoTier(EmbeddingModel.BGE_SMALL_INT8);
    }

    @AfterAll
    static void closeModel() {
        embedder.close();
    }

    @Test
    void slicesCoverTheFilesInOrderEachWithinTheBudgetUnlessOneFileIsLarger() {
        List<RepoWalker.Candidate> files = List.of(
                file("a", 1_500), file("b", 1_500), file("c", 5_000), file("d", 10), file("e", 3_990), file("f", 1));

        List<List<RepoWalker.Candidate>> slices = SliceWriter.slices(files, 4_000);

        assertThat(slices)
                .extracting(s -> s.stream().map(RepoWalker.Candidate::path).toList())
                .containsExactly(List.of("a", "b"), List.of("c"), List.of("d", "e"), List.of("f"));
    }

    @Test
    void aStaticTierIngestInSlicesEndsWhereAWholeOneEnds() throws Exception {
        Path repo = IngestFixtures.copyFixture(tmp.resolve(REPO));
        AtomicInteger commits = new AtomicInteger();
        Map<String, Object> sliced;
        int files;
        try (Store store = open("sliced")) {
            IngestSummary summary = ingest(store, repo, VectorTier.STATIC, SLICE, commitsOf(store, commits));
            sliced = IngestFixtures.snapshot(store, REPO);
            files = summary.files().newFiles();
            // one commit per slice at least: the plan never held the whole repository
            assertThat(commits.get()).isGreaterThanOrEqualTo(5);
            RepoInfo info = store.repos().get(REPO).orElseThrow();
            assertThat(info.state()).isEqualTo(IndexState.COMPLETE);

            // again, unchanged: nothing is written
            IngestSummary again = ingest(store, repo, VectorTier.STATIC, SLICE, ProgressListener.NONE);
            assertThat(again.files().unchanged()).isEqualTo(files);
            assertThat(again.files().newFiles() + again.files().changed()).isZero();
            assertThat(store.repos().get(REPO).orElseThrow().indexedAt()).isEqualTo(info.indexedAt());
        }
        try (Store whole = open("whole")) {
            IngestSummary summary =
                    ingest(whole, repo, VectorTier.STATIC, IngestOptions.DEFAULT_SLICE_BYTES, ProgressListener.NONE);
            assertThat(summary.files().newFiles()).isEqualTo(files);
            assertThat(sliced).isEqualTo(IngestFixtures.snapshot(whole, REPO));
        }
    }

    @Test
    void aFullIngestInSlicesWritesEverySliceAtTheStaticTierFirstThenMovesAllToTheFullTier() throws Exception {
        Path repo = IngestFixtures.copyFixture(tmp.resolve(REPO));
        Map<String, Object> sliced;
        try (Store store = open("sliced")) {
            ingest(store, repo, VectorTier.FULL, SLICE, ProgressListener.NONE);
            sliced = IngestFixtures.snapshot(store, REPO);
            assertThat(store.repos().get(REPO).orElseThrow().staticVectors()).isZero();
            assertThat(store.vectorTiers()).containsExactly(VectorTier.FULL);
        }
        try (Store whole = open("whole")) {
            ingest(whole, repo, VectorTier.FULL, IngestOptions.DEFAULT_SLICE_BYTES, ProgressListener.NONE);
            assertThat(sliced).isEqualTo(IngestFixtures.snapshot(whole, REPO));
        }
    }

    @Test
    void changedAddedAndDeletedFilesInLaterSlicesAreReconciledAsAWholeRunWould() throws Exception {
        Path repo = IngestFixtures.copyFixture(tmp.resolve(REPO));
        try (Store store = open("sliced")) {
            ingest(store, repo, VectorTier.STATIC, SLICE, ProgressListener.NONE);
            // late in walk order, so in a later slice than the first
            Path parser = repo.resolve("router/src/main/java/dev/tinyroute/http/HeaderParser.java");
            Files.writeString(parser, Files.readString(parser).replace("HeaderParser", "HeaderReader"));
            Files.delete(repo.resolve("web/src/format.js"));
            Files.writeString(repo.resolve("web/src/extra.js"), "export function extra(a) {\n  return a + 1;\n}\n");

            IngestSummary summary = ingest(store, repo, VectorTier.STATIC, SLICE, ProgressListener.NONE);

            assertThat(summary.files().changed()).isEqualTo(1);
            assertThat(summary.files().newFiles()).isEqualTo(1);
            assertThat(summary.files().deleted()).isEqualTo(1);
            try (Store whole = open("whole")) {
                ingest(whole, repo, VectorTier.STATIC, IngestOptions.DEFAULT_SLICE_BYTES, ProgressListener.NONE);
                assertThat(IngestFixtures.snapshot(store, REPO)).isEqualTo(IngestFixtures.snapshot(whole, REPO));
            }
        }
    }

    @Test
    void aStopBetweenSlicesKeepsTheCommittedSlicesAndTheNextRunFinishes() throws Exception {
        Path repo = IngestFixtures.copyFixture(tmp.resolve(REPO));
        try (Store store = open("sliced")) {
            Ingester ingester = Ingester.create(store, embedder, options(store, VectorTier.STATIC, SLICE));
            AtomicInteger commits = new AtomicInteger();
            ProgressListener counting = commitsOf(store, commits);
            ProgressListener stopAfterTwo = p -> {
                counting.onProgress(p);
                if (commits.get() >= 2) {
                    ingester.requestStop();
                }
            };
            assertThatThrownBy(() -> ingester.ingest(List.of(IngestRequest.of(repo.toString())), stopAfterTwo))
                    .isInstanceOfSatisfying(IngestException.class, e -> assertThat(e.reason())
                            .isEqualTo(IngestException.Reason.STOPPED));
            RepoInfo info = store.repos().get(REPO).orElseThrow();
            assertThat(info.state()).isEqualTo(IndexState.PARTIAL);
            assertThat(info.pendingFiles()).isPositive();
            int kept = store.files().hashes(REPO).size();
            assertThat(kept).isPositive();

            IngestSummary resumed = ingest(store, repo, VectorTier.STATIC, SLICE, ProgressListener.NONE);
            assertThat(resumed.files().unchanged()).isEqualTo(kept);
            assertThat(resumed.files().newFiles()).isPositive();
            try (Store whole = open("whole")) {
                ingest(whole, repo, VectorTier.STATIC, IngestOptions.DEFAULT_SLICE_BYTES, ProgressListener.NONE);
                assertThat(IngestFixtures.snapshot(store, REPO)).isEqualTo(IngestFixtures.snapshot(whole, REPO));
            }
        }
    }

    private static RepoWalker.Candidate file(String path, long size) {
        return new RepoWalker.Candidate(path, Path.of(path), size);
    }

    private Store open(String name) {
        return Store.open(tmp.resolve(name), embedder.modelId(), embedder.dimension());
    }

    private static IngestOptions options(Store store, VectorTier vectors, long slice) {
        return IngestOptions.defaults(store.directory()).withVectors(vectors).withSliceBytes(slice);
    }

    private static IngestSummary ingest(
            Store store, Path repo, VectorTier vectors, long slice, ProgressListener progress) {
        return Ingester.create(store, embedder, options(store, vectors, slice))
                .ingest(List.of(IngestRequest.of(repo.toString())), progress);
    }

    /** Counts the distinct committed file counts that progress reports see: a rise means a commit happened. */
    private static ProgressListener commitsOf(Store store, AtomicInteger commits) {
        int[] seen = {0};
        return p -> {
            int files = store.files().hashes(REPO).size();
            if (files > seen[0]) {
                seen[0] = files;
                commits.incrementAndGet();
            }
        };
    }
}
