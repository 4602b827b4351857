package dev.coderag.types;

import java.util.List;
import java.util.Objects;

/**
 * A definition in source code: function, method, class, struct, interface, enum, trait or impl — or a part
 * of one when it is longer than the embedding window (then {@code symbol} stays the same and the line range
 * covers the part).
 *
 * @param enclosing the enclosing class/impl/module names joined with '.', or "" at top level
 * @param signature the declaration line(s) without the body
 * @param docstring the doc comment without comment markers, or ""
 * @param code the source text of the chunk (for a class: header, fields and member signatures only)
 * @param calls names of the functions/methods this chunk calls, in first-seen order, without duplicates
 */
public record CodeChunk(
        String repo,
        String path,
        Language language,
        String symbol,
        SymbolKind symbolKind,
        String enclosing,
        String signature,
        String docstring,
        String code,
        int startLine,
        int endLine,
        List<String> calls,
        String modelId)
        implements Chunk {

    public CodeChunk {
        Chunk.checkRange(repo, path, startLine, endLine);
        Objects.requireNonNull(language, "language");
        Objects.requireNonNull(symbol, "symbol");
        Objects.requireNonNull(symbolKind, "symbolKind");
        enclosing = Objects.requireNonNullElse(enclosing, "");
        signature = Objects.requireNonNullElse(signature, "");
        docstring = Objects.requireNonNullElse(docstring, "");
        code = Objects.requireNonNull(code, "code");
        calls = List.copyOf(calls);
        Objects.requireNonNull(modelId, "modelId");
    }

    /** {@code enclosing.symbol}, or just the symbol at top level. */
    public String qualifiedName() {
        return enclosing.isEmpty() ? symbol : enclosing + "." + symbol;
    }
}
