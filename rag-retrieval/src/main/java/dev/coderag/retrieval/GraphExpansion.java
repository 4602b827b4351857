package dev.coderag.retrieval;

import dev.coderag.retrieval.Fusion.Fused;
import dev.coderag.store.CallEdge;
import dev.coderag.store.ReferenceKind;
import dev.coderag.store.SymbolRef;
import dev.coderag.types.CodeChunk;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Callers and callees of the symbol a question names (its subject) and of the top code hits, from the call
 * edges stored at ingest; what relationship questions ("who calls X?") need beyond text similarity. An edge a
 * compiler resolved counts as it is; an edge matched by name counts as a call of a definition only when the call
 * as written can be one ({@link CallMatch}); callers in
 * product code come before callers in tests. Reads through the request's {@link ChunkSource}; stateless.
 */
final class GraphExpansion {
    /** How many code chunks are expanded: the subject and the best hits. */
    private static final int SEEDS = 3;

    /** The most callers (and as many callees) taken for the subject, whose callers are the answer. */
    static final int SUBJECT_EDGES = 12;

    /**
     * @param chunks callers and callees, subject first, then best seed first, each once; may include chunks
     *     already retrieved (they keep their place and gain provenance and a small boost in fusion)
     * @param relations every edge followed, callers first per seed; an unresolved callee has id ""
     * @param unplacedCallers stored calls of the subject's name that could not be told to be calls of the subject
     *     rather than of another definition of that name (0 without a subject); then "no caller" is not known
     */
    record Expansion(List<Found> chunks, List<CallRelation> relations, int unplacedCallers) {
        static final Expansion NONE = new Expansion(List.of(), List.of(), 0);

        Expansion {
            chunks = List.copyOf(chunks);
            relations = List.copyOf(relations);
        }
    }

    private GraphExpansion() {}

    /**
     * Expands the subject (when it is code) and then the first code chunks of {@code fused}, {@value #SEEDS} in
     * all: at most {@link #SUBJECT_EDGES} callers and resolved callees for the subject, {@code max(2,
     * graphQuota)} for the others.
     *
     * @param tests which callers are tests (listed after the others)
     */
    static Expansion expand(
            ChunkSource source, Optional<Found> subject, List<Fused> fused, int graphQuota, PathGroup tests) {
        List<Found> seeds = new ArrayList<>();
        subject.filter(s -> s.chunk() instanceof CodeChunk).ifPresent(seeds::add);
        for (Fused f : fused) {
            if (seeds.size() >= SEEDS) {
                break;
            }
            if (f.chunk() instanceof CodeChunk && seeds.stream().noneMatch(s -> s.id().equals(f.id()))) {
                seeds.add(f.found());
            }
        }
        List<Found> out = new ArrayList<>();
        List<CallRelation> relations = new ArrayList<>();
        int unplaced = 0;
        for (int i = 0; i < seeds.size(); i++) {
            boolean isSubject = i == 0
                    && subject.isPresent()
                    && seeds.getFirst().id().equals(subject.get().id());
            int limit = isSubject ? SUBJECT_EDGES : Math.max(2, graphQuota);
            int rejected = expandOne(source, seeds.get(i), limit, tests, isSubject, out, relations);
            if (isSubject) {
                unplaced = rejected;
                subtypes(source, seeds.getFirst(), out, relations);
            }
        }
        List<Found> unique = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (Found c : out) {
            if (seen.add(c.id())) {
                unique.add(c);
            }
        }
        return new Expansion(unique, relations, unplaced);
    }

    /**
     * Expands one seed; returns how many code chunks calling its name were rejected as calls of another. The
     * subject's callees include those of the other parts of its definition when it was split (a long function's
     * later calls are in its later parts), each part taking up to {@code limit}.
     */
    private static int expandOne(
            ChunkSource source,
            Found seedFound,
            int limit,
            PathGroup tests,
            boolean withParts,
            List<Found> out,
            List<CallRelation> relations) {
        CodeChunk seed = (CodeChunk) seedFound.chunk();
        String seedId = seedFound.id();
        // a question names a method, not one overload of it: a compiler binds each call to one overload, so the
        // callers of the seed's overloads (same file and qualified name) are its callers too
        List<CallEdge> callerEdges = new ArrayList<>(source.callers(seedId));
        List<Found> namesakes = source.bySymbol(seed.symbol()); // read once: overloads and definitions both need it
        for (String overload : overloads(namesakes, seedFound)) {
            callerEdges.addAll(source.callers(overload));
        }
        Map<String, String> writtenAs = new LinkedHashMap<>();
        Set<String> bound = new HashSet<>(); // callers a compiler bound to the seed: no name check needed
        for (CallEdge e : callerEdges) {
            writtenAs.putIfAbsent(e.callerId(), e.calleeName());
            if (e.compilerResolved()) {
                bound.add(e.callerId());
            }
        }
        boolean unique = callerEdges.isEmpty() || definitions(namesakes, seed) <= 1;
        List<Found> product = new ArrayList<>();
        List<Found> inTests = new ArrayList<>();
        int rejected = 0;
        // bounded: a name called from thousands of places is read in pages of the callers it can use
        List<String> ids = new ArrayList<>(writtenAs.keySet());
        for (int from = 0; from < ids.size() && product.size() + inTests.size() < limit * 4; from += 200) {
            for (Found c : source.byIds(ids.subList(from, Math.min(ids.size(), from + 200)))) {
                if (c.chunk() instanceof CodeChunk caller) {
                    if (bound.contains(c.id()) || CallMatch.plausible(seed, caller, writtenAs.get(c.id()), unique)) {
                        (tests.matches(caller.path()) ? inTests : product).add(c);
                    } else {
                        rejected++;
                    }
                }
            }
        }
        List<Found> callers = new ArrayList<>(product);
        callers.addAll(inTests);
        for (Found c : callers.subList(0, Math.min(limit, callers.size()))) {
            relations.add(new CallRelation(c.id(), c.chunk().title(), seedId, seed.symbol()));
            out.add(c);
        }
        List<Found> calling = new ArrayList<>(List.of(seedFound));
        if (withParts) {
            calling.addAll(parts(namesakes, seedFound));
        }
        // the definitions of each called name, read once for all parts (a helper called from every part is common)
        Map<String, List<Found>> namesakesOf = new HashMap<>();
        Function<String, List<Found>> definitionsOf = name -> namesakesOf.computeIfAbsent(name, source::bySymbol);
        for (Found part : calling) {
            callees(source, definitionsOf, seedId, seed, part, limit, out, relations);
        }
        return rejected;
    }

    /**
     * The resolved callees of one part of the seed's definition, as the seed's: at most {@code limit} chunks. A
     * callee linked by name only is kept when the call as written can be a call of it ({@link CallMatch}, as for
     * callers: {@code c.writermem.Header().Set(…)} is no call of {@code Context.Set}); otherwise the call is listed
     * unresolved.
     */
    private static void callees(
            ChunkSource source,
            Function<String, List<Found>> definitionsOf,
            String seedId,
            CodeChunk seed,
            Found part,
            int limit,
            List<Found> out,
            List<CallRelation> relations) {
        List<CallEdge> calleeEdges = byReceiver(definitionsOf, part, source.callees(part.id()), limit);
        List<String> calleeIds = new ArrayList<>();
        for (CallEdge e : calleeEdges) {
            e.calleeId().ifPresent(calleeIds::add);
        }
        Map<String, Found> callees = new HashMap<>();
        for (Found c : source.byIds(calleeIds.stream().distinct().limit(limit).toList())) {
            callees.put(c.id(), c);
        }
        Map<String, Boolean> unique = new HashMap<>();
        for (CallEdge e : calleeEdges) {
            String id = e.calleeId().orElse("");
            Found c = callees.get(id);
            if (c != null
                    && !e.compilerResolved()
                    && c.chunk() instanceof CodeChunk callee
                    && part.chunk() instanceof CodeChunk caller) {
                boolean once = unique.computeIfAbsent(
                        callee.symbol(), name -> definitions(definitionsOf.apply(name), callee) <= 1);
                if (!CallMatch.plausible(callee, caller, e.calleeName(), once)) {
                    c = null;
                    id = "";
                }
            }
            relations.add(new CallRelation(seedId, seed.qualifiedName(), id, e.calleeName()));
            if (c != null) {
                out.add(c);
            }
        }
    }

    /**
     * {@code edges} with a call stored by a name the repository defines several times (so left unlinked at ingest)
     * linked to the one definition whose class the call's written receiver names ({@code response.read()} to
     * {@code Response.read}), for at most {@code limit} such names; the others as they are.
     */
    private static List<CallEdge> byReceiver(
            Function<String, List<Found>> definitionsOf, Found part, List<CallEdge> edges, int limit) {
        if (!(part.chunk() instanceof CodeChunk caller)) {
            return edges;
        }
        Map<String, Optional<String>> linked = new HashMap<>();
        List<CallEdge> out = new ArrayList<>(edges.size());
        for (CallEdge e : edges) {
            String name = CallMatch.lastSegment(e.calleeName());
            if (e.calleeId().isPresent() || name.isEmpty() || (!linked.containsKey(name) && linked.size() >= limit)) {
                out.add(e);
                continue;
            }
            Optional<String> id = linked.computeIfAbsent(name, n -> namedByReceiver(definitionsOf.apply(n), caller, n));
            out.add(id.map(i -> new CallEdge(e.callerId(), e.calleeName(), Optional.of(i)))
                    .orElse(e));
        }
        return out;
    }

    /** The first part of the one definition of {@code name} whose class a receiver in the caller's code names. */
    private static Optional<String> namedByReceiver(List<Found> definitions, CodeChunk caller, String name) {
        Map<String, Found> named = new LinkedHashMap<>();
        for (Found f : definitions) {
            if (f.chunk() instanceof CodeChunk c
                    && c.repo().equals(caller.repo())
                    && CallMatch.receiverNamesOwner(c, caller, name)) {
                Found first = named.get(c.path() + "\0" + c.qualifiedName());
                if (first == null || c.startLine() < first.chunk().startLine()) {
                    named.put(c.path() + "\0" + c.qualifiedName(), f);
                }
            }
        }
        return named.size() == 1 ? Optional.of(named.values().iterator().next().id()) : Optional.empty();
    }

    /**
     * The subject's implementations: the types that name it as a supertype, or the methods that override it, as a
     * compiler resolved them (none for a file that was not resolved), at most {@link #SUBJECT_EDGES}.
     */
    private static void subtypes(ChunkSource source, Found subject, List<Found> out, List<CallRelation> relations) {
        CodeChunk seed = (CodeChunk) subject.chunk();
        ReferenceKind kind = seed.symbolKind().isType() ? ReferenceKind.SUPERTYPE : ReferenceKind.OVERRIDE;
        Map<String, String> sites = new LinkedHashMap<>();
        for (SymbolRef r : source.references(subject.id(), kind, SUBJECT_EDGES)) {
            if (!r.fromChunkId().isEmpty()) {
                sites.putIfAbsent(r.fromChunkId(), r.path() + ":" + r.line());
            }
        }
        for (Found c : source.byIds(sites.keySet())) {
            relations.add(
                    new CallRelation(c.id(), c.chunk().title(), subject.id(), seed.symbol(), kind, sites.get(c.id())));
            out.add(c);
        }
    }

    /**
     * The other chunks defining the seed's qualified name in its file whose own calls a compiler resolved (the
     * overloads of a method; the parts of a split definition are left out, their callers are the first part's).
     */
    private static List<String> overloads(List<Found> namesakes, Found seedFound) {
        CodeChunk seed = (CodeChunk) seedFound.chunk();
        List<String> out = new ArrayList<>();
        for (Found f : namesakes) {
            if (f.chunk() instanceof CodeChunk c
                    && !f.id().equals(seedFound.id())
                    && c.repo().equals(seed.repo())
                    && c.path().equals(seed.path())
                    && c.qualifiedName().equals(seed.qualifiedName())
                    && !c.signature().equals(seed.signature())) {
                out.add(f.id());
            }
        }
        return out;
    }

    /** The other parts of the seed's definition when it was split (same file, name and signature), in line order. */
    private static List<Found> parts(List<Found> namesakes, Found seedFound) {
        CodeChunk seed = (CodeChunk) seedFound.chunk();
        return namesakes.stream()
                .filter(f -> f.chunk() instanceof CodeChunk c
                        && !f.id().equals(seedFound.id())
                        && c.repo().equals(seed.repo())
                        && c.path().equals(seed.path())
                        && c.qualifiedName().equals(seed.qualifiedName())
                        && c.signature().equals(seed.signature()))
                .sorted(java.util.Comparator.comparingInt(f -> f.chunk().startLine()))
                .toList();
    }

    /**
     * How many distinct definitions share the seed's name in its repository (parts of one, and overloads of one
     * qualified name in one file, count once).
     */
    private static int definitions(List<Found> namesakes, CodeChunk seed) {
        Set<String> defs = new LinkedHashSet<>();
        for (Found f : namesakes) {
            if (f.chunk() instanceof CodeChunk c && c.repo().equals(seed.repo())) {
                defs.add(c.path() + "\0" + c.qualifiedName());
            }
        }
        return defs.size();
    }
}
