/**
 * From a question to ranked, cited evidence: the retrieval that chat, the MCP server, the evaluation harness and
 * the benchmarks share.
 *
 * <p>This package owns
 *
 * <ul>
 *   <li>query analysis: stack frames, file names, identifiers and the BM25 terms of a question or bug report
 *       ({@link dev.coderag.retrieval.QueryAnalyzer});
 *   <li>intents: the nearest prototype question ({@code intents.json}, {@link dev.coderag.retrieval.IntentClassifier});
 *   <li>the routing table: per intent, results per table, lexical weight, graph expansion and answer style
 *       ({@code routing.json}, {@link dev.coderag.retrieval.RoutingTable});
 *   <li>hybrid search: per-table vector and BM25 searches and pins, one strategy per
 *       {@link dev.coderag.retrieval.RetrievalMode} ({@link dev.coderag.retrieval.ModeStrategy});
 *   <li>fusion: weighted reciprocal rank fusion and quota selection, pure functions
 *       ({@link dev.coderag.retrieval.Fusion});
 *   <li>graph expansion: callers and callees from the stored call edges
 *       ({@link dev.coderag.retrieval.GraphExpansion});
 *   <li>relevance: the cosine of the query to each hit's stored embedding ({@link dev.coderag.retrieval.Relevance});
 *   <li>the evidence of the chosen hits and the verdict whether it is enough to answer, which chat refuses on
 *       (gathered in {@link dev.coderag.retrieval.Retriever}, judged by the package
 *       {@code dev.coderag.retrieval.evidence}).
 * </ul>
 *
 * <p>The public API is {@link dev.coderag.retrieval.Retriever} and what it returns
 * ({@link dev.coderag.retrieval.Retrieval}, {@link dev.coderag.retrieval.RetrievalHit},
 * {@link dev.coderag.retrieval.RetrievalTrace}, {@link dev.coderag.retrieval.CallRelation},
 * {@link dev.coderag.retrieval.Via}, {@link dev.coderag.retrieval.AnswerStyle}), plus
 * {@link dev.coderag.retrieval.RetrievalMode}, {@link dev.coderag.retrieval.Scope} and {@link dev.coderag.retrieval.Stopwatch}; everything else is
 * package-private.
 *
 * <p>It may import rag-types ({@code dev.coderag.types}), rag-store ({@code dev.coderag.store}: searches,
 * lookups, the embedder) and Jackson (for its two data files) — never a web server, and never the ingester
 * (raptor-ingest is a test dependency only, to build the fixture store). Reads of the store go through
 * {@link dev.coderag.retrieval.ChunkSource}, the one place chunk ids are obtained.
 */
package dev.coderag.retrieval;
