package dev.coderag.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.ingest.history.HistoryOptions;
import dev.coderag.store.BranchNames;
import dev.coderag.store.FileEntry;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.Store;
import dev.coderag.store.VectorTier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 35's storage line over a real repository, this one: a commit {@value #BEHIND} commits behind HEAD and a branch
 * at HEAD (weeks of this project's work added), indexed together, take at most 1.3 times the chunks of the first
 * alone. Real git, real
 * tree-sitter, real static-tier embedder, real store files. The branch's difference is git's ({@code git diff}), not
 * the store's.
 */
class ThisRepositoryBranchesTest {
    private static final int BEHIND = 30;

    @TempDir
    Path tmp;

    @Test
    void this_repository_at_two_branches_weeks_apart_takes_at_most_1_3_times_the_chunks_of_one() {
        Path root = Path.of("..").toAbsolutePath().normalize();
        assertThat(Files.isDirectory(root.resolve(".git")))
                .as("run from a module of a git checkout")
                .isTrue();
        Path bare = tmp.resolve("coderag.git");
        GitFixture.git(tmp, "clone", "--bare", "-q", root.toString(), bare.toString());
        // the costlier direction: the base at the older commit, the branch with the weeks of work added since
        GitFixture.git(bare, "branch", "-f", "newer", "HEAD");
        GitFixture.git(bare, "branch", "-f", "older", "HEAD~" + BEHIND);
        GitFixture.git(bare, "symbolic-ref", "HEAD", "refs/heads/older");
        List<String> differing = GitFixture.git(bare, "diff", "--name-only", "older", "newer")
                .lines()
                .toList();
        String url = bare.toUri().toString();
        Path storeDir = tmp.resolve("store");
        try (Embedder embedder = Embedder.openTwoTier(EmbeddingModel.BGE_SMALL_INT8);
                Store store = Store.open(storeDir, embedder.modelId(), embedder.dimension())) {
            Ingester ingester = Ingester.create(
                    store,
                    embedder,
                    IngestOptions.defaults(storeDir)
                            .withAllowFileUrls(true)
                            .withVectors(VectorTier.STATIC)
                            .withResolve(false)
                            .withHistory(HistoryOptions.OFF));
            ingester.ingest(List.of(IngestRequest.of(url)), ProgressListener.NONE);
            ingester.ingest(
                    List.of(new IngestRequest(url, Optional.empty(), Optional.of("newer"))), ProgressListener.NONE);

            String overlay = BranchNames.overlay("coderag", "newer");
            int one = chunks(store.repos().get("coderag").orElseThrow());
            int both = one + chunks(store.repos().get(overlay).orElseThrow());
            Map<String, FileEntry> entries = store.files().entries(overlay);
            // the overlay holds an entry for indexed files git says differ, and for no other
            assertThat(entries).isNotEmpty();
            assertThat(differing).containsAll(entries.keySet());
            assertThat((double) both / one)
                    .as("both branches %d chunks, one %d (overlay: %d files)", both, one, entries.size())
                    .isLessThanOrEqualTo(1.3);
        }
    }

    private static int chunks(RepoInfo info) {
        return info.chunks().values().stream().mapToInt(Integer::intValue).sum();
    }
}
