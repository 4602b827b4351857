package dev.coderag.retrieval;

import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Weighted reciprocal rank fusion and quota selection. Pure functions over ranked lists; thread-safe.
 *
 * <p>RRF is used because vector cosines and BM25 scores live on different scales (and BM25 scores differ
 * between tables): only ranks are comparable. Each list contributes {@code weight / (k + rank)}.
 */
final class Fusion {
    private Fusion() {}

    /** A ranked list from one retriever over one table (or over several, for pins and graph). */
    record RankedList(Via via, double weight, List<Chunk> chunks) {
        RankedList {
            chunks = List.copyOf(chunks);
        }
    }

    /** A fused candidate. {@code via} lists every retriever whose list contained it. */
    record Fused(Chunk chunk, double score, Set<Via> via) {
        Fused {
            via = Collections.unmodifiableSet(EnumSet.copyOf(via));
        }

        /** Where the candidate counts against quotas: graph-only finds have their own lane. */
        Lane lane() {
            return via.equals(EnumSet.of(Via.GRAPH)) ? Lane.GRAPH : Lane.of(chunk.kind());
        }
    }

    /** The quota lanes: one per table, plus the graph expansion. */
    enum Lane {
        CODE,
        README,
        MANIFEST,
        MODULE_DOC,
        GRAPH;

        static Lane of(ChunkKind kind) {
            return switch (kind) {
                case CODE -> CODE;
                case README -> README;
                case MANIFEST -> MANIFEST;
                case MODULE_DOC -> MODULE_DOC;
            };
        }
    }

    /**
     * Fuses ranked lists by weighted RRF. Ties break by first appearance (earlier lists first), so results are
     * deterministic. Lists with weight 0 only contribute provenance when the chunk scored elsewhere.
     */
    static List<Fused> rrf(List<RankedList> lists, int k) {
        return rrf(lists, k, Chunk::id);
    }

    /** As {@link #rrf(List, int)}, with a (memoising) id function. */
    static List<Fused> rrf(List<RankedList> lists, int k, java.util.function.Function<Chunk, String> idOf) {
        Map<String, Chunk> chunks = new LinkedHashMap<>();
        Map<String, Double> scores = new HashMap<>();
        Map<String, EnumSet<Via>> via = new HashMap<>();
        for (RankedList list : lists) {
            Set<String> seenInList = new HashSet<>();
            int rank = 0;
            for (Chunk c : list.chunks()) {
                String id = idOf.apply(c);
                if (!seenInList.add(id)) {
                    continue;
                }
                rank++;
                chunks.putIfAbsent(id, c);
                scores.merge(id, list.weight() / (k + rank), Double::sum);
                via.computeIfAbsent(id, x -> EnumSet.noneOf(Via.class)).add(list.via());
            }
        }
        List<Fused> out = new ArrayList<>(chunks.size());
        for (Map.Entry<String, Chunk> e : chunks.entrySet()) {
            double s = scores.get(e.getKey());
            if (s > 0) {
                out.add(new Fused(e.getValue(), s, via.get(e.getKey())));
            }
        }
        // stable sort keeps first-appearance order among equal scores
        out.sort(Comparator.comparingDouble(Fused::score).reversed());
        return out;
    }

    /**
     * Picks up to {@code limit} candidates in fused order, at most {@code quotas[lane]} per lane; slots a lane
     * cannot fill (an empty table, say) go to the best remaining candidates of any lane. The result keeps fused
     * order.
     */
    static List<Fused> select(List<Fused> fused, Map<Lane, Integer> quotas, int limit) {
        if (limit <= 0 || fused.isEmpty()) {
            return List.of();
        }
        Map<Lane, Integer> taken = new EnumMap<>(Lane.class);
        boolean[] chosen = new boolean[fused.size()];
        int count = 0;
        for (int i = 0; i < fused.size() && count < limit; i++) {
            Lane lane = fused.get(i).lane();
            int used = taken.getOrDefault(lane, 0);
            if (used < quotas.getOrDefault(lane, 0)) {
                chosen[i] = true;
                taken.put(lane, used + 1);
                count++;
            }
        }
        for (int i = 0; i < fused.size() && count < limit; i++) {
            if (!chosen[i]) {
                chosen[i] = true;
                count++;
            }
        }
        List<Fused> out = new ArrayList<>(count);
        for (int i = 0; i < fused.size(); i++) {
            if (chosen[i]) {
                out.add(fused.get(i));
            }
        }
        return out;
    }

    /**
     * Scales a route's per-lane counts to {@code limit} results in total, keeping the proportions (each
     * non-zero lane keeps at least 1). {@code limit <= 0} means the route's own counts.
     */
    static Map<Lane, Integer> quotas(RoutingTable.Route route, int limit) {
        Map<Lane, Integer> base = new EnumMap<>(Lane.class);
        for (ChunkKind kind : ChunkKind.values()) {
            base.put(Lane.of(kind), route.quota(kind));
        }
        base.put(Lane.GRAPH, route.graph());
        int total = route.total();
        if (limit <= 0 || total == 0 || limit == total) {
            return base;
        }
        Map<Lane, Integer> scaled = new EnumMap<>(Lane.class);
        for (Map.Entry<Lane, Integer> e : base.entrySet()) {
            int n = e.getValue();
            scaled.put(e.getKey(), n == 0 ? 0 : Math.max(1, (int) Math.round((double) n * limit / total)));
        }
        return scaled;
    }

    /** Merges lists that carry comparable scores (cosines of one model) by score, first occurrence wins. */
    static List<dev.coderag.store.ScoredChunk> mergeByScore(
            List<List<dev.coderag.store.ScoredChunk>> lists, java.util.function.Function<Chunk, String> idOf) {
        Map<String, dev.coderag.store.ScoredChunk> best = new LinkedHashMap<>();
        for (List<dev.coderag.store.ScoredChunk> list : lists) {
            for (dev.coderag.store.ScoredChunk sc : list) {
                best.merge(idOf.apply(sc.chunk()), sc, (a, b) -> a.score() >= b.score() ? a : b);
            }
        }
        List<dev.coderag.store.ScoredChunk> out = new ArrayList<>(best.values());
        out.sort(
                Comparator.comparingDouble(dev.coderag.store.ScoredChunk::score).reversed());
        return out;
    }

    /**
     * How much of the lexical evidence of the rest of its file a chunk gets. Measured on the BLIZZARD bug
     * reports (docs/EVALUATION.md): a file whose many chunks match a long query is more likely the one meant
     * than a file with one lucky chunk, as in file-level bug localization.
     */
    static final double FILE_SUPPORT = 0.05;

    /**
     * Re-ranks BM25 hits of one table by file evidence: each chunk's BM25 plus {@code weight} times the BM25 of
     * the other hits from the same file. Scores in and out are {@code s / (s + 1)} of BM25 (the store's scale),
     * so the result stays in [0, 1]; ties keep the input order. Pure.
     */
    static List<dev.coderag.store.ScoredChunk> withFileSupport(
            List<dev.coderag.store.ScoredChunk> hits, double weight) {
        if (weight <= 0 || hits.size() < 2) {
            return hits;
        }
        double[] raw = new double[hits.size()];
        Map<String, Double> perFile = new HashMap<>();
        for (int i = 0; i < hits.size(); i++) {
            double s = Math.min(hits.get(i).score(), 0.999999);
            raw[i] = s / (1 - s);
            perFile.merge(fileKey(hits.get(i).chunk()), raw[i], Double::sum);
        }
        List<dev.coderag.store.ScoredChunk> out = new ArrayList<>(hits.size());
        for (int i = 0; i < hits.size(); i++) {
            Chunk c = hits.get(i).chunk();
            double boosted = raw[i] + weight * (perFile.get(fileKey(c)) - raw[i]);
            out.add(new dev.coderag.store.ScoredChunk(c, boosted / (boosted + 1)));
        }
        out.sort(
                Comparator.comparingDouble(dev.coderag.store.ScoredChunk::score).reversed());
        return out;
    }

    private static String fileKey(Chunk c) {
        return c.repo() + '\0' + c.path();
    }
}
