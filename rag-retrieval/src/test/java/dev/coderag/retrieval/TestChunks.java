package dev.coderag.retrieval;

import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.ManifestChunk;
import dev.coderag.types.ReadmeChunk;
import dev.coderag.types.SymbolKind;
import java.util.List;
import java.util.Set;

/** Small chunk factories for pure unit tests. */
public final class TestChunks {
    private TestChunks() {}

    public static CodeChunk code(String path, String symbol, int start, int end) {
        return code(path, symbol, "", start, end);
    }

    public static CodeChunk code(String path, String symbol, String doc, int start, int end) {
        return new CodeChunk(
                "demo",
                path,
                Language.fromFileName(path).orElse(Language.TEXT),
                symbol,
                SymbolKind.FUNCTION,
                "",
                "def " + symbol + "()",
                doc,
                "def " + symbol + "():\n    return 1\n",
                start,
                end,
                List.of(),
                "test-model");
    }

    public static ReadmeChunk readme(String heading, String text, int start, int end) {
        return new ReadmeChunk("demo", "README.md", List.of(heading), text, start, end, "test-model");
    }

    public static ManifestChunk manifest(String name) {
        return new ManifestChunk("demo", "pyproject.toml", name, "A demo", List.of("requests"), 1, 10, "test-model");
    }

    public static RetrievalHit hit(dev.coderag.types.Chunk c, double relevance) {
        return new RetrievalHit(c, 1.0, relevance, Set.of(Via.VECTOR));
    }
}
