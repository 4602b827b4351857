package dev.coderag.retrieval;

import dev.coderag.embed.Embedder;
import dev.coderag.retrieval.commits.HistoryQuestion;
import dev.coderag.store.VectorTier;
import java.util.Objects;
import java.util.Optional;

/**
 * One call of {@link Retriever#retrieve}: the analysed query, the conversation it continues, the requested
 * limit, where its chunks come from, and the clock whose laps become the trace's timings.
 *
 * <p>Not thread-safe: only the calling thread laps the clock and calls {@link #embedAndClassify()}. The chunk
 * source and the relevance it leads to are thread-safe and may be handed to concurrent tasks.
 */
final class Request {
    private final AnalyzedQuery query;
    private final Retriever.FollowUp followUp;
    private final int limit;
    /** The caller's scope, with the history added once the route reads it ({@link #embedAndClassify}). */
    private ChunkSource source;

    private final Stopwatch clock;
    private final Embedder embedder;
    private final Optional<Embedder> staticEmbedder;
    private final IntentClassifier intents;
    private final RoutingTable routing;

    /**
     * @param limit hits in total; {@code <= 0} = the route's counts
     * @param embedder embeds the query for the source's vector tier (and the intents are that embedder's)
     * @param staticEmbedder also embeds the query for the static tier's chunks, when the store holds both tiers
     */
    Request(
            AnalyzedQuery query,
            Retriever.FollowUp followUp,
            int limit,
            ChunkSource source,
            Stopwatch clock,
            Embedder embedder,
            Optional<Embedder> staticEmbedder,
            IntentClassifier intents,
            RoutingTable routing) {
        this.query = Objects.requireNonNull(query, "query");
        this.followUp = Objects.requireNonNull(followUp, "followUp");
        this.limit = limit;
        this.source = Objects.requireNonNull(source, "source");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.embedder = Objects.requireNonNull(embedder, "embedder");
        this.staticEmbedder = Objects.requireNonNull(staticEmbedder, "staticEmbedder");
        this.intents = Objects.requireNonNull(intents, "intents");
        this.routing = Objects.requireNonNull(routing, "routing");
    }

    /**
     * What the question asks of the history ({@link HistoryQuestion}, its relative dates counted back from now) when
     * {@code route} reads the commit table; empty otherwise.
     */
    Optional<HistoryQuestion> historyQuestion(RoutingTable.Route route) {
        return route.quota(dev.coderag.types.ChunkKind.COMMIT) > 0
                ? Optional.of(HistoryQuestion.of(query.text(), java.time.Instant.now()))
                : Optional.empty();
    }

    AnalyzedQuery query() {
        return query;
    }

    Retriever.FollowUp followUp() {
        return followUp;
    }

    /** Hits in total as requested; {@code <= 0} = the route's counts. */
    int limit() {
        return limit;
    }

    /**
     * Where the chunks come from: the caller's scope, and once {@link #embedAndClassify} found a route that reads
     * the commit table, that scope with the history ({@link ChunkSource#withHistory}).
     */
    ChunkSource source() {
        return source;
    }

    Stopwatch clock() {
        return clock;
    }

    /**
     * Embeds the query (its first 512 tokens), classifies its intent and looks up the intent's route; laps
     * {@code embed} and {@code intent}. Each mode calls this once, when its pipeline needs the query vector. A
     * route that reads the commit table widens {@link #source()} to the history: code questions never see
     * commits, history questions do (unless the caller chose the tables).
     */
    ClassifiedQuery embedAndClassify() {
        float[] vector = embedder.embedQuery(query.text());
        Optional<float[]> staticVector = staticEmbedder.map(e -> e.embedQuery(query.text()));
        clock.lap("embed");
        IntentClassifier.Result intent = intents.classify(vector, query.text());
        clock.lap("intent");
        RoutingTable.Route route = routing.route(intent.intent());
        if (route.quota(dev.coderag.types.ChunkKind.COMMIT) > 0) {
            source = source.withHistory();
        }
        if (source.tier() == VectorTier.STATIC) {
            route = route.withLexicalAtLeast(routing.staticTierLexical());
        }
        return new ClassifiedQuery(
                vector,
                staticVector,
                intent,
                route,
                Fusion.quotas(route, limit),
                limit > 0 ? limit : route.total(),
                new Relevance(source, vector, embedder));
    }
}
