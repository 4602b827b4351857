package dev.coderag.retrieval;

/**
 * How one {@link RetrievalMode} turns an analysed query into chosen candidates. {@link Retriever} analyses the
 * query before and computes relevance and the result after; the shared machinery a mode calls is in
 * {@link Request#embedAndClassify()}, {@link ChunkSource} (searches and lookups), {@link SearchTasks}
 * (concurrency), {@link Relevance} and {@link Fusion}.
 *
 * <p>Implementations are immutable and thread-safe; everything per request is in the {@link Request}.
 */
sealed interface ModeStrategy permits VectorMode, LexicalMode, HybridMode, FullMode {

    /** The strategy of a mode. */
    static ModeStrategy of(RetrievalMode mode, RoutingTable routing) {
        return switch (mode) {
            case VECTOR -> new VectorMode();
            case LEXICAL -> new LexicalMode();
            case HYBRID -> new HybridMode(routing);
            case FULL -> new FullMode(routing);
        };
    }

    /**
     * Whether the previous question's BM25 terms join the query's own. Only the production path follows a
     * conversation; the other modes search for the query alone.
     */
    default boolean joinsPreviousTerms() {
        return false;
    }

    /**
     * Embeds and classifies the query ({@link Request#embedAndClassify()}, exactly once), searches, fuses and
     * chooses; laps the request's clock for each of its stages.
     */
    Selection select(Request request);
}
