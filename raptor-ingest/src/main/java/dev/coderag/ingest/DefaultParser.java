package dev.coderag.ingest;

import dev.coderag.ingest.parse.ChunkParser;
import dev.coderag.ingest.parse.FileCategory;
import dev.coderag.ingest.parse.ParseOptions;
import dev.coderag.ingest.parse.ParseResult;
import dev.coderag.ingest.parse.SourceFile;

/** The production parse stage: the tree-sitter {@link ChunkParser}. Thread-safe. */
final class DefaultParser implements FileParser {
    private final ChunkParser parser;

    private DefaultParser(ChunkParser parser) {
        this.parser = parser;
    }

    static FileParser create(ParseOptions options) {
        return new DefaultParser(ChunkParser.create(options));
    }

    @Override
    public FileCategory categorize(String path) {
        return ChunkParser.categorize(path);
    }

    @Override
    public ParseResult parse(SourceFile file) {
        return parser.parse(file);
    }
}
