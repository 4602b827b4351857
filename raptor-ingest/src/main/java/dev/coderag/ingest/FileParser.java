package dev.coderag.ingest;

import dev.coderag.ingest.parse.FileCategory;
import dev.coderag.ingest.parse.ParseResult;
import dev.coderag.ingest.parse.SourceFile;

/** The parse stage as the orchestrator sees it: pure and thread-safe. Production wraps the ChunkParser. */
interface FileParser {
    /** How a path will be treated, from its name alone. */
    FileCategory categorize(String path);

    /** The chunks of one file, in file order. May throw on input it cannot handle. */
    ParseResult parse(SourceFile file);
}
