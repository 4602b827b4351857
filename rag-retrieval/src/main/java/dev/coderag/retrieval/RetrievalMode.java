package dev.coderag.retrieval;

/** Which retrieval path {@link Retriever#retrieve} runs. */
public enum RetrievalMode {
    /** Vector search over every table, merged by cosine similarity. */
    VECTOR,
    /** BM25 search over every table (informative query terms only), merged by score. */
    LEXICAL,
    /** Vector and lexical per table, fused by reciprocal rank fusion; no intent routing, pins or graph. */
    HYBRID,
    /** The production path of {@code /api/chat}: intent routing, hybrid per table, pins, graph expansion. */
    FULL
}
