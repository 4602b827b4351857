package dev.coderag.store.embedded.vectors;

import io.github.jbellis.jvector.graph.similarity.BuildScoreProvider;
import io.github.jbellis.jvector.graph.similarity.DefaultSearchScoreProvider;
import io.github.jbellis.jvector.graph.similarity.ScoreFunction;
import io.github.jbellis.jvector.graph.similarity.SearchScoreProvider;
import io.github.jbellis.jvector.quantization.PQVectors;
import io.github.jbellis.jvector.quantization.ProductQuantization;
import io.github.jbellis.jvector.vector.types.ByteSequence;
import io.github.jbellis.jvector.vector.types.VectorFloat;

/**
 * The compressed tier's graph-build scores: JVector's PQ build scores, except the pairwise node-to-node score the
 * builder's diversity pruning asks for most — the dot product of two decoded PQ codes, {@code (1 + Σ_m c_m[a_m] ·
 * c_m[b_m]) / 2} for {@link VectorStorage#SIMILARITY} — computed here over plain {@code float[]} codebooks.
 *
 * <p>Why: JVector 4.0.2 computes that sum with one vector-API call per subspace (96 calls of 4 floats each for
 * 384-d), which profiles as most of a compressed graph build at 1M vectors; plain arrays (the 96 codebooks of 256 ×
 * 4 floats are 384 KB, cache-resident) compute the same sum — the same scores up to
 * floating-point rounding, so the same graph — without that overhead. Only for a codebook that is not globally
 * centred (what {@link DiskVectors#compress} trains) and equal-sized subspaces; anything else keeps JVector's.
 *
 * <p>Thread-safe: read-only after construction; the codes are appended under the index's write lock and read
 * under its read lock, as for JVector's own provider.
 */
final class PqBuildScores implements BuildScoreProvider {
    private final BuildScoreProvider jvector;
    private final PQVectors codes;
    private final int subspaces;
    private final int width;
    /** Subspace m's 256 centroids of {@code width} floats, one after another. */
    private final float[][] codebooks;

    private PqBuildScores(BuildScoreProvider jvector, PQVectors codes, int width, float[][] codebooks) {
        this.jvector = jvector;
        this.codes = codes;
        this.subspaces = codebooks.length;
        this.width = width;
        this.codebooks = codebooks;
    }

    /** The build scores for {@code codes}: these where they apply (see the class comment), else JVector's. */
    static BuildScoreProvider of(PQVectors codes) {
        BuildScoreProvider jvector = BuildScoreProvider.pqBuildScoreProvider(VectorStorage.SIMILARITY, codes);
        ProductQuantization pq = codes.getCompressor();
        int m = pq.getSubspaceCount();
        int width = pq.getSubvectorSize(0);
        if (pq.getGlobalCentroid() != null || width * m != pq.getOriginalDimension()) {
            return jvector;
        }
        float[][] codebooks = new float[m][];
        for (int s = 0; s < m; s++) {
            if (pq.getSubvectorSize(s) != width) {
                return jvector;
            }
            VectorFloat<?> book = pq.getCodebookVector(s);
            codebooks[s] = new float[book.length()];
            for (int i = 0; i < codebooks[s].length; i++) {
                codebooks[s][i] = book.get(i);
            }
        }
        return new PqBuildScores(jvector, codes, width, codebooks);
    }

    @Override
    public boolean isExact() {
        return false;
    }

    @Override
    public VectorFloat<?> approximateCentroid() {
        return jvector.approximateCentroid();
    }

    @Override
    public SearchScoreProvider searchProviderFor(VectorFloat<?> vector) {
        return jvector.searchProviderFor(vector);
    }

    @Override
    public SearchScoreProvider searchProviderFor(int node) {
        return jvector.searchProviderFor(node);
    }

    @Override
    public SearchScoreProvider diversityProviderFor(int node) {
        return new DefaultSearchScoreProvider(diversityScoreFunctionFor(node));
    }

    @Override
    public ScoreFunction diversityScoreFunctionFor(int node) {
        byte[] first = code(node);
        return (ScoreFunction.ApproximateScoreFunction) other -> (1 + dot(first, codes.get(other))) / 2;
    }

    private byte[] code(int node) {
        ByteSequence<?> code = codes.get(node);
        byte[] out = new byte[subspaces];
        for (int s = 0; s < subspaces; s++) {
            out[s] = code.get(s);
        }
        return out;
    }

    /** Σ over subspaces of the dot product of the two codes' centroids. */
    float dot(byte[] first, ByteSequence<?> second) {
        float sum = 0;
        for (int s = 0; s < subspaces; s++) {
            float[] book = codebooks[s];
            int a = Byte.toUnsignedInt(first[s]) * width;
            int b = Byte.toUnsignedInt(second.get(s)) * width;
            float d = 0;
            for (int i = 0; i < width; i++) {
                d += book[a + i] * book[b + i];
            }
            sum += d;
        }
        return sum;
    }
}
