package dev.coderag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.store.ScoredChunk;
import dev.coderag.store.Store;
import dev.coderag.types.Chunk;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Questions asked of one branch of a repository indexed at two (docs/STORE.md, "Branches"): the branch's own lines
 * answer, the base's version of a file the branch changed or deleted never does, and the base still answers from
 * its own. Real git, ingester, model and store.
 */
class BranchRetrievalTest {
    private static Path dir;
    private static Store store;
    private static Retriever retriever;
    private static String overlay;

    @BeforeAll
    static void twoBranches() throws Exception {
        dir = FixtureStore.tempDir("coderag-branches-");
        store = BranchFixture.twoBranches(dir);
        overlay = BranchFixture.OVERLAY;
        retriever = Retriever.create(store, SharedModel.embedder());
    }

    @AfterAll
    static void close() {
        store.close();
        FixtureStore.delete(dir);
    }

    @Test
    void the_branch_answers_from_its_own_version_of_a_changed_file() {
        Retrieval r = retriever.retrieve(
                "How is the Fibonacci backoff delay computed?", Optional.of(overlay), RetrievalMode.FULL, 5);
        Chunk first = r.hits().get(0).chunk();
        assertThat(first.repo()).isEqualTo(overlay);
        assertThat(first.path()).isEqualTo("cli/src/tinyroute/retry.py");
        assertThat(first.embeddingText()).contains("fibonacci_backoff");
        // the base's retry.py (changed in the branch) is never among the branch's sources
        assertThat(r.hits())
                .noneSatisfy(h -> assertThat(h.chunk().repo() + ":" + h.chunk().path())
                        .isEqualTo("tinyroute:cli/src/tinyroute/retry.py"));
    }

    @Test
    void the_branch_shows_the_base_files_it_shares_and_hides_those_it_deleted() {
        Retrieval shared =
                retriever.retrieve("How are HTTP headers parsed?", Optional.of(overlay), RetrievalMode.FULL, 5);
        assertThat(paths(shared)).contains("tinyroute:router/src/main/java/dev/tinyroute/http/HeaderParser.java");
        Retrieval base = retriever.retrieve(
                "How does the TTL cache expire entries?", Optional.of("tinyroute"), RetrievalMode.FULL, 10);
        assertThat(paths(base)).contains("tinyroute:docs/caching.md");
        Retrieval branch = retriever.retrieve(
                "How does the TTL cache expire entries?", Optional.of(overlay), RetrievalMode.FULL, 10);
        assertThat(paths(branch)).isNotEmpty().doesNotContain("tinyroute:docs/caching.md");
    }

    @Test
    void an_unchanged_function_of_a_changed_file_is_cited_at_the_branch_lines() throws Exception {
        Retrieval r = retriever.retrieve(
                "How does fetch_with_retry retry a failed request?", Optional.of(overlay), RetrievalMode.FULL, 5);
        Chunk fetch = r.hits().stream()
                .map(ScoredChunk::chunk)
                .filter(c -> c.embeddingText().contains("def fetch_with_retry"))
                .findFirst()
                .orElseThrow();
        // the overlay stores no copy of it: the base's chunk, shown under the branch's name at the branch's lines
        assertThat(store.chunks().bySymbol("fetch_with_retry", Optional.of(overlay)))
                .isEmpty();
        assertThat(fetch.repo()).isEqualTo(overlay);
        assertThat(fetch.path()).isEqualTo("cli/src/tinyroute/retry.py");
        List<String> branchLines = BranchFixture.branchFile(dir, "cli/src/tinyroute/retry.py");
        assertThat(branchLines.get(fetch.startLine() - 1)).startsWith("def fetch_with_retry(");
        Chunk inBase = store.chunks()
                .bySymbol("fetch_with_retry", Optional.of("tinyroute"))
                .getFirst()
                .chunk();
        assertThat(fetch.startLine()).isGreaterThan(inBase.startLine());
    }

    @Test
    void the_base_still_answers_from_its_own_version() {
        Retrieval r = retriever.retrieve(
                "How is the exponential backoff delay computed?", Optional.of("tinyroute"), RetrievalMode.FULL, 5);
        assertThat(r.hits()).allSatisfy(h -> assertThat(h.chunk().repo()).isEqualTo("tinyroute"));
        assertThat(r.hits().stream().map(ScoredChunk::chunk).map(Chunk::embeddingText))
                .noneMatch(t -> t.contains("fibonacci_backoff"));
    }

    private static List<String> paths(Retrieval r) {
        return r.hits().stream()
                .map(h -> h.chunk().repo() + ":" + h.chunk().path())
                .toList();
    }
}
