/**
 * Retrieval quality on benchmarks: query files, {@link dev.coderag.eval.EvalRun} (ingest a corpus, run every
 * query through the production retriever per mode), file- and function-level metrics and the report; and
 * {@link dev.coderag.eval.HistoryEval}, history questions judged by the commits among chat's first sources. May
 * import raptor-ingest, rag-retrieval, rag-store and rag-types; no web server and no command-line library (the
 * {@code eval} command lives in rag-cli).
 */
package dev.coderag.eval;
