package dev.coderag.retrieval;

import dev.coderag.retrieval.Fusion.Fused;
import dev.coderag.store.CallEdge;
import dev.coderag.types.CodeChunk;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Callers and callees of the top code hits, from the call edges stored at ingest; what relationship questions
 * ("who calls X?") need beyond text similarity. Reads through the request's {@link ChunkSource}; stateless.
 */
final class GraphExpansion {
    /** How many of the best code hits are expanded. */
    private static final int SEEDS = 3;

    /**
     * @param chunks callers and callees, best seed first, each once; may include chunks already retrieved (they
     *     keep their place and gain provenance and a small boost in fusion)
     * @param relations every edge followed, callers first per seed; an unresolved callee has id ""
     */
    record Expansion(List<Found> chunks, List<CallRelation> relations) {
        static final Expansion NONE = new Expansion(List.of(), List.of());

        Expansion {
            chunks = List.copyOf(chunks);
            relations = List.copyOf(relations);
        }
    }

    private GraphExpansion() {}

    /**
     * Expands the first {@value #SEEDS} code chunks of {@code fused}, at most {@code max(2, graphQuota)} callers
     * and as many resolved callees each.
     */
    static Expansion expand(ChunkSource source, List<Fused> fused, int graphQuota) {
        int perSeed = Math.max(2, graphQuota);
        List<Found> out = new ArrayList<>();
        List<CallRelation> relations = new ArrayList<>();
        int used = 0;
        for (Fused f : fused) {
            if (used >= SEEDS) {
                break;
            }
            if (!(f.chunk() instanceof CodeChunk seed)) {
                continue;
            }
            used++;
            String seedId = f.id();
            List<String> callerIds = new ArrayList<>();
            for (CallEdge e : source.callers(seedId)) {
                callerIds.add(e.callerId());
            }
            for (Found c :
                    source.byIds(callerIds.stream().distinct().limit(perSeed).toList())) {
                relations.add(new CallRelation(c.id(), c.chunk().title(), seedId, seed.symbol()));
                out.add(c);
            }
            List<CallEdge> calleeEdges = source.callees(seedId);
            List<String> calleeIds = new ArrayList<>();
            for (CallEdge e : calleeEdges) {
                e.calleeId().ifPresent(calleeIds::add);
            }
            Map<String, Found> callees = new HashMap<>();
            for (Found c :
                    source.byIds(calleeIds.stream().distinct().limit(perSeed).toList())) {
                callees.put(c.id(), c);
            }
            for (CallEdge e : calleeEdges) {
                String id = e.calleeId().orElse("");
                relations.add(new CallRelation(seedId, seed.qualifiedName(), id, e.calleeName()));
                Found c = callees.get(id);
                if (c != null) {
                    out.add(c);
                }
            }
        }
        List<Found> unique = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (Found c : out) {
            if (seen.add(c.id())) {
                unique.add(c);
            }
        }
        return new Expansion(unique, relations);
    }
}
