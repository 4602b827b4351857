package dev.coderag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.coderag.store.ScoredChunk;
import dev.coderag.types.CodeChunk;
import java.util.List;
import org.junit.jupiter.api.Test;

class FileSupportTest {

    /** A hit with BM25 {@code bm25}, on the store's s / (s + 1) scale. */
    private static ScoredChunk bm25(String path, String symbol, double bm25) {
        CodeChunk c = TestChunks.code(path, symbol, 1, 2);
        return new ScoredChunk(c.id(), c, bm25 / (bm25 + 1));
    }

    @Test
    void a_file_with_many_matching_chunks_overtakes_one_lucky_chunk() {
        List<ScoredChunk> hits = List.of(
                bm25("lucky.py", "a", 10),
                bm25("broad.py", "b1", 9),
                bm25("broad.py", "b2", 8),
                bm25("broad.py", "b3", 8));
        List<ScoredChunk> out = Fusion.withFileSupport(hits, 0.1);
        // b1: 9 + 0.1 * (8 + 8) = 10.6 > 10
        assertThat(out).extracting(h -> h.chunk().title()).containsExactly("b1", "a", "b2", "b3");
        double s = out.getFirst().score();
        assertThat(s / (1 - s)).isCloseTo(10.6, within(1e-6));
    }

    @Test
    void chunks_of_different_files_keep_their_order_and_scores() {
        List<ScoredChunk> hits = List.of(bm25("a.py", "a", 3), bm25("b.py", "b", 2), bm25("c.py", "c", 1));
        List<ScoredChunk> out = Fusion.withFileSupport(hits, 0.1);
        assertThat(out).extracting(h -> h.chunk().title()).containsExactly("a", "b", "c");
        for (int i = 0; i < hits.size(); i++) {
            assertThat(out.get(i).score()).isCloseTo(hits.get(i).score(), within(1e-9));
        }
    }

    @Test
    void zero_weight_changes_nothing() {
        List<ScoredChunk> hits = List.of(bm25("a.py", "a", 1), bm25("b.py", "b", 5));
        assertThat(Fusion.withFileSupport(hits, 0)).isSameAs(hits);
    }
}
