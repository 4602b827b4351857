package dev.coderag.ingest.parse.code;

import dev.coderag.ingest.parse.ParseOptions;
import dev.coderag.ingest.parse.SourceFile;
import dev.coderag.ingest.parse.SourceText;
import dev.coderag.types.Chunk;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.treesitter.TSParser;
import org.treesitter.TSQueryCursor;

/**
 * Turns one source file into code chunks with tree-sitter: runs the language's query once, copies what
 * it needs out of the tree ({@link TreeFacts}) and closes the tree, then works on plain data: the structure
 * of the definitions ({@link DefinitionTree}), the text of each definition's chunks ({@link DefinitionChunks})
 * and the module-level code between them ({@link ModuleCode}). Stateless; the caller supplies a parser and
 * cursor owned by the current thread.
 */
final class CodeExtractor {
    private final ParseOptions options;

    CodeExtractor(ParseOptions options) {
        this.options = options;
    }

    /** The chunks of one file, in file order (by start line, enclosing chunks first). */
    List<Chunk> extract(
            LanguageHandler handler, TSParser parser, TSQueryCursor cursor, SourceFile file, SourceText src) {
        CodeFile code = new CodeFile(handler, file, src, options);
        TreeFacts facts = TreeFacts.collect(code, parser, cursor);
        DefinitionTree.resolveWrappers(facts);
        DefinitionTree.resolveAttributes(facts, src);
        List<Definition> defs = facts.defs;
        defs.sort(Comparator.<Definition>comparingInt(d -> d.declStart).thenComparingInt(d -> -d.declEnd));
        DefinitionTree.nest(defs, handler);
        List<Definition> chunked = defs.stream().filter(d -> d.chunked).toList();
        DefinitionTree.attachDocs(chunked, facts.comments, handler, src);
        List<TreeFacts.Call> moduleCalls = DefinitionTree.assignCalls(chunked, facts.calls);

        List<Chunk> chunks = new ArrayList<>();
        if (facts.moduleDoc != null) {
            chunks.add(facts.moduleDoc);
        }
        Map<Definition, List<Definition>> members = new IdentityHashMap<>();
        for (Definition d : chunked) {
            Definition owner = DefinitionTree.nearestChunkedAncestor(d);
            if (owner != null) {
                members.computeIfAbsent(owner, k -> new ArrayList<>()).add(d);
            }
        }
        DefinitionChunks definitionChunks = new DefinitionChunks(code);
        for (Definition d : chunked) {
            chunks.addAll(definitionChunks.chunks(d, members.getOrDefault(d, List.of())));
        }
        chunks.addAll(ModuleCode.chunks(code, facts, moduleCalls));
        chunks.sort(Comparator.comparingInt(Chunk::startLine).thenComparingInt(c -> -c.endLine()));
        return chunks;
    }
}
