package dev.coderag.store.embedded.vectors;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.store.SearchFilter;
import dev.coderag.store.embedded.StoreFixtures;
import dev.coderag.store.embedded.db.StoreOptions;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The graph (ANN) path against exact search on 20k clustered 384-d vectors — unit vectors around a few hundred
 * centroids, like real text embeddings, which are far from uniformly spread. The graph is built with a lighter
 * configuration than the product's (M 16, beam 64) to keep the suite fast; rag-bench measures the defaults.
 */
class AnnRecallTest {
    private static final int N = 20_000;
    private static final int DIM = 384;
    private static final int QUERIES = 200;
    private static final int K = 10;

    static List<float[]> clustered(Random random, int n, int dim, int clusters, float spread) {
        List<float[]> centroids = new ArrayList<>();
        for (int c = 0; c < clusters; c++) {
            centroids.add(StoreFixtures.random(random, dim));
        }
        List<float[]> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            float[] centroid = centroids.get(random.nextInt(clusters));
            float[] v = new float[dim];
            for (int d = 0; d < dim; d++) {
                v[d] = centroid[d] + spread * (float) random.nextGaussian();
            }
            out.add(StoreFixtures.normalize(v));
        }
        return out;
    }

    @Test
    void graph_search_recalls_at_least_95_percent_of_the_exact_top_10() {
        Random random = new Random(42);
        List<float[]> vectors = clustered(random, N, DIM, 200, 0.06f);
        StoreOptions options = StoreOptions.DEFAULTS.withExactBelow(0).withGraph(16, 64);
        VectorIndex index = new VectorIndex(DIM, options, 0);
        List<VectorRow> rows = new ArrayList<>(N);
        for (int i = 0; i < N; i++) {
            rows.add(new VectorRow(
                    i + 1, "repo", "f" + (i % 50) + ".java", Language.JAVA, SymbolKind.METHOD, vectors.get(i)));
        }
        index.apply(1, rows, new long[0]);
        assertThat(index.extendGraph()).isEqualTo(N);
        assertThat(index.graphSize()).isEqualTo(N);

        double recall = 0;
        for (int q = 0; q < QUERIES; q++) {
            float[] base = vectors.get(random.nextInt(N));
            float[] query = new float[DIM];
            for (int d = 0; d < DIM; d++) {
                query[d] = base[d] + 0.03f * (float) random.nextGaussian();
            }
            StoreFixtures.normalize(query);
            Set<Long> exact = exactTop(vectors, query);
            List<VectorIndex.Hit> hits = index.search(query, K, SearchFilter.NONE);
            assertThat(hits).hasSize(K);
            Set<Long> got = new HashSet<>();
            hits.forEach(h -> got.add(h.rid()));
            got.retainAll(exact);
            recall += got.size() / (double) K;
        }
        recall /= QUERIES;
        assertThat(recall).isGreaterThanOrEqualTo(0.95);
    }

    private static Set<Long> exactTop(List<float[]> vectors, float[] query) {
        PriorityQueue<double[]> top = new PriorityQueue<>((a, b) -> Double.compare(a[0], b[0]));
        for (int i = 0; i < vectors.size(); i++) {
            float[] v = vectors.get(i);
            double dot = 0;
            for (int d = 0; d < DIM; d++) {
                dot += v[d] * query[d];
            }
            top.add(new double[] {dot, i + 1});
            if (top.size() > K) {
                top.poll();
            }
        }
        Set<Long> out = new HashSet<>();
        top.forEach(e -> out.add((long) e[1]));
        return out;
    }

    @Test
    void search_beam_is_the_configured_one_up_to_100k_nodes_and_widens_faster_than_the_square_root_above() {
        assertThat(IndexGraph.searchBeam(64, 20_000, 10)).isEqualTo(64);
        assertThat(IndexGraph.searchBeam(64, 100_000, 10)).isEqualTo(64);
        assertThat(IndexGraph.searchBeam(64, 200_000, 10)).isEqualTo(104);
        assertThat(IndexGraph.searchBeam(64, 400_000, 10)).isEqualTo(167);
        assertThat(IndexGraph.searchBeam(64, 1_000_000, 10))
                .as("the beam measured on 1M real embeddings: recall@10 0.984 for real questions")
                .isEqualTo(304);
        assertThat(IndexGraph.searchBeam(64, 100_000_000, 10))
                .as("capped at 8x")
                .isEqualTo(512);
        assertThat(IndexGraph.searchBeam(64, 20_000, 150)).as("never below k").isEqualTo(150);
    }
}
