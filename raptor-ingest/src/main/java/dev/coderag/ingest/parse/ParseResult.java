package dev.coderag.ingest.parse;

import dev.coderag.types.Chunk;
import java.util.List;

/** The chunks of one file, in file order. */
public record ParseResult(FileCategory category, List<Chunk> chunks) {
    public ParseResult {
        chunks = List.copyOf(chunks);
    }
}
