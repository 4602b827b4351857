package dev.coderag.ingest;

/** The parser the pipeline tests use. TODO(ingest): the real ChunkParser once it lands. */
final class ChunkParsers {
    private ChunkParsers() {}

    static FileParser forTests() {
        return new BlockParser();
    }
}
