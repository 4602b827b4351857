package dev.coderag.retrieval;

import dev.coderag.embed.Embedder;
import dev.coderag.retrieval.Fusion.Fused;
import dev.coderag.retrieval.commits.HistoryQuestion;
import dev.coderag.retrieval.commits.TimeWindow;
import dev.coderag.retrieval.evidence.Evidence;
import dev.coderag.retrieval.evidence.EvidenceHit;
import dev.coderag.retrieval.evidence.EvidencePolicy;
import dev.coderag.retrieval.evidence.Names;
import dev.coderag.retrieval.evidence.TermLookup;
import dev.coderag.retrieval.evidence.Verdict;
import dev.coderag.store.ScoredChunk;
import dev.coderag.store.Store;
import dev.coderag.store.VectorTier;
import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.CommitChunk;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The retrieval half of the chat pipeline, and the same code path the evaluation harness calls. One instance
 * per store and embedder; construction embeds the intent prototypes (tens of milliseconds).
 *
 * <p>Every mode runs the same frame — analyse the query ({@code analyze}), the mode's own stages
 * ({@link ModeStrategy}), then the relevance of the chosen hits ({@code relevance}) and the result — and its
 * trace times those stages in that order.
 *
 * <p>Thread-safe: every method may be called concurrently (the store and the embedder are thread-safe, the
 * rest is immutable).
 */
public final class Retriever {
    /** What {@link #warmUp} asks: any question reaches every table; this one reads like a newcomer's first. */
    private static final String WARM_UP_QUESTION = "where does the program start and how is it configured?";

    private final Store store;
    private final Embedder embedder;
    private final IntentClassifier intents;
    /** The static tier's embedder and its intent prototypes; empty for a retriever of the full tier alone. */
    private final Optional<Tier> staticTier;

    private final RoutingTable routing;
    private final EvidencePolicy evidence;
    private final EvidencePolicy staticEvidence;
    private final Map<RetrievalMode, ModeStrategy> modes = new EnumMap<>(RetrievalMode.class);

    /** The static tier's question embedder and the intent prototypes it embeds, on first use (the table is lazy). */
    static final class Tier {
        private final Embedder embedder;
        private volatile IntentClassifier intents;

        Tier(Embedder embedder) {
            this.embedder = embedder;
        }

        Embedder embedder() {
            return embedder;
        }

        IntentClassifier intents() {
            IntentClassifier i = intents;
            if (i == null) {
                synchronized (this) {
                    if (intents == null) {
                        intents = IntentClassifier.load(embedder);
                    }
                    i = intents;
                }
            }
            return i;
        }
    }

    Retriever(Store store, Embedder embedder, IntentClassifier intents, RoutingTable routing, EvidencePolicy evidence) {
        this(store, embedder, intents, Optional.empty(), routing, evidence);
    }

    Retriever(
            Store store,
            Embedder embedder,
            IntentClassifier intents,
            Optional<Tier> staticTier,
            RoutingTable routing,
            EvidencePolicy evidence) {
        this.store = Objects.requireNonNull(store, "store");
        this.staticTier = Objects.requireNonNull(staticTier, "staticTier");
        this.embedder = Objects.requireNonNull(embedder, "embedder");
        this.intents = Objects.requireNonNull(intents, "intents");
        this.routing = Objects.requireNonNull(routing, "routing");
        this.evidence = Objects.requireNonNull(evidence, "evidence");
        this.staticEvidence = evidence.forStaticTier();
        for (String intent : IntentClassifier.KNOWN) {
            routing.route(intent); // fail at start-up, not on the first query, when the data files disagree
        }
        for (RetrievalMode mode : RetrievalMode.values()) {
            modes.put(mode, ModeStrategy.of(mode, routing));
        }
    }

    /**
     * A retriever with the intent prototypes and routing table shipped in this module's resources. With an embedder
     * that has a {@linkplain Embedder#staticTier() static tier} it reads both vector tiers (docs/STORE.md, "Two
     * vector tiers"): while the store holds static-tier vectors, each question is also embedded by the static tier
     * (a table look-up) and those chunks are searched with it beside the full tier's; a store whose vectors are all
     * static is searched with the static question vector alone, which then also classifies the intent and
     * measures relevance, judged on the static tier's own scale ({@link EvidencePolicy#forStaticTier}). The static
     * tier's intent prototypes are embedded on its first use.
     */
    public static Retriever create(Store store, Embedder embedder) {
        return new Retriever(
                store,
                embedder,
                IntentClassifier.load(embedder),
                embedder.staticTier().map(Tier::new),
                RoutingTable.load(),
                EvidencePolicy.load());
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

    /**
     * As {@link #retrieve(String, Optional, RetrievalMode, int)}, continuing a conversation: in
     * {@link RetrievalMode#FULL} the previous question's terms and names join the search, and when the query
     * names nothing the previous answer's first sources are pinned.
     */
    public Retrieval retrieve(String query, Optional<String> repo, RetrievalMode mode, int limit, FollowUp followUp) {
        return retrieve(query, Scope.repo(repo), mode, limit, followUp);
    }

    /**
     * As {@link #retrieve(String, Optional, RetrievalMode, int)}, restricted to {@code scope}: every search, pin
     * and graph neighbour is a chunk in it (what {@code search_code} of the MCP server asks with its filters).
     *
     * @throws IllegalArgumentException for a path glob the store refuses (too long, a reversed range)
     */
    public Retrieval retrieve(String query, Scope scope, RetrievalMode mode, int limit) {
        return retrieve(query, scope, mode, limit, FollowUp.NONE);
    }

    private Retrieval retrieve(String query, Scope scope, RetrievalMode mode, int limit, FollowUp followUp) {
        Objects.requireNonNull(query, "query");
        Objects.requireNonNull(mode, "mode");
        ModeStrategy strategy = modes.get(mode);
        Stopwatch clock = new Stopwatch();
        AnalyzedQuery analyzed = AnalyzedQuery.of(query, followUp, strategy.joinsPreviousTerms());
        clock.lap("analyze");
        Request request = request(analyzed, followUp, limit, scope, clock);
        Selection selection = strategy.select(request);
        selection
                .query()
                .relevance()
                .fill(selection.chosen().stream().map(Fused::found).toList());
        clock.lap("relevance");
        Evidence found = gather(analyzed, followUp, selection, request.source());
        clock.lap("evidence");
        // A static-only store's relevance is the static tier's cosine, on its own scale (evidence.json, static_tier).
        EvidencePolicy policy = request.source().tier() == VectorTier.STATIC ? staticEvidence : evidence;
        return result(selection, analyzed.lexicalQuery(), clock.laps(), found, policy.judge(found), request.source());
    }

    /**
     * The request over the tiers the store holds now: the full tier's question vector (with the static one beside
     * it while static-tier vectors remain), or the static tier's alone when every vector is static.
     */
    private Request request(AnalyzedQuery analyzed, FollowUp followUp, int limit, Scope scope, Stopwatch clock) {
        if (staticTier.isPresent()) {
            Set<VectorTier> present = store.vectorTiers();
            if (present.contains(VectorTier.STATIC)) {
                Tier tier = staticTier.get();
                return present.contains(VectorTier.FULL)
                        ? new Request(
                                analyzed,
                                followUp,
                                limit,
                                new ChunkSource(store, scope, VectorTier.FULL),
                                clock,
                                embedder,
                                Optional.of(tier.embedder()),
                                intents,
                                routing)
                        : new Request(
                                analyzed,
                                followUp,
                                limit,
                                new ChunkSource(store, scope, VectorTier.STATIC),
                                clock,
                                tier.embedder(),
                                Optional.empty(),
                                tier.intents(),
                                routing);
            }
        }
        return new Request(
                analyzed,
                followUp,
                limit,
                new ChunkSource(store, scope),
                clock,
                embedder,
                Optional.empty(),
                intents,
                routing);
    }

    /**
     * The evidence of the chosen hits for the question ({@link Evidence#gather}): their text, relevance and
     * provenance, and whether the repositories in scope hold the question's words the hits do not (one BM25
     * lookup of one word per table).
     */
    private Evidence gather(AnalyzedQuery query, FollowUp followUp, Selection selection, ChunkSource source) {
        Relevance relevance = selection.query().relevance();
        QueryAnalysis analysis = query.analysis();
        List<String> files = new ArrayList<>(analysis.fileNames());
        analysis.frames().forEach(f -> files.add(f.fileName()));
        Names names = new Names(analysis.identifiers(), files, !followUp.isEmpty());
        // a history question's dates and words about the history ("added", "last") are not what a source holds;
        // its dates name the commits in them, as an identifier names a definition
        boolean history = selection.query().route().quota(ChunkKind.COMMIT) > 0;
        Optional<TimeWindow> dates = history ? TimeWindow.in(query.text(), Instant.now()) : Optional.empty();
        List<EvidenceHit> hits = new ArrayList<>();
        for (Fused f : selection.chosen()) {
            Chunk c = f.chunk();
            String symbol = c instanceof CodeChunk code ? code.symbol() : "";
            boolean dated = c instanceof CommitChunk h
                    && dates.filter(w -> w.contains(h.time())).isPresent();
            hits.add(new EvidenceHit(
                    c.path() + "\n" + c.embeddingText(),
                    relevance.of(f.id()),
                    f.via().contains(Via.VECTOR),
                    f.via().contains(Via.LEXICAL),
                    dated || (f.via().contains(Via.PIN) && names.names(c.path(), symbol))));
        }
        TermLookup inScope = word -> {
            for (ChunkKind kind : ChunkKind.values()) {
                if (!source.bm25(kind, word, 1).isEmpty()) {
                    return true;
                }
            }
            return false;
        };
        String question = history ? HistoryQuestion.evidenceText(query.text()) : query.text();
        return Evidence.gather(question, hits, inScope, evidence);
    }

    /** The chosen candidates as hits, scores scaled so that the best is 1, with their relevance and the trace. */
    private static Retrieval result(
            Selection selection,
            String lexicalQuery,
            Map<String, Double> timingsMs,
            Evidence evidence,
            Verdict verdict,
            ChunkSource source) {
        List<Fused> chosen = selection.chosen();
        Relevance relevance = selection.query().relevance();
        // the best score, not the first: named definitions lead the list whatever their fused score
        double top = chosen.stream().mapToDouble(Fused::score).max().orElse(1);
        List<ScoredChunk> hits = new ArrayList<>(chosen.size());
        List<RetrievalHit> details = new ArrayList<>(chosen.size());
        Map<String, Integer> perTable = new LinkedHashMap<>();
        for (ChunkKind kind : Scope.ALL.tables().stream().sorted().toList()) { // the history only when it answered
            perTable.put(kind.table(), 0);
        }
        boolean first = true;
        for (Fused f : chosen) {
            double score = top > 0 ? Math.max(0, Math.min(1, f.score() / top)) : 0;
            hits.add(new ScoredChunk(f.id(), f.chunk(), score));
            // what answers say a chunk calls: asked of the best code hit and of those without a doc comment (the
            // others are described by it), a store read each
            boolean calls = f.chunk() instanceof CodeChunk code
                    && (first || code.docstring().isBlank());
            first &= !(f.chunk() instanceof CodeChunk);
            details.add(new RetrievalHit(
                    f.chunk(),
                    score,
                    relevance.of(f.id()),
                    f.via(),
                    calls ? source.resolvedCalls(f.id(), f.chunk()) : Optional.empty()));
            perTable.merge(f.chunk().kind().table(), 1, Integer::sum);
        }
        RetrievalTrace trace =
                new RetrievalTrace(perTable, selection.perRetriever(), timingsMs, lexicalQuery, selection.pins());
        IntentClassifier.Result intent = selection.query().intent();
        return new Retrieval(
                hits,
                intent.intent(),
                selection.query().route().answer(),
                intent.confidence(),
                details,
                selection.relations(),
                selection.subject(),
                trace,
                selection.unplacedCallers(),
                evidence,
                verdict);
    }

    /**
     * Does once, ahead of the first question, what the first question of each table would otherwise pay for:
     * loading its vectors (and starting its graph), opening its lexical index, the code paths of a whole
     * retrieval. Meant for a background thread right after a server starts; answers stay correct while it
     * runs. Never throws: a failure here is the first question's to report.
     *
     * @return the milliseconds it took
     */
    public double warmUp() {
        long t0 = System.nanoTime();
        // One round: since BM25 is on Lucene, nothing starts building only on a table's second search.
        try {
            retrieve(WARM_UP_QUESTION, Scope.ALL, RetrievalMode.HYBRID, 10);
            retrieve(WARM_UP_QUESTION, Scope.ALL, RetrievalMode.FULL, 0);
        } catch (RuntimeException e) {
            // the first real question reports it
        }
        return (System.nanoTime() - t0) / 1e6;
    }

    /** The embedder this retriever embeds queries with. */
    Embedder embedder() {
        return embedder;
    }

    /** The store this retriever reads (owned by the caller). */
    public Store store() {
        return store;
    }

    RoutingTable routing() {
        return routing;
    }
}
