package dev.coderag.ingest.parse.code;

import dev.coderag.types.SymbolKind;
import java.util.ArrayList;
import java.util.List;

/**
 * A definition found by a language's query, as plain data copied out of the tree: byte offsets, name, body
 * range. {@link DefinitionTree} fills in the structure (parent, final kind, which ones become chunks, doc,
 * calls). Mutable only while one {@link CodeExtractor#extract} call works on it.
 */
final class Definition {
    final SymbolKind kind;
    final String name;
    final String receiver;
    final int nodeStart;
    final int nodeEnd;
    int declStart;
    int declEnd;
    int codeStart;
    int bodyStart = -1;
    int bodyEnd = -1;
    String bodyDoc = "";
    Definition parent;
    boolean insideFunction;
    boolean chunked;
    SymbolKind finalKind;
    String enclosing = "";
    String doc = "";
    int docStart = -1;
    int docEnd = -1;
    final List<TreeFacts.Call> calls = new ArrayList<>();

    Definition(SymbolKind kind, String name, String receiver, int nodeStart, int nodeEnd) {
        this.kind = kind;
        this.name = name;
        this.receiver = receiver;
        this.nodeStart = nodeStart;
        this.nodeEnd = nodeEnd;
        this.declStart = nodeStart;
        this.declEnd = nodeEnd;
        this.codeStart = nodeStart;
    }

    boolean functionLike() {
        return kind == SymbolKind.FUNCTION || kind == SymbolKind.METHOD || kind == SymbolKind.CONSTRUCTOR;
    }
}
