package dev.coderag.retrieval;

import java.util.Locale;

/** How a chunk was found. {@link #id()} is the name used in traces and JSON. */
public enum Via {
    /** Nearest neighbour of the query embedding. */
    VECTOR,
    /** BM25 match of the query's informative terms. */
    LEXICAL,
    /** Caller or callee of a top hit, from the stored call edges. */
    GRAPH,
    /** The query names the file, symbol or stack-trace frame. */
    PIN;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
