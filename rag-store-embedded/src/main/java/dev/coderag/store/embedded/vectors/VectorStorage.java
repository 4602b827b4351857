package dev.coderag.store.embedded.vectors;

import dev.coderag.store.embedded.db.StoreOptions;
import io.github.jbellis.jvector.graph.RandomAccessVectorValues;
import io.github.jbellis.jvector.graph.similarity.BuildScoreProvider;
import io.github.jbellis.jvector.graph.similarity.DefaultSearchScoreProvider;
import io.github.jbellis.jvector.graph.similarity.SearchScoreProvider;
import io.github.jbellis.jvector.quantization.PQVectors;
import io.github.jbellis.jvector.quantization.ProductQuantization;
import io.github.jbellis.jvector.vector.VectorSimilarityFunction;
import io.github.jbellis.jvector.vector.types.VectorFloat;

/**
 * How a {@link VectorIndex} keeps its vectors by ordinal: on the heap ({@link HeapVectors}, the exact tier), or
 * as product-quantization codes in memory with the full vectors in a file ({@link DiskVectors}, the compressed
 * tier, above {@link StoreOptions#compressAbove()}). Everything the index does with vectors goes through here:
 * appending, exact scores, the graph's build and search scores, and freezing them for a graph file.
 *
 * <p>Not thread-safe on its own: guarded by the owning index's lock — {@link #put} and {@link #ensureCapacity}
 * under its write lock, everything else under its read lock (or on an index nobody else sees yet).
 */
sealed interface VectorStorage permits HeapVectors, DiskVectors {
    VectorSimilarityFunction SIMILARITY = VectorSimilarityFunction.DOT_PRODUCT;

    /** Makes room for ordinals below {@code capacity}. */
    void ensureCapacity(int capacity);

    /** Stores the vector of the next ordinal (ordinals are appended in order, never rewritten). */
    void put(int ordinal, float[] vector);

    /** The full-precision vector of an ordinal. */
    VectorFloat<?> get(int ordinal);

    /** The exact dot product (the cosine: vectors are unit length) of {@code q} and an ordinal's vector. */
    float dot(VectorFloat<?> q, int ordinal);

    /** Offers every ordinal of {@code accepted} in [from, to) with its exact score to {@code top}. */
    default void scan(VectorFloat<?> q, java.util.BitSet accepted, int from, int to, TopK top) {
        for (int ordinal = accepted.nextSetBit(from);
                ordinal >= 0 && ordinal < to;
                ordinal = accepted.nextSetBit(ordinal + 1)) {
            top.offer(ordinal, dot(q, ordinal));
        }
    }

    /** The scores a graph builder uses; {@code values} reads {@link #get}. */
    BuildScoreProvider buildScores(RandomAccessVectorValues values);

    /** The scores a graph search uses for {@code q}: exact, or approximate with an exact reranker. */
    SearchScoreProvider searchScores(VectorFloat<?> q, RandomAccessVectorValues values);

    /**
     * How many candidates a graph search with this beam keeps (JVector's {@code rerankK}, its beam width) and, when
     * approximate, reranks exactly: the beam on the heap, twice the beam (at least 4k) in the compressed tier.
     */
    int rerankK(int beam, int k);

    /** What a graph file needs of ordinals [0, n) to restore this storage. */
    Frozen freeze(int n);

    /** Releases the file, if any; {@code delete} when the index has been replaced and its file is garbage. */
    void close(boolean delete);

    /** The vectors part of a frozen index ({@link FrozenIndex}). */
    sealed interface Frozen {
        /** The scores the graph loader recomputes for each edge, so that the writer orders edges by them. */
        BuildScoreProvider scores();
    }

    /** The exact tier: the vectors themselves. */
    record HeapFrozen(VectorFloat<?>[] vectors, int dimension) implements Frozen {
        @Override
        public BuildScoreProvider scores() {
            return BuildScoreProvider.randomAccessScoreProvider(
                    new io.github.jbellis.jvector.graph.ListRandomAccessVectorValues(
                            java.util.Arrays.asList(vectors), dimension),
                    SIMILARITY);
        }
    }

    /**
     * The compressed tier: the codebook and codes (ordinals below n never change, so the live codes are shared),
     * and the vectors file they belong to with a checksum of its sampled vectors.
     */
    record PqFrozen(ProductQuantization pq, PQVectors codes, String fileName, long fileId, long checksum)
            implements Frozen {
        @Override
        public BuildScoreProvider scores() {
            return BuildScoreProvider.pqBuildScoreProvider(SIMILARITY, codes);
        }
    }

    /** A search provider with exact scores. */
    static SearchScoreProvider exact(VectorFloat<?> q, RandomAccessVectorValues values) {
        return DefaultSearchScoreProvider.exact(q, SIMILARITY, values);
    }
}
