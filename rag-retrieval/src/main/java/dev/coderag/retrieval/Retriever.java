package dev.coderag.retrieval;

import dev.coderag.retrieval.Fusion.Fused;
import dev.coderag.retrieval.Fusion.Lane;
import dev.coderag.retrieval.Fusion.RankedList;
import dev.coderag.retrieval.QueryAnalysis.StackFrame;
import dev.coderag.store.CallEdge;
import dev.coderag.store.Embedder;
import dev.coderag.store.ScoredChunk;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.VectorStore;
import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CodeChunk;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The retrieval half of the chat pipeline, and the same code path the evaluation harness calls. One instance
 * per store and embedder; construction embeds the intent prototypes (tens of milliseconds).
 *
 * <p>Thread-safe: every method may be called concurrently (the store and the embedder are thread-safe, the
 * rest is immutable).
 */
public final class Retriever {
    private final VectorStore store;
    private final Embedder embedder;
    private final IntentClassifier intents;
    private final RoutingTable routing;

    Retriever(VectorStore store, Embedder embedder, IntentClassifier intents, RoutingTable routing) {
        this.store = Objects.requireNonNull(store, "store");
        this.embedder = Objects.requireNonNull(embedder, "embedder");
        this.intents = Objects.requireNonNull(intents, "intents");
        this.routing = Objects.requireNonNull(routing, "routing");
        for (String intent : IntentClassifier.KNOWN) {
            routing.route(intent); // fail at start-up, not on the first query, when the data files disagree
        }
    }

    /** A retriever with the intent prototypes and routing table shipped in this module's resources. */
    public static Retriever create(VectorStore store, Embedder embedder) {
        return new Retriever(store, embedder, IntentClassifier.load(embedder), RoutingTable.load());
    }

    /**
     * Retrieves the chunks for a query.
     *
     * @param query free text: a question, or a whole bug report with stack traces (the embedding sees its first
     *     512 tokens; lexical search, pins and boosts use all of it)
     * @param repo restrict to one repository; empty = all
     * @param limit how many chunks to return in total; {@code <= 0} = the routing table's counts for the
     *     query's intent (what chat uses)
     * @return never null; {@code hits} may be empty when the store is empty
     * @throws dev.coderag.store.StoreException when the store or the model fails
     */
    public Retrieval retrieve(String query, Optional<String> repo, RetrievalMode mode, int limit) {
        return retrieve(query, repo, mode, limit, FollowUp.NONE);
    }

    /** Previous turns of a conversation, used to resolve follow-ups like "and where is it called?". */
    public record FollowUp(String previousQuestion, List<Chunk> previousSources) {
        public static final FollowUp NONE = new FollowUp("", List.of());

        public FollowUp {
            previousQuestion = Objects.requireNonNullElse(previousQuestion, "");
            previousSources = List.copyOf(previousSources);
        }

        boolean isEmpty() {
            return previousQuestion.isBlank() && previousSources.isEmpty();
        }
    }

    private static final ExecutorService SEARCHES = Executors.newVirtualThreadPerTaskExecutor();

    private record SearchTask(Via via, double weight, Callable<List<ScoredChunk>> call) {}

    private static <T> T timed(Map<String, Double> stageMs, String stage, Callable<T> call) throws Exception {
        long t0 = System.nanoTime();
        try {
            return call.call();
        } finally {
            stageMs.merge(stage, (System.nanoTime() - t0) / 1e6, Double::sum);
        }
    }

    /** The result of a concurrent search; its own unchecked exception (a StoreException) passes through. */
    private static <T> T join(Future<T> future) {
        try {
            return future.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while searching", e);
        }
    }

    /** Pinned candidate with the strength of the evidence (frame 3, named file/identifier 2, word 1). */
    private record Pin(Chunk chunk, double strength) {}

    public Retrieval retrieve(String query, Optional<String> repo, RetrievalMode mode, int limit, FollowUp followUp) {
        Objects.requireNonNull(query, "query");
        Objects.requireNonNull(mode, "mode");
        Stopwatch clock = new Stopwatch();
        ChunkIds ids = new ChunkIds();
        QueryAnalysis analysis = QueryAnalyzer.analyze(query);
        QueryAnalysis previous =
                followUp.previousQuestion().isBlank() ? null : QueryAnalyzer.analyze(followUp.previousQuestion());
        String lexicalQuery = analysis.lexicalQuery();
        if (previous != null && mode == RetrievalMode.FULL) {
            lexicalQuery = joinTerms(lexicalQuery, previous.lexicalQuery());
        }
        clock.lap("analyze");

        SearchFilter filter = SearchFilter.repo(repo.orElse(null));
        Map<String, Double> stageMs = new ConcurrentHashMap<>();
        // BM25 needs no query vector, so the production path starts it before embedding the question (the
        // two largest stages then overlap); the intent decides afterwards which of these results are used.
        Map<ChunkKind, Future<List<ScoredChunk>>> lexicalPrefetch = new EnumMap<>(ChunkKind.class);
        if (mode == RetrievalMode.FULL && !lexicalQuery.isBlank()) {
            String lq = lexicalQuery;
            prefetchDepth(limit)
                    .forEach((kind, depth) -> lexicalPrefetch.put(
                            kind,
                            SEARCHES.submit(() ->
                                    timed(stageMs, "lexical", () -> store.lexicalSearch(kind, lq, depth, filter)))));
        }

        float[] qv = embedder.embedQuery(query);
        clock.lap("embed");
        IntentClassifier.Result intent = intents.classify(qv, query);
        clock.lap("intent");

        RoutingTable.Route route = routing.route(intent.intent());
        Map<Lane, Integer> quotas = Fusion.quotas(route, limit);
        int total = limit > 0 ? limit : route.total();

        Map<String, Double> relevance = new ConcurrentHashMap<>();
        Map<String, Integer> perRetriever = new LinkedHashMap<>();
        List<CallRelation> relations = new ArrayList<>();
        List<String> pinLocations = new ArrayList<>();
        List<Fused> selected =
                switch (mode) {
                    case VECTOR -> {
                        List<List<ScoredChunk>> lists = new ArrayList<>();
                        for (ChunkKind kind : ChunkKind.values()) {
                            lists.add(store.search(kind, qv, total, filter));
                        }
                        clock.lap("vector");
                        List<ScoredChunk> merged = Fusion.mergeByScore(lists, ids::of);
                        perRetriever.put(Via.VECTOR.id(), merged.size());
                        merged.forEach(sc -> relevance.put(ids.of(sc.chunk()), sc.score()));
                        yield asFused(merged, Via.VECTOR, total);
                    }
                    case LEXICAL -> {
                        List<List<ScoredChunk>> lists = new ArrayList<>();
                        if (!lexicalQuery.isBlank()) {
                            for (ChunkKind kind : ChunkKind.values()) {
                                lists.add(lexicalSearch(kind, lexicalQuery, total, filter));
                            }
                        }
                        clock.lap("lexical");
                        List<ScoredChunk> merged = Fusion.mergeByScore(lists, ids::of);
                        perRetriever.put(Via.LEXICAL.id(), merged.size());
                        yield asFused(merged, Via.LEXICAL, total);
                    }
                    case HYBRID -> {
                        // The vector and the lexical ranking, each merged over the tables by score exactly as
                        // the vector and lexical modes do, then fused by RRF. (Fusing every table's list with
                        // equal weight put the best README section or package doc level with the best code.)
                        int k = Math.max(routing.minCandidates(), total);
                        List<List<ScoredChunk>> vectorLists = new ArrayList<>();
                        for (ChunkKind kind : ChunkKind.values()) {
                            vectorLists.add(store.search(kind, qv, k, filter));
                        }
                        List<ScoredChunk> vector = Fusion.mergeByScore(vectorLists, ids::of);
                        vector.forEach(sc -> relevance.put(ids.of(sc.chunk()), sc.score()));
                        clock.lap("vector");
                        List<List<ScoredChunk>> lexicalLists = new ArrayList<>();
                        if (!lexicalQuery.isBlank()) {
                            for (ChunkKind kind : ChunkKind.values()) {
                                lexicalLists.add(lexicalSearch(kind, lexicalQuery, k, filter));
                            }
                        }
                        List<ScoredChunk> lexical = Fusion.mergeByScore(lexicalLists, ids::of);
                        clock.lap("lexical");
                        perRetriever.put(Via.VECTOR.id(), vector.size());
                        perRetriever.put(Via.LEXICAL.id(), lexical.size());
                        List<Fused> fused = Fusion.rrf(
                                List.of(
                                        new RankedList(Via.VECTOR, 0.5, chunks(vector)),
                                        new RankedList(Via.LEXICAL, 0.5, chunks(lexical))),
                                routing.rrfK(),
                                ids::of);
                        clock.lap("fuse");
                        yield List.copyOf(fused.subList(0, Math.min(total, fused.size())));
                    }
                    case FULL -> {
                        int maxQuota = quotas.values().stream()
                                .mapToInt(Integer::intValue)
                                .max()
                                .orElse(1);
                        // every table's vector search and the pin lookups run concurrently (BM25 is already
                        // under way): they are independent reads, and on an idle machine this halves the latency
                        List<SearchTask> tasks = new ArrayList<>();
                        for (ChunkKind kind : ChunkKind.values()) {
                            int quota = quotas.getOrDefault(Lane.of(kind), 0);
                            if (quota == 0) {
                                continue;
                            }
                            int k = Math.max(routing.minCandidates(), quota * routing.candidatesFactor());
                            double tableWeight = (double) quota / maxQuota;
                            tasks.add(new SearchTask(
                                    Via.VECTOR,
                                    (1 - route.lexical()) * tableWeight,
                                    () -> store.search(kind, qv, k, filter)));
                            Future<List<ScoredChunk>> prefetched = lexicalPrefetch.get(kind);
                            if (prefetched != null && route.lexical() > 0) {
                                tasks.add(new SearchTask(
                                        Via.LEXICAL,
                                        route.lexical() * tableWeight,
                                        () -> Fusion.withFileSupport(head(join(prefetched), k), Fusion.FILE_SUPPORT)));
                            }
                        }
                        List<Future<List<ScoredChunk>>> searches = new ArrayList<>();
                        for (SearchTask t : tasks) {
                            // the lexical lap is timed by its prefetch; waiting for it here is not its cost
                            searches.add(
                                    t.via() == Via.LEXICAL
                                            ? SEARCHES.submit(t.call())
                                            : SEARCHES.submit(
                                                    () -> timed(stageMs, t.via().id(), t.call())));
                        }
                        Future<List<Pin>> pinSearch = SEARCHES.submit(() -> timed(
                                stageMs, "pins", () -> pins(analysis, previous, followUp, repo, qv, relevance, ids)));
                        List<RankedList> lists = new ArrayList<>();
                        int nv = 0;
                        int nl = 0;
                        for (int i = 0; i < tasks.size(); i++) {
                            SearchTask t = tasks.get(i);
                            List<ScoredChunk> hits = join(searches.get(i));
                            if (t.via() == Via.VECTOR) {
                                hits.forEach(sc -> relevance.put(ids.of(sc.chunk()), sc.score()));
                                nv += hits.size();
                            } else {
                                nl += hits.size();
                            }
                            lists.add(new RankedList(t.via(), t.weight(), chunks(hits)));
                        }
                        List<Pin> pins = join(pinSearch);
                        clock.lap("search");
                        clock.add("vector", stageMs.getOrDefault("vector", 0.0));
                        clock.add("lexical", stageMs.getOrDefault("lexical", 0.0));
                        clock.add("pins", stageMs.getOrDefault("pins", 0.0));
                        perRetriever.put(Via.VECTOR.id(), nv);
                        perRetriever.put(Via.LEXICAL.id(), nl);
                        pins.forEach(p -> pinLocations.add(p.chunk().location()));
                        perRetriever.put(Via.PIN.id(), pins.size());
                        if (!pins.isEmpty()) {
                            lists.add(new RankedList(
                                    Via.PIN,
                                    routing.pinWeight(),
                                    pins.stream().map(Pin::chunk).toList()));
                        }

                        List<Fused> fused = Fusion.rrf(lists, routing.rrfK(), ids::of);
                        if (route.graph() > 0) {
                            List<Chunk> graph = expand(fused, quotas.getOrDefault(Lane.GRAPH, 0), relations, ids);
                            perRetriever.put(Via.GRAPH.id(), graph.size());
                            if (!graph.isEmpty()) {
                                lists.add(new RankedList(Via.GRAPH, routing.graphWeight(), graph));
                                fused = Fusion.rrf(lists, routing.rrfK(), ids::of);
                            }
                            clock.lap("graph");
                        } else {
                            perRetriever.put(Via.GRAPH.id(), 0);
                        }
                        List<Fused> chosen = Fusion.select(fused, quotas, total);
                        clock.lap("fuse");
                        yield chosen;
                    }
                };

        fillRelevance(selected.stream().map(Fused::chunk).toList(), qv, relevance, ids);
        clock.lap("relevance");

        double top = selected.isEmpty() ? 1 : selected.getFirst().score();
        List<ScoredChunk> hits = new ArrayList<>(selected.size());
        List<RetrievalHit> details = new ArrayList<>(selected.size());
        Map<String, Integer> perTable = new LinkedHashMap<>();
        for (ChunkKind kind : ChunkKind.values()) {
            perTable.put(kind.table(), 0);
        }
        for (Fused f : selected) {
            double score = top > 0 ? Math.max(0, Math.min(1, f.score() / top)) : 0;
            double rel = relevance.getOrDefault(ids.of(f.chunk()), 0.0);
            hits.add(new ScoredChunk(f.chunk(), score));
            details.add(new RetrievalHit(f.chunk(), score, rel, f.via()));
            perTable.merge(f.chunk().kind().table(), 1, Integer::sum);
        }
        RetrievalTrace trace = new RetrievalTrace(perTable, perRetriever, clock.laps(), lexicalQuery, pinLocations);
        return new Retrieval(hits, intent.intent(), route.answer(), intent.confidence(), details, relations, trace);
    }

    /**
     * Per table, the deepest BM25 list any route asks for at this limit (tables no lexical route reads are
     * left out): the prefix of a deeper BM25 ranking is the shallower ranking, so one prefetch serves every
     * intent.
     */
    private Map<ChunkKind, Integer> prefetchDepth(int limit) {
        Map<ChunkKind, Integer> depth = new EnumMap<>(ChunkKind.class);
        for (RoutingTable.Route route : routing.routes().values()) {
            if (route.lexical() <= 0) {
                continue;
            }
            Map<Lane, Integer> quotas = Fusion.quotas(route, limit);
            for (ChunkKind kind : ChunkKind.values()) {
                int quota = quotas.getOrDefault(Lane.of(kind), 0);
                if (quota > 0) {
                    depth.merge(kind, Math.max(routing.minCandidates(), quota * routing.candidatesFactor()), Math::max);
                }
            }
        }
        return depth;
    }

    private static <T> List<T> head(List<T> list, int n) {
        return list.size() <= n ? list : List.copyOf(list.subList(0, n));
    }

    /** BM25 hits of one table, re-ranked by the evidence of the rest of each file ({@link Fusion#withFileSupport}). */
    private List<ScoredChunk> lexicalSearch(ChunkKind kind, String query, int k, SearchFilter filter) {
        return Fusion.withFileSupport(store.lexicalSearch(kind, query, k, filter), Fusion.FILE_SUPPORT);
    }

    /** Callers and callees of the top code hits, best seed first; records the edges it follows. */
    private List<Chunk> expand(List<Fused> fused, int graphQuota, List<CallRelation> relations, ChunkIds ids) {
        int seeds = 3;
        int perSeed = Math.max(2, graphQuota);
        List<Chunk> out = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        fused.forEach(f -> seen.add(ids.of(f.chunk())));
        int used = 0;
        for (Fused f : fused) {
            if (used >= seeds) {
                break;
            }
            if (!(f.chunk() instanceof CodeChunk seed)) {
                continue;
            }
            used++;
            List<String> callerIds = new ArrayList<>();
            for (CallEdge e : store.callers(ids.of(seed))) {
                callerIds.add(e.callerId());
            }
            List<Chunk> callers =
                    store.getAll(callerIds.stream().distinct().limit(perSeed).toList());
            for (Chunk c : callers) {
                relations.add(new CallRelation(ids.of(c), c.title(), ids.of(seed), seed.symbol()));
                out.add(c);
            }
            List<CallEdge> calleeEdges = store.callees(ids.of(seed));
            List<String> calleeIds = new ArrayList<>();
            for (CallEdge e : calleeEdges) {
                e.calleeId().ifPresent(calleeIds::add);
            }
            Map<String, Chunk> callees = new HashMap<>();
            for (Chunk c :
                    store.getAll(calleeIds.stream().distinct().limit(perSeed).toList())) {
                callees.put(ids.of(c), c);
            }
            for (CallEdge e : calleeEdges) {
                String id = e.calleeId().orElse("");
                relations.add(new CallRelation(ids.of(seed), seed.qualifiedName(), id, e.calleeName()));
                Chunk c = callees.get(id);
                if (c != null) {
                    out.add(c);
                }
            }
        }
        // Candidates already retrieved keep their place; graph adds provenance and a small boost to them too.
        List<Chunk> dedup = new ArrayList<>();
        Set<String> unique = new LinkedHashSet<>();
        for (Chunk c : out) {
            if (unique.add(ids.of(c))) {
                dedup.add(c);
            }
        }
        return dedup;
    }

    /**
     * Chunks the query names: stack frames (the chunk holding the line), file names, identifiers and — for
     * short questions — plain words that are symbol names. Ordered by strength, then relevance.
     */
    private List<Pin> pins(
            QueryAnalysis analysis,
            QueryAnalysis previous,
            FollowUp followUp,
            Optional<String> repo,
            float[] qv,
            Map<String, Double> relevance,
            ChunkIds ids) {
        Map<String, Pin> pins = new LinkedHashMap<>();
        int frameIndex = 0;
        for (StackFrame f : analysis.frames()) {
            if (QueryAnalyzer.isLibraryFrame(f) || frameIndex >= 10) {
                continue;
            }
            List<Chunk> file = store.findByPath(f.pathHint(), repo);
            if (file.isEmpty() && !f.pathHint().equals(f.fileName())) {
                file = store.findByPath(f.fileName(), repo);
            }
            if (file.isEmpty()) {
                continue;
            }
            Chunk best = frameChunk(file, f);
            if (best != null) {
                addPin(pins, best, 3.0 - frameIndex * 0.01, ids);
                frameIndex++;
            }
        }
        for (String name : analysis.fileNames()) {
            addFilePins(pins, store.findByPath(name, repo), 2.0, qv, relevance, ids);
        }
        int identifiers = 0;
        for (String id : analysis.identifiers()) {
            if (identifiers++ >= 25) {
                break;
            }
            addSymbolPins(pins, id, repo, 2.0, 5, qv, relevance, ids);
        }
        for (String word : analysis.words()) {
            addSymbolPins(pins, word, repo, 1.0, 3, qv, relevance, ids);
        }
        if (previous != null) {
            for (String name : previous.fileNames()) {
                addFilePins(pins, store.findByPath(name, repo), 0.8, qv, relevance, ids);
            }
            for (String id : previous.identifiers()) {
                addSymbolPins(pins, id, repo, 0.8, 5, qv, relevance, ids);
            }
            for (String word : previous.words()) {
                addSymbolPins(pins, word, repo, 0.6, 3, qv, relevance, ids);
            }
        }
        if (pins.isEmpty()) {
            // "and where is it called?": nothing named now, so the subject is what the last answer was about
            for (Chunk c : followUp.previousSources().stream().limit(2).toList()) {
                if (repo.isEmpty() || repo.get().equals(c.repo())) {
                    addPin(pins, c, 0.5, ids);
                }
            }
        }
        fillRelevance(pins.values().stream().map(Pin::chunk).toList(), qv, relevance, ids);
        return pins.values().stream()
                .sorted(Comparator.comparingDouble(Pin::strength)
                        .thenComparingDouble(p -> relevance.getOrDefault(ids.of(p.chunk()), 0.0))
                        .reversed())
                .limit(routing.maxPins())
                .toList();
    }

    /** The code chunk of a frame: the smallest one holding the line, else one named like the method. */
    private static Chunk frameChunk(List<Chunk> file, StackFrame f) {
        Chunk best = null;
        for (Chunk c : file) {
            if (c instanceof CodeChunk && f.line() >= c.startLine() && f.line() <= c.endLine()) {
                if (best == null || span(c) < span(best)) {
                    best = c;
                }
            }
        }
        if (best == null) {
            for (Chunk c : file) {
                if (c instanceof CodeChunk code && code.symbol().equals(f.method())) {
                    return c;
                }
            }
            for (Chunk c : file) {
                if (c instanceof CodeChunk) {
                    return c;
                }
            }
        }
        return best;
    }

    private static int span(Chunk c) {
        return c.endLine() - c.startLine();
    }

    private void addFilePins(
            Map<String, Pin> pins,
            List<Chunk> chunks,
            double strength,
            float[] qv,
            Map<String, Double> relevance,
            ChunkIds ids) {
        if (chunks.isEmpty()) {
            return;
        }
        fillRelevance(chunks, qv, relevance, ids);
        Map<String, List<Chunk>> byFile = new LinkedHashMap<>();
        for (Chunk c : chunks) {
            byFile.computeIfAbsent(c.repo() + "\0" + c.path(), x -> new ArrayList<>())
                    .add(c);
        }
        // An ambiguous short name (index.ts in ten folders) pins less: best three files, best two chunks each.
        byFile.values().stream()
                .sorted(Comparator.comparingDouble((List<Chunk> cs) -> bestRelevance(cs, relevance, ids))
                        .reversed())
                .limit(3)
                .forEach(cs -> cs.stream()
                        .sorted(Comparator.comparingDouble((Chunk c) -> relevance.getOrDefault(ids.of(c), 0.0))
                                .reversed())
                        .limit(2)
                        .forEach(c -> addPin(pins, c, strength, ids)));
    }

    private static double bestRelevance(List<Chunk> chunks, Map<String, Double> relevance, ChunkIds ids) {
        return chunks.stream()
                .mapToDouble(c -> relevance.getOrDefault(ids.of(c), 0.0))
                .max()
                .orElse(0);
    }

    private void addSymbolPins(
            Map<String, Pin> pins,
            String name,
            Optional<String> repo,
            double strength,
            int maxAmbiguity,
            float[] qv,
            Map<String, Double> relevance,
            ChunkIds ids) {
        List<Chunk> found = store.findBySymbol(name, repo);
        if (found.isEmpty() && name.indexOf('.') > 0) {
            String last = name.substring(name.lastIndexOf('.') + 1);
            String owner = name.substring(0, name.lastIndexOf('.'));
            String ownerSimple = owner.substring(owner.lastIndexOf('.') + 1);
            found = store.findBySymbol(last, repo).stream()
                    .filter(c -> c instanceof CodeChunk code
                            && (code.enclosing().equals(ownerSimple)
                                    || code.enclosing().endsWith("." + ownerSimple)
                                    || declaredInFileOf(code, ownerSimple)))
                    .toList();
            if (found.isEmpty()) {
                found = store.findBySymbol(ownerSimple, repo);
            }
        }
        if (found.isEmpty()) {
            return;
        }
        fillRelevance(found, qv, relevance, ids);
        List<Chunk> ranked = found.stream()
                .sorted(Comparator.comparingDouble((Chunk c) -> relevance.getOrDefault(ids.of(c), 0.0))
                        .reversed())
                .toList();
        // A name defined in many places (toString, main) is weak evidence: keep only its best two.
        int keep = ranked.size() > maxAmbiguity ? 2 : Math.min(ranked.size(), 3);
        ranked.stream()
                .limit(keep)
                .forEach(c -> addPin(pins, c, ranked.size() > maxAmbiguity ? strength / 2 : strength, ids));
    }

    private static boolean declaredInFileOf(CodeChunk code, String ownerSimple) {
        String path = code.path();
        return path.endsWith("/" + ownerSimple + ".java") || path.equals(ownerSimple + ".java");
    }

    private static void addPin(Map<String, Pin> pins, Chunk c, double strength, ChunkIds ids) {
        pins.merge(ids.of(c), new Pin(c, strength), (a, b) -> a.strength() >= b.strength() ? a : b);
    }

    /** Adds the cosine of every chunk not yet in {@code relevance}, from the stored vectors. */
    private void fillRelevance(Collection<Chunk> chunks, float[] qv, Map<String, Double> relevance, ChunkIds ids) {
        Map<String, List<String>> idsByHash = new HashMap<>();
        for (Chunk c : chunks) {
            String id = ids.of(c);
            if (!relevance.containsKey(id)) {
                idsByHash
                        .computeIfAbsent(c.contentHash(), h -> new ArrayList<>())
                        .add(id);
            }
        }
        if (idsByHash.isEmpty()) {
            return;
        }
        Map<String, float[]> vectors = store.vectorsByContentHash(idsByHash.keySet());
        for (Map.Entry<String, List<String>> e : idsByHash.entrySet()) {
            float[] v = vectors.get(e.getKey());
            double r = v == null || v.length != qv.length ? 0 : Vectors.relevance(qv, v);
            e.getValue().forEach(id -> relevance.put(id, r));
        }
    }

    private static List<Fused> asFused(List<ScoredChunk> merged, Via via, int limit) {
        List<Fused> out = new ArrayList<>();
        for (ScoredChunk sc : merged) {
            if (out.size() >= limit) {
                break;
            }
            out.add(new Fused(sc.chunk(), Math.max(sc.score(), 1e-9), EnumSet.of(via)));
        }
        return out;
    }

    private static List<Chunk> chunks(List<ScoredChunk> hits) {
        return hits.stream().map(ScoredChunk::chunk).toList();
    }

    private static String joinTerms(String current, String previous) {
        if (previous.isBlank()) {
            return current;
        }
        Set<String> seen = new LinkedHashSet<>();
        List<String> out = new ArrayList<>();
        for (String t : (current + " " + previous).trim().split("\\s+")) {
            if (!t.isEmpty() && seen.add(t.toLowerCase(java.util.Locale.ROOT))) {
                out.add(t);
            }
        }
        return String.join(
                " ", out.stream().limit(QueryAnalyzer.MAX_LEXICAL_TERMS).toList());
    }

    /** The embedder this retriever embeds queries with. */
    Embedder embedder() {
        return embedder;
    }

    /** The store this retriever reads (owned by the caller). */
    public VectorStore store() {
        return store;
    }

    /** Below this relevance (in [0, 1]) nothing retrieved is good enough to answer from (routing.json). */
    public double relevanceFloor() {
        return routing.relevanceFloor();
    }

    RoutingTable routing() {
        return routing;
    }
}
