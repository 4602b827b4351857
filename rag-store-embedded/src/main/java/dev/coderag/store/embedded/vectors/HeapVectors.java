package dev.coderag.store.embedded.vectors;

import io.github.jbellis.jvector.graph.RandomAccessVectorValues;
import io.github.jbellis.jvector.graph.similarity.BuildScoreProvider;
import io.github.jbellis.jvector.graph.similarity.SearchScoreProvider;
import io.github.jbellis.jvector.vector.VectorUtil;
import io.github.jbellis.jvector.vector.types.VectorFloat;
import java.util.Arrays;

/** The exact tier: every vector on the heap; exact build and search scores. See {@link VectorStorage}. */
final class HeapVectors implements VectorStorage {
    private final int dimension;
    private VectorFloat<?>[] vectors;

    HeapVectors(int dimension, int capacity) {
        this.dimension = dimension;
        this.vectors = new VectorFloat<?>[capacity];
    }

    /** Vectors restored from a graph file: ordinals [0, n), room for {@code capacity}. */
    HeapVectors(int dimension, VectorFloat<?>[] restored, int capacity) {
        this.dimension = dimension;
        this.vectors = Arrays.copyOf(restored, Math.max(capacity, restored.length));
    }

    @Override
    public void ensureCapacity(int capacity) {
        if (capacity > vectors.length) {
            vectors = Arrays.copyOf(vectors, Math.max(capacity, vectors.length * 2));
        }
    }

    @Override
    public void put(int ordinal, float[] vector) {
        vectors[ordinal] = VectorIndex.VTS.createFloatVector(vector);
    }

    /** Shares a vector of another heap storage (compaction: vectors are immutable). */
    void putShared(int ordinal, VectorFloat<?> vector) {
        vectors[ordinal] = vector;
    }

    @Override
    public VectorFloat<?> get(int ordinal) {
        return vectors[ordinal];
    }

    @Override
    public float dot(VectorFloat<?> q, int ordinal) {
        return VectorUtil.dotProduct(q, vectors[ordinal]);
    }

    @Override
    public BuildScoreProvider buildScores(RandomAccessVectorValues values) {
        return BuildScoreProvider.randomAccessScoreProvider(values, SIMILARITY);
    }

    @Override
    public SearchScoreProvider searchScores(VectorFloat<?> q, RandomAccessVectorValues values) {
        return VectorStorage.exact(q, values);
    }

    @Override
    public int rerankK(int beam, int k) {
        return beam;
    }

    @Override
    public Frozen freeze(int n) {
        return new HeapFrozen(Arrays.copyOf(vectors, n), dimension);
    }

    @Override
    public void close(boolean delete) {
        // nothing outside the heap
    }
}
