package dev.coderag.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.Chunk;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EmbedWorkTest {
    @Test
    void chunks_with_the_same_text_share_one_embedding() {
        Chunk a = chunk("A.java", "int x;");
        Chunk b = chunk("B.java", "int x;");

        EmbedWork work = EmbedWork.of(EmbedWork.byContentHash(List.of(a, b)), Map.of());

        assertThat(work.toEmbed()).containsExactly(a.contentHash());
        assertThat(work.byHash().get(a.contentHash())).containsExactly(a, b);
        assertThat(work.texts()).containsExactly(Map.entry(a.contentHash(), a.embeddingText()));
    }

    @Test
    void texts_with_a_stored_vector_are_reused_not_embedded() {
        Chunk stored = chunk("A.java", "int stored;");
        Chunk fresh = chunk("B.java", "int fresh;");
        Map<String, float[]> reused = Map.of(stored.contentHash(), new float[] {1f});

        EmbedWork work = EmbedWork.of(EmbedWork.byContentHash(List.of(stored, fresh)), reused);

        assertThat(work.toEmbed()).containsExactly(fresh.contentHash());
        assertThat(work.texts()).containsOnlyKeys(fresh.contentHash());
        assertThat(work.reused()).isSameAs(reused);
    }

    @Test
    void longest_texts_are_embedded_first_and_equal_lengths_in_hash_order() {
        Chunk shortOne = chunk("S.java", "a;");
        Chunk longOne = chunk("L.java", "a much longer body;");
        Chunk sameA = chunk("X.java", "int p;");
        Chunk sameB = chunk("Y.java", "int q;");

        EmbedWork work = EmbedWork.of(EmbedWork.byContentHash(List.of(shortOne, sameB, longOne, sameA)), Map.of());

        List<String> equalLength = sameA.contentHash().compareTo(sameB.contentHash()) < 0
                ? List.of(sameA.contentHash(), sameB.contentHash())
                : List.of(sameB.contentHash(), sameA.contentHash());
        assertThat(work.toEmbed())
                .containsExactly(longOne.contentHash(), equalLength.get(0), equalLength.get(1), shortOne.contentHash());
    }

    private static Chunk chunk(String path, String code) {
        return new CodeChunk("r", path, Language.JAVA, "x", SymbolKind.MODULE, "", "", "", code, 1, 1, List.of(), "m");
    }
}
