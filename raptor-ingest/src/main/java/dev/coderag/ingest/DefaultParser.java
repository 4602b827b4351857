package dev.coderag.ingest;

import dev.coderag.ingest.parse.FileCategory;
import dev.coderag.ingest.parse.ParseOptions;
import dev.coderag.ingest.parse.ParseResult;
import dev.coderag.ingest.parse.SourceFile;

/** The production parse stage. TODO(ingest): delegate to ChunkParser when it lands on main. */
final class DefaultParser implements FileParser {
    private DefaultParser() {}

    static FileParser create(ParseOptions options) {
        throw new IngestException(IngestException.Reason.IO, "the tree-sitter parser has not landed yet");
    }

    @Override
    public FileCategory categorize(String path) {
        throw new UnsupportedOperationException();
    }

    @Override
    public ParseResult parse(SourceFile file) {
        throw new UnsupportedOperationException();
    }
}
