package dev.coderag.store;

import dev.coderag.types.ChunkKind;
import java.util.List;

/** BM25 search over the store's chunks. Thread-safe; reads see the last committed state; failures are {@link StoreException}s. */
public interface LexicalSearch {

    /**
     * BM25 search in one table, best first, at most {@code k} hits passing {@code filter}, each with the chunk's
     * stored id. Identifiers are split for matching ({@code parseHttpRequest}, {@code parse_http_request} →
     * parse, http, request); path and symbol names are indexed too. Query text is free text: operators and
     * punctuation are not interpreted. Empty for {@code k <= 0} or a query without searchable terms.
     */
    List<ScoredChunk> search(ChunkKind table, String query, int k, SearchFilter filter);
}
