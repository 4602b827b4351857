package dev.coderag.ingest;

import dev.coderag.ingest.parse.FileCategory;
import dev.coderag.ingest.parse.ParseResult;
import dev.coderag.ingest.parse.SourceFile;
import dev.coderag.types.Chunk;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.util.ArrayList;
import java.util.List;

/**
 * A deliberately simple parser for tests of the walk/reconcile machinery that must not depend on
 * tree-sitter: every blank-line-separated block of a .java/.py/.md file is one chunk named by its first word.
 */
final class BlockParser implements FileParser {
    @Override
    public FileCategory categorize(String path) {
        if (path.endsWith(".java") || path.endsWith(".py")) {
            return FileCategory.CODE;
        }
        return path.endsWith(".md") ? FileCategory.DOC : FileCategory.UNSUPPORTED;
    }

    @Override
    public ParseResult parse(SourceFile file) {
        if (file.text().contains("@@explode@@")) {
            throw new IllegalStateException("parser failure for the test");
        }
        String[] lines = file.text().split("\n", -1);
        List<Chunk> chunks = new ArrayList<>();
        int start = -1;
        for (int i = 0; i <= lines.length; i++) {
            boolean blank = i == lines.length || lines[i].isBlank();
            if (!blank && start < 0) {
                start = i;
            } else if (blank && start >= 0) {
                String code = String.join("\n", List.of(lines).subList(start, i));
                String symbol = code.strip().split("\\s+")[0];
                chunks.add(new CodeChunk(
                        file.repo(),
                        file.path(),
                        Language.fromFileName(file.path()).orElse(Language.TEXT),
                        symbol,
                        SymbolKind.FUNCTION,
                        "",
                        symbol,
                        "",
                        code,
                        start + 1,
                        i,
                        List.of(),
                        file.modelId()));
                start = -1;
            }
        }
        return new ParseResult(categorize(file.path()), chunks);
    }
}
