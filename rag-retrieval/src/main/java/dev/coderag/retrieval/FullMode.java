package dev.coderag.retrieval;

import dev.coderag.retrieval.Fusion.Fused;
import dev.coderag.retrieval.Fusion.Lane;
import dev.coderag.retrieval.Fusion.RankedList;
import dev.coderag.retrieval.GraphExpansion.Expansion;
import dev.coderag.retrieval.Pins.Pin;
import dev.coderag.retrieval.commits.HistoryQuestion;
import dev.coderag.retrieval.rank.Candidate;
import dev.coderag.retrieval.rank.Ranker;
import dev.coderag.retrieval.rank.RankingConfig;
import dev.coderag.store.ScoredChunk;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CodeChunk;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;

/**
 * {@link RetrievalMode#FULL}, the production path of chat: the query's intent picks a route (per-table quotas,
 * the vector/lexical balance, graph expansion); every routed table's vector and lexical search and the pin
 * lookups run concurrently; weighted RRF fuses them, graph expansion adds callers and callees, and the quotas
 * choose. Its stages, in the order the trace times them: start BM25 (before embedding, which it does not need),
 * {@code embed}, {@code intent}, {@code search} (with {@code vector}, {@code lexical} and {@code pins} measured
 * inside the concurrent tasks), {@code graph} (routes that expand only), {@code fuse}.
 */
final class FullMode implements ModeStrategy {
    private final RoutingTable routing;
    private final Ranker ranker;

    FullMode(RoutingTable routing) {
        this.routing = routing;
        this.ranker = new Ranker(RankingConfig.parse(Resources.text("ranking.json")));
    }

    @Override
    public boolean joinsPreviousTerms() {
        return true;
    }

    @Override
    public Selection select(Request request) {
        SearchTasks tasks = new SearchTasks();
        Map<ChunkKind, Future<List<ScoredChunk>>> bm25 = startLexicalSearch(request, tasks);
        ClassifiedQuery query = request.embedAndClassify();
        String text = request.query().text();
        Optional<HistoryQuestion> asked = request.historyQuestion(query.route());
        Candidates candidates = search(request, query, bm25, tasks, asked);
        List<RankedList> lists = candidates.rankedLists(routing.pinWeight());
        String intent = query.intent().intent();
        List<Fused> fused =
                rank(routing.paths().apply(Fusion.rrf(lists, routing.rrfK()), intent, text), request.query(), intent);
        Expansion graph = Expansion.NONE;
        if (query.route().graph() > 0) {
            graph = GraphExpansion.expand(
                    request.source(),
                    candidates.subject(),
                    fused,
                    query.quotas().getOrDefault(Lane.GRAPH, 0),
                    routing.paths().tests());
            fused = routing.paths().apply(fuseWithGraph(lists, fused, graph), intent, text);
            request.clock().lap("graph");
        }
        List<Fused> chosen = Fusion.select(fused, query.quotas(), query.total());
        if (!candidates.commits().isEmpty()) { // the commit that answers a history question is source [1]
            List<String> first =
                    new ArrayList<>(candidates.commits().stream().map(Found::id).toList());
            candidates.subject().ifPresent(s -> first.add(1, s.id()));
            chosen = Fusion.lead(chosen, fused, first, query.total());
        } else if (query.route().answer() == AnswerStyle.HISTORY) { // no commit pinned: the commits found lead
            chosen = Fusion.kindFirst(chosen, ChunkKind.COMMIT);
        } else if (ranker.leads() && request.query().analysis().wordCount() <= routing.leadMaxWords()) {
            boolean callees = candidates
                    .subject()
                    .filter(s -> s.chunk() instanceof CodeChunk)
                    .map(s -> routing.callDirection().asksForCallees(text, ((CodeChunk) s.chunk()).symbol()))
                    .orElse(false);
            List<String> leads = Leads.order(candidates.subject(), candidates.pins(), graph, callees, fused, text);
            chosen = Fusion.lead(chosen, fused, leads, query.total());
        }
        request.clock().lap("fuse");
        return new Selection(
                query,
                chosen,
                candidates.perRetriever(graph),
                graph.relations(),
                candidates.pinLocations(),
                candidates.subject().map(Found::id),
                graph.unplacedCallers());
    }

    /** The fused candidates through the ranking stack; each keeps the retrievers that found it. */
    private List<Fused> rank(List<Fused> fused, AnalyzedQuery query, String intent) {
        Map<String, Fused> byId = new java.util.HashMap<>();
        List<Candidate> candidates = new ArrayList<>(fused.size());
        for (Fused f : fused) {
            byId.put(f.id(), f);
            candidates.add(new Candidate(f.id(), f.chunk(), f.score()));
        }
        List<Candidate> ranked = ranker.rank(
                new Ranker.Question(
                        query.text(),
                        query.analysis().identifiers(),
                        query.analysis().wordCount(),
                        intent),
                candidates);
        List<Fused> out = new ArrayList<>(ranked.size());
        for (Candidate c : ranked) {
            Fused f = byId.get(c.id());
            out.add(new Fused(f.found(), c.score(), f.via()));
        }
        return out;
    }

    /**
     * Starts BM25 on every table some lexical route reads, at the deepest any route asks for, before the query
     * is embedded: it needs no query vector, so the two largest stages overlap. The intent decides afterwards
     * which of these results are used. No searches for a blank lexical query.
     */
    private Map<ChunkKind, Future<List<ScoredChunk>>> startLexicalSearch(Request request, SearchTasks tasks) {
        Map<ChunkKind, Future<List<ScoredChunk>>> started = new EnumMap<>(ChunkKind.class);
        String lexicalQuery = request.query().lexicalQuery();
        ChunkSource source = request.source(); // the caller's scope: a history route widens it after the intent
        if (!lexicalQuery.isBlank()) {
            prefetchDepth(request.limit()).forEach((kind, depth) -> {
                if (source.reads(kind)) {
                    started.put(kind, tasks.submitTimed("lexical", () -> source.bm25(kind, lexicalQuery, depth)));
                }
            });
        }
        return started;
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
                    depth.merge(kind, candidates(quota), Math::max);
                }
            }
        }
        return depth;
    }

    /** How many candidates a table's retrievers fetch for a quota. */
    private int candidates(int quota) {
        return Math.max(routing.minCandidates(), quota * routing.candidatesFactor());
    }

    /**
     * One search of the plan.
     *
     * @param staticTier a vector search of the static tier's chunks with the static question vector: its scores are
     *     on another scale, so its hits are neither relevance nor merged by score with the full tier's
     */
    private record SearchTask(Via via, double weight, Callable<List<Scored>> call, boolean staticTier) {
        SearchTask(Via via, double weight, Callable<List<Scored>> call) {
            this(via, weight, call, false);
        }
    }

    /**
     * What the concurrent searches found: one ranked list per routed table and retriever (in table order,
     * vector before lexical), the hit counts, and the pins.
     */
    private record Candidates(
            List<RankedList> searched,
            int vectorHits,
            int lexicalHits,
            List<Pin> pins,
            Optional<Found> subject,
            List<Found> commits) {
        /** The searched lists, then the pins' when there are any (the commits answering a history question first). */
        List<RankedList> rankedLists(double pinWeight) {
            List<RankedList> lists = new ArrayList<>(searched);
            if (!pins.isEmpty() || !commits.isEmpty()) {
                List<Found> pinned = new ArrayList<>(commits);
                pins.forEach(p -> pinned.add(p.found()));
                lists.add(RankedList.of(Via.PIN, pinWeight, pinned));
            }
            return lists;
        }

        Map<String, Integer> perRetriever(Expansion graph) {
            Map<String, Integer> counts = new LinkedHashMap<>();
            counts.put(Via.VECTOR.id(), vectorHits);
            counts.put(Via.LEXICAL.id(), lexicalHits);
            counts.put(Via.PIN.id(), pins.size());
            counts.put(Via.GRAPH.id(), graph.chunks().size());
            return counts;
        }

        List<String> pinLocations() {
            return pins.stream().map(p -> p.found().chunk().location()).toList();
        }
    }

    /**
     * Every routed table's vector search, its share of the BM25 already under way, and the pin lookups,
     * concurrently: they are independent reads, and on an idle machine this halves the latency. Laps
     * {@code search}, then adds the {@code vector}, {@code lexical} and {@code pins} time spent inside the tasks.
     */
    private Candidates search(
            Request request,
            ClassifiedQuery query,
            Map<ChunkKind, Future<List<ScoredChunk>>> bm25,
            SearchTasks tasks,
            Optional<HistoryQuestion> asked) {
        List<SearchTask> planned =
                plan(request.source(), query, bm25, request.query().lexicalQuery(), asked);
        List<Future<List<Scored>>> running = new ArrayList<>();
        for (SearchTask t : planned) {
            // the lexical stage is timed by its prefetch; waiting for it here is not its cost
            running.add(
                    t.via() == Via.LEXICAL
                            ? tasks.submit(t.call())
                            : tasks.submitTimed(t.via().id(), t.call()));
        }
        Pins pins = new Pins(
                request.source(),
                query.relevance(),
                routing.maxPins(),
                routing.wordPinStrength(query.intent().intent()));
        Future<Pins.Named> pinSearch =
                tasks.submitTimed("pins", () -> pins.findWithSubject(request.query(), request.followUp()));
        List<RankedList> lists = new ArrayList<>();
        int vectorHits = 0;
        int lexicalHits = 0;
        List<List<Scored>> vectorLists = new ArrayList<>();
        List<List<Scored>> staticLists = new ArrayList<>();
        List<List<Scored>> lexicalLists = new ArrayList<>();
        for (int i = 0; i < planned.size(); i++) {
            SearchTask t = planned.get(i);
            List<Scored> hits = SearchTasks.join(running.get(i));
            if (t.staticTier()) {
                vectorHits += hits.size();
                staticLists.add(hits);
            } else if (t.via() == Via.VECTOR) {
                query.relevance().record(hits);
                vectorHits += hits.size();
                vectorLists.add(hits);
            } else {
                lexicalHits += hits.size();
                lexicalLists.add(hits);
            }
            lists.add(RankedList.of(t.via(), t.weight(), Scored.found(hits)));
        }
        if (ranker.mergeTables()) {
            double lexical = query.route().lexical();
            lists = new ArrayList<>(
                    List.of(RankedList.of(Via.VECTOR, 1 - lexical, Scored.found(Fusion.mergeByScore(vectorLists)))));
            if (!staticLists.isEmpty()) {
                // disjoint from the full tier's hits: a second list of the same weight interleaves the two by rank
                lists.add(RankedList.of(Via.VECTOR, 1 - lexical, Scored.found(Fusion.mergeByScore(staticLists))));
            }
            if (!lexicalLists.isEmpty()) {
                lists.add(RankedList.of(Via.LEXICAL, lexical, Scored.found(Fusion.mergeByScore(lexicalLists))));
            }
        }
        Pins.Named named = SearchTasks.join(pinSearch);
        List<Pin> pinned = named.pins();
        List<Found> commits = asked.map(q -> request.source().answering(named.subject(), pinned, q))
                .orElse(List.of());
        Stopwatch clock = request.clock();
        clock.lap("search");
        clock.add("vector", tasks.ms("vector"));
        clock.add("lexical", tasks.ms("lexical"));
        clock.add("pins", tasks.ms("pins"));
        return new Candidates(lists, vectorHits, lexicalHits, pinned, named.subject(), commits);
    }

    /**
     * The searches of the routed tables (quota above 0), in table order: vector, then lexical when the route
     * weighs it and BM25 ran. A table's lists weigh in proportion to its quota, the largest quota's at full
     * weight, split between the retrievers by the route's lexical share.
     */
    private List<SearchTask> plan(
            ChunkSource source,
            ClassifiedQuery query,
            Map<ChunkKind, Future<List<ScoredChunk>>> bm25,
            String lexicalQuery,
            Optional<HistoryQuestion> asked) {
        Map<Lane, Integer> quotas = query.quotas();
        RoutingTable.Route route = query.route();
        int maxQuota =
                quotas.values().stream().mapToInt(Integer::intValue).max().orElse(1);
        List<SearchTask> planned = new ArrayList<>();
        for (ChunkKind kind : ChunkKind.values()) {
            int quota = quotas.getOrDefault(Lane.of(kind), 0);
            if (quota == 0) {
                continue;
            }
            int k = candidates(quota);
            double tableWeight = (double) quota / maxQuota;
            planned.add(new SearchTask(
                    Via.VECTOR,
                    (1 - route.lexical()) * tableWeight,
                    ChunkSource.inDates(kind, asked, k, depth -> source.vector(kind, query.vector(), depth))));
            query.staticVector()
                    .ifPresent(v -> planned.add(new SearchTask(
                            Via.VECTOR,
                            (1 - route.lexical()) * tableWeight,
                            () -> source.staticVector(kind, v, k),
                            true)));
            Future<List<ScoredChunk>> prefetched = bm25.get(kind);
            if (route.lexical() > 0 && (prefetched != null || (!lexicalQuery.isBlank() && source.reads(kind)))) {
                // a table the route widened the scope to was not prefetched: searched now
                planned.add(new SearchTask(
                        Via.LEXICAL,
                        route.lexical() * tableWeight,
                        ChunkSource.inDates(
                                kind,
                                asked,
                                k,
                                depth -> source.lexical(
                                        prefetched != null
                                                ? head(SearchTasks.join(prefetched), depth)
                                                : source.bm25(kind, lexicalQuery, depth)))));
            }
        }
        return planned;
    }

    private static <T> List<T> head(List<T> list, int n) {
        return list.size() <= n ? list : List.copyOf(list.subList(0, n));
    }

    /** Fuses again with the graph's list added, when the expansion found anything. */
    private List<Fused> fuseWithGraph(List<RankedList> lists, List<Fused> fused, Expansion graph) {
        if (graph.chunks().isEmpty()) {
            return fused;
        }
        List<RankedList> withGraph = new ArrayList<>(lists);
        withGraph.add(RankedList.of(Via.GRAPH, routing.graphWeight(), graph.chunks()));
        return Fusion.rrf(withGraph, routing.rrfK());
    }
}
