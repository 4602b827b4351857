package dev.coderag.store.embedded.vectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.coderag.store.embedded.StoreFixtures;
import io.github.jbellis.jvector.graph.ListRandomAccessVectorValues;
import io.github.jbellis.jvector.graph.similarity.BuildScoreProvider;
import io.github.jbellis.jvector.graph.similarity.ScoreFunction;
import io.github.jbellis.jvector.quantization.MutablePQVectors;
import io.github.jbellis.jvector.quantization.ProductQuantization;
import io.github.jbellis.jvector.vector.types.VectorFloat;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The compressed tier's own pairwise PQ score for graph diversity gives JVector's scores (so the same graph, only
 * faster), and JVector's provider is kept where the shortcut's assumptions do not hold.
 */
class PqBuildScoresTest {
    private static final int DIM = 64;
    private static final int N = 600;

    private final Random random = new Random(11);

    private List<VectorFloat<?>> vectors() {
        List<VectorFloat<?>> out = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            out.add(VectorIndex.VTS.createFloatVector(StoreFixtures.random(random, DIM)));
        }
        return out;
    }

    private static MutablePQVectors encoded(ProductQuantization pq, List<VectorFloat<?>> vectors) {
        MutablePQVectors codes = new MutablePQVectors(pq);
        for (int i = 0; i < vectors.size(); i++) {
            codes.encodeAndSet(i, vectors.get(i));
        }
        return codes;
    }

    @Test
    void diversityScoresEqualJVectorsForEveryPair() {
        List<VectorFloat<?>> vectors = vectors();
        ProductQuantization pq = ProductQuantization.compute(
                new ListRandomAccessVectorValues(vectors, DIM), DiskVectors.subspaces(DIM), 256, false);
        MutablePQVectors codes = encoded(pq, vectors);

        BuildScoreProvider ours = PqBuildScores.of(codes);
        BuildScoreProvider jvector = BuildScoreProvider.pqBuildScoreProvider(VectorStorage.SIMILARITY, codes);

        assertThat(ours).isInstanceOf(PqBuildScores.class);
        float lowest = Float.MAX_VALUE;
        float highest = -Float.MAX_VALUE;
        for (int a = 0; a < N; a += 7) {
            ScoreFunction mine = ours.diversityScoreFunctionFor(a);
            ScoreFunction theirs = jvector.diversityScoreFunctionFor(a);
            assertThat(mine.isExact()).isFalse();
            for (int b = 0; b < N; b++) {
                float expected = theirs.similarityTo(b);
                assertThat(mine.similarityTo(b)).as("pair %d-%d", a, b).isCloseTo(expected, within(1e-5f));
                lowest = Math.min(lowest, expected);
                highest = Math.max(highest, expected);
            }
            assertThat(ours.diversityProviderFor(a).scoreFunction().similarityTo(a + 1))
                    .isCloseTo(theirs.similarityTo(a + 1), within(1e-5f));
        }
        // the comparison covered a real spread of scores, not one value
        assertThat(highest - lowest).isGreaterThan(0.3f);
    }

    @Test
    void aGloballyCentredCodebookKeepsJVectorsProvider() {
        List<VectorFloat<?>> vectors = vectors();
        ProductQuantization centred = ProductQuantization.compute(
                new ListRandomAccessVectorValues(vectors, DIM), DiskVectors.subspaces(DIM), 256, true);

        assertThat(PqBuildScores.of(encoded(centred, vectors))).isNotInstanceOf(PqBuildScores.class);
    }
}
