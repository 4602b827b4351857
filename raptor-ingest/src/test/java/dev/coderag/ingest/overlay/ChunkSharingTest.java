package dev.coderag.ingest.overlay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.ingest.IngestSummary;
import dev.coderag.store.FileEntry;
import dev.coderag.store.IndexState;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.SharedChunk;
import dev.coderag.store.StoredChunk;
import dev.coderag.types.Chunk;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which chunks of a changed file an overlay stores and which it shares with its base; which overlays follow. */
class ChunkSharingTest {
    private static CodeChunk code(String repo, String symbol, String body, int line, List<String> calls) {
        return new CodeChunk(
                repo,
                "src/retry.py",
                Language.PYTHON,
                symbol,
                SymbolKind.FUNCTION,
                "",
                "def " + symbol + "()",
                "",
                body,
                line,
                line + 2,
                calls,
                "m");
    }

    private static StoredChunk stored(Chunk c) {
        return new StoredChunk(c.id(), c);
    }

    @Test
    void a_moved_chunk_is_shared_at_its_branch_line_and_a_changed_one_is_stored() {
        CodeChunk a = code("r", "a", "def a():\n  x()\n", 1, List.of("x"));
        CodeChunk b = code("r", "b", "def b():\n  y()\n", 5, List.of("y"));
        List<Chunk> branch = List.of(
                code("r@f", "a", "def a():\n  x()\n", 4, List.of("x")),
                code("r@f", "b", "def b():\n  z()\n", 8, List.of("z")));

        ChunkSharing.Split split = ChunkSharing.split(branch, List.of(stored(a), stored(b)));

        assertThat(split.shared()).containsExactly(new SharedChunk(a.id(), 4));
        assertThat(split.own()).containsExactly(branch.get(1));
    }

    @Test
    void a_base_chunk_still_of_the_static_tier_is_shared() {
        Chunk a = code("r", "a", "def a():\n  x()\n", 1, List.of("x")).withModelId("m-static-v1");
        List<Chunk> branch = List.of(code("r@f", "a", "def a():\n  x()\n", 2, List.of("x")));

        assertThat(ChunkSharing.split(branch, List.of(stored(a))).shared()).containsExactly(new SharedChunk(a.id(), 2));
    }

    @Test
    void equal_text_with_other_calls_or_a_repeated_chunk_is_stored() {
        CodeChunk a = code("r", "a", "def a():\n  x()\n", 1, List.of("x"));
        List<Chunk> branch = List.of(
                code("r@f", "a", "def a():\n  x()\n", 1, List.of("x", "w")),
                code("r@f", "a", "def a():\n  x()\n", 10, List.of("x")),
                code("r@f", "a", "def a():\n  x()\n", 20, List.of("x")));

        ChunkSharing.Split split = ChunkSharing.split(branch, List.of(stored(a)));

        assertThat(split.shared()).containsExactly(new SharedChunk(a.id(), 10));
        assertThat(split.own()).containsExactly(branch.get(0), branch.get(2));
        assertThat(ChunkSharing.split(branch, List.of()).own()).isEqualTo(branch);
    }

    @Test
    void a_file_whose_shared_chunk_left_the_base_is_read_again() {
        Map<String, String> hashes = Map.of("src/retry.py", "h1", "src/other.py", "h2");
        Map<String, List<SharedChunk>> shared = Map.of(
                "src/retry.py", List.of(new SharedChunk("gone", 3), new SharedChunk("kept", 9)),
                "src/other.py", List.of(new SharedChunk("kept2", 1)));

        Map<String, String> out = ChunkSharing.staleAsPending(hashes, shared, java.util.Set.of("kept", "kept2"));

        assertThat(out)
                .containsEntry("src/retry.py", FileEntry.pendingHash("h1"))
                .containsEntry("src/other.py", "h2");
    }

    @Test
    void a_changed_base_is_followed_by_its_overlays_not_ingested_after_it() {
        IngestSummary.RepoResult changed = result("r", 1);
        IngestSummary.RepoResult same = result("s", 0);
        List<RepoInfo> stored = List.of(info("r", ""), info("r@a", "a"), info("r@b", "b"), info("s@c", "c"));

        assertThat(Followers.due(List.of(changed, same), stored))
                .extracting(Followers.Follow::name)
                .containsExactly("r@a", "r@b");
        assertThat(Followers.due(List.of(changed, result("r@a", 0)), stored))
                .extracting(Followers.Follow::name)
                .containsExactly("r@b");
        assertThat(Followers.due(List.of(result("r@a", 0), changed), stored))
                .extracting(Followers.Follow::name)
                .containsExactly("r@a", "r@b");
    }

    private static IngestSummary.RepoResult result(String name, int changedFiles) {
        return new IngestSummary.RepoResult(
                name,
                "file:///" + name,
                "",
                new IngestSummary.Files(0, changedFiles, 3, 0, 0, Map.of()),
                new IngestSummary.Chunks(0, 0, 0, 0));
    }

    private static RepoInfo info(String name, String branch) {
        return new RepoInfo(
                name,
                "file:///" + name,
                "",
                Optional.empty(),
                Map.of(),
                Map.of(),
                1,
                IndexState.COMPLETE,
                0,
                branch,
                0);
    }
}
