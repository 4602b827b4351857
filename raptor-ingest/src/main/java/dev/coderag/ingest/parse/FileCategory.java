package dev.coderag.ingest.parse;

/** How the parser treated a file. */
public enum FileCategory {
    /** Source in a language with a grammar (code chunks, maybe a module doc). */
    CODE,
    /** Markdown documentation (readme chunks). */
    DOC,
    /** A build manifest (one manifest chunk). */
    MANIFEST,
    /** A text file in a language without a grammar; chunked as plain text only when that option is on. */
    UNSUPPORTED
}
