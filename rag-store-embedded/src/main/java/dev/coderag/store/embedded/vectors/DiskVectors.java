package dev.coderag.store.embedded.vectors;

import dev.coderag.store.embedded.db.StoreOptions;
import io.github.jbellis.jvector.graph.ListRandomAccessVectorValues;
import io.github.jbellis.jvector.graph.RandomAccessVectorValues;
import io.github.jbellis.jvector.graph.similarity.BuildScoreProvider;
import io.github.jbellis.jvector.graph.similarity.DefaultSearchScoreProvider;
import io.github.jbellis.jvector.graph.similarity.ScoreFunction;
import io.github.jbellis.jvector.graph.similarity.SearchScoreProvider;
import io.github.jbellis.jvector.quantization.MutablePQVectors;
import io.github.jbellis.jvector.quantization.ProductQuantization;
import io.github.jbellis.jvector.vector.VectorUtil;
import io.github.jbellis.jvector.vector.types.VectorFloat;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The compressed tier ({@link VectorStorage}): per ordinal a JVector product-quantization code in memory
 * ({@link #subspaces} bytes: 96 for 384-d vectors, 16× smaller than the floats), the full vectors in a
 * {@link VectorFile} read with positional reads. The graph is built with PQ scores and searched with PQ scores and
 * twice the beam, all those candidates reranked with the exact vectors from the file ({@link #rerankK}); exact scans (small filtered subsets, vectors
 * the graph does not cover yet) read the file too.
 *
 * <p>The codebook is trained once, when a table crosses {@link StoreOptions#compressAbove()}, on a sample of at
 * most {@link #TRAINING_SAMPLE} of its vectors; vectors appended later are encoded with it.
 */
public final class DiskVectors implements VectorStorage {
    private static final Logger LOG = LoggerFactory.getLogger(DiskVectors.class);
    static final int TRAINING_SAMPLE = 100_000;
    /** The compressed tier's graph searches keep this many times the beam, all reranked ({@link #rerankK}). */
    static final int RERANK_BEAMS = 2;

    private static final int CLUSTERS = 256;

    private final int dimension;
    private final ProductQuantization pq;
    private final MutablePQVectors codes;
    private final VectorFile file;

    private DiskVectors(int dimension, ProductQuantization pq, MutablePQVectors codes, VectorFile file) {
        this.dimension = dimension;
        this.pq = pq;
        this.codes = codes;
        this.file = file;
    }

    /** PQ subspaces for a dimension: 4 dimensions each (96 for 384-d; measured in docs/BENCHMARKS.md). */
    static int subspaces(int dimension) {
        return Math.max(1, dimension / 4);
    }

    /**
     * Compresses ordinals [0, n) of {@code vectors}: trains the codebook on a sample, writes every vector to a
     * new file and encodes it.
     */
    static DiskVectors compress(IntFunction<VectorFloat<?>> vectors, int n, int dimension, Place place)
            throws IOException {
        List<VectorFloat<?>> sample = new ArrayList<>(Math.min(n, TRAINING_SAMPLE));
        if (n <= TRAINING_SAMPLE) {
            for (int i = 0; i < n; i++) {
                sample.add(vectors.apply(i));
            }
        } else {
            Random random = new Random(n);
            for (int i = 0; i < TRAINING_SAMPLE; i++) {
                sample.add(vectors.apply(random.nextInt(n)));
            }
        }
        ProductQuantization pq = ProductQuantization.compute(
                new ListRandomAccessVectorValues(sample, dimension),
                subspaces(dimension),
                Math.min(CLUSTERS, n),
                false);
        DiskVectors out = empty(pq, dimension, place);
        try {
            for (int i = 0; i < n; i++) {
                VectorFloat<?> v = vectors.apply(i);
                out.codes.encodeAndSet(i, v);
                out.file.write(i, toArray(v));
            }
            return out;
        } catch (RuntimeException e) {
            out.close(true);
            throw e;
        }
    }

    /** {@link #compress}es ordinals [0, n) of {@code heap}, or keeps {@code heap} (logged) when that fails. */
    static VectorStorage compressOrKeep(HeapVectors heap, int n, int dimension, Place place) {
        try {
            return compress(heap::get, n, dimension, place);
        } catch (IOException | RuntimeException e) {
            LOG.warn(
                    "{}: could not compress the {} vectors, keeping them in memory: {}",
                    place.dir(),
                    place.table(),
                    e.toString());
            return heap;
        }
    }

    /** Where an index's vectors file goes: the store directory, the table, the store id its header records. */
    record Place(Path dir, String table, String storeId) {}

    /** An empty storage with {@code pq}'s codebook and a new file: what a compacted compressed index fills. */
    static DiskVectors empty(ProductQuantization pq, int dimension, Place place) throws IOException {
        return new DiskVectors(
                dimension,
                pq,
                new MutablePQVectors(pq),
                VectorFile.create(place.dir(), place.table(), place.storeId(), dimension));
    }

    /** Empty like this one: same codebook, a new file. */
    DiskVectors emptyLike(Place place) throws IOException {
        return empty(pq, dimension, place);
    }

    /** Storage restored from a graph file: its codebook and codes of [0, n), and the claimed vectors file. */
    static DiskVectors restore(int dimension, ProductQuantization pq, byte[][] codes, VectorFile file) {
        MutablePQVectors mutable = new MutablePQVectors(pq);
        for (int i = 0; i < codes.length; i++) {
            mutable.setZero(i);
            var code = mutable.get(i);
            for (int b = 0; b < codes[i].length; b++) {
                code.set(b, codes[i][b]);
            }
        }
        return new DiskVectors(dimension, pq, mutable, file);
    }

    private static float[] toArray(VectorFloat<?> v) {
        float[] out = new float[v.length()];
        for (int d = 0; d < out.length; d++) {
            out[d] = v.get(d);
        }
        return out;
    }

    @Override
    public void ensureCapacity(int capacity) {
        // codes grow by themselves; the file grows as it is written
    }

    @Override
    public void put(int ordinal, float[] vector) {
        codes.encodeAndSet(ordinal, VectorIndex.VTS.createFloatVector(vector));
        file.write(ordinal, vector);
    }

    @Override
    public VectorFloat<?> get(int ordinal) {
        return VectorIndex.VTS.createFloatVector(file.read(ordinal));
    }

    @Override
    public float dot(VectorFloat<?> q, int ordinal) {
        return VectorUtil.dotProduct(q, get(ordinal));
    }

    @Override
    public BuildScoreProvider buildScores(RandomAccessVectorValues values) {
        return PqBuildScores.of(codes);
    }

    @Override
    public SearchScoreProvider searchScores(VectorFloat<?> q, RandomAccessVectorValues values) {
        ScoreFunction.ExactScoreFunction reranker = ordinal -> SIMILARITY.compare(q, get(ordinal));
        return new DefaultSearchScoreProvider(codes.precomputedScoreFunctionFor(q, SIMILARITY), reranker);
    }

    /**
     * Twice the beam (at least 4k): PQ scores order candidates roughly, so the search keeps twice as many and reranks
     * them all exactly (one positional read and one dot product each). Measured at 200k clustered 384-d vectors
     * (docs/BENCHMARKS.md, "Compressed vectors"): recall@10 0.92 with 1× the beam, 0.99 with 2×, no better with 3×.
     */
    @Override
    public int rerankK(int beam, int k) {
        return Math.max(RERANK_BEAMS * beam, 4 * k);
    }

    @Override
    public Frozen freeze(int n) {
        file.sync();
        return new PqFrozen(pq, codes, file.path().getFileName().toString(), file.id(), file.checksum(n));
    }

    @Override
    public void close(boolean delete) {
        file.close(delete);
    }

    /** The vector of an ordinal as floats (a fresh array). */
    float[] floats(int ordinal) {
        return file.read(ordinal);
    }
}
