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
import java.util.Objects;
import java.util.Set;

/**
 * Weighted reciprocal rank fusion and quota selection. Pure functions over ranked lists; thread-safe.
 *
 * <p>RRF is used because vector cosines and BM25 scores live on different scales (and BM25 scores differ
 * between tables): only ranks are comparable. Each list contributes {@code weight / (k + rank)}.
 */
final class Fusion {
    private Fusion() {}

    /**
     * A ranked list from one retriever over one table (or over several, for pins and graph).
     *
     * @param ids the stored id of each chunk, position by position
     */
    record RankedList(Via via, double weight, List<Chunk> chunks, List<String> ids) {
        RankedList {
            chunks = List.copyOf(chunks);
            ids = List.copyOf(ids);
            if (ids.size() != chunks.size()) {
                throw new IllegalArgumentException(ids.size() + " ids for " + chunks.size() + " chunks");
            }
        }

        /** A list of chunks without stored ids at hand (tests): each id is computed by {@link Chunk#id()}. */
        RankedList(Via via, double weight, List<Chunk> chunks) {
            this(via, weight, chunks, chunks.stream().map(Chunk::id).toList());
        }

        static RankedList of(Via via, double weight, List<Found> found) {
            return new RankedList(
                    via,
                    weight,
                    found.stream().map(Found::chunk).toList(),
                    found.stream().map(Found::id).toList());
        }
    }

    /** A fused candidate. {@code via} lists every retriever whose list contained it. */
    record Fused(Found found, double score, Set<Via> via) {
        Fused {
            Objects.requireNonNull(found, "found");
            via = Collections.unmodifiableSet(EnumSet.copyOf(via));
        }

        /** A candidate without its stored id at hand (tests): the id is computed by {@link Chunk#id()}. */
        Fused(Chunk chunk, double score, Set<Via> via) {
            this(new Found(chunk.id(), chunk), score, via);
        }

        String id() {
            return found.id();
        }

        Chunk chunk() {
            return found.chunk();
        }

        /** Where the candidate counts against quotas: graph-only finds have their own lane. */
        Lane lane() {
            return via.equals(EnumSet.of(Via.GRAPH)) ? Lane.GRAPH : Lane.of(chunk().kind());
        }
    }

    /** The quota lanes: one per table, plus the graph expansion. */
    enum Lane {
        CODE,
        README,
        MANIFEST,
        MODULE_DOC,
        COMMIT,
        GRAPH;

        static Lane of(ChunkKind kind) {
            return switch (kind) {
                case CODE -> CODE;
                case README -> README;
                case MANIFEST -> MANIFEST;
                case MODULE_DOC -> MODULE_DOC;
                case COMMIT -> COMMIT;
            };
        }
    }

    /**
     * Fuses ranked lists by weighted RRF, identifying chunks by the lists' ids. Ties break by first appearance
     * (earlier lists first), so results are deterministic. Lists with weight 0 only contribute provenance when
     * the chunk scored elsewhere.
     */
    static List<Fused> rrf(List<RankedList> lists, int k) {
        Map<String, Found> found = new LinkedHashMap<>();
        Map<String, Double> scores = new HashMap<>();
        Map<String, EnumSet<Via>> via = new HashMap<>();
        for (RankedList list : lists) {
            Set<String> seenInList = new HashSet<>();
            int rank = 0;
            for (int i = 0; i < list.chunks().size(); i++) {
                String id = list.ids().get(i);
                if (!seenInList.add(id)) {
                    continue;
                }
                rank++;
                if (!found.containsKey(id)) {
                    found.put(id, new Found(id, list.chunks().get(i)));
                }
                scores.merge(id, list.weight() / (k + rank), Double::sum);
                via.computeIfAbsent(id, x -> EnumSet.noneOf(Via.class)).add(list.via());
            }
        }
        List<Fused> out = new ArrayList<>(found.size());
        for (Map.Entry<String, Found> e : found.entrySet()) {
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
     * {@code chosen} with the candidates named by {@code leadIds} first, in that order (taken from {@code fused}
     * when the quotas left them out), then the rest of {@code chosen} in its order; at most {@code limit}. Ids not
     * among the candidates are skipped. Pure.
     */
    static List<Fused> lead(List<Fused> chosen, List<Fused> fused, List<String> leadIds, int limit) {
        if (leadIds.isEmpty() || limit <= 0) {
            return chosen;
        }
        Map<String, Fused> byId = new java.util.HashMap<>();
        for (Fused f : fused) {
            byId.putIfAbsent(f.id(), f);
        }
        for (Fused f : chosen) {
            byId.putIfAbsent(f.id(), f);
        }
        java.util.LinkedHashMap<String, Fused> out = new java.util.LinkedHashMap<>();
        for (String id : leadIds) {
            Fused f = byId.get(id);
            if (f != null && out.size() < limit) {
                out.putIfAbsent(id, f);
            }
        }
        for (Fused f : chosen) {
            if (out.size() >= limit) {
                break;
            }
            out.putIfAbsent(f.id(), f);
        }
        return new ArrayList<>(out.values());
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

    /** Merges lists that carry comparable scores (cosines of one model) by score, first occurrence wins ties. */
    static List<Scored> mergeByScore(List<List<Scored>> lists) {
        Map<String, Scored> best = new LinkedHashMap<>();
        for (List<Scored> list : lists) {
            for (Scored sc : list) {
                best.merge(sc.id(), sc, (a, b) -> a.score() >= b.score() ? a : b);
            }
        }
        List<Scored> out = new ArrayList<>(best.values());
        out.sort(Comparator.comparingDouble(Scored::score).reversed());
        return out;
    }

    /**
     * The first {@code limit} hits of one merged list as fused candidates found by {@code via}, keeping their
     * scores, but at least 1e-9 so that a cosine clamped to 0 still counts as a (lowest) positive score.
     */
    static List<Fused> asFused(List<Scored> merged, Via via, int limit) {
        List<Fused> out = new ArrayList<>();
        for (Scored sc : merged) {
            if (out.size() >= limit) {
                break;
            }
            out.add(new Fused(sc.found(), Math.max(sc.score(), 1e-9), EnumSet.of(via)));
        }
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
            out.add(new dev.coderag.store.ScoredChunk(hits.get(i).id(), c, boosted / (boosted + 1)));
        }
        out.sort(
                Comparator.comparingDouble(dev.coderag.store.ScoredChunk::score).reversed());
        return out;
    }

    private static String fileKey(Chunk c) {
        return c.repo() + '\0' + c.path();
    }

    /** {@code chosen} with the chunks of {@code kind} first, each group in its own order. Pure. */
    static List<Fused> kindFirst(List<Fused> chosen, ChunkKind kind) {
        List<Fused> out = new ArrayList<>(chosen.size());
        chosen.stream().filter(f -> f.chunk().kind() == kind).forEach(out::add);
        chosen.stream().filter(f -> f.chunk().kind() != kind).forEach(out::add);
        return out;
    }
}
