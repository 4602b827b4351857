package dev.coderag.ingest.parse.code;

import dev.coderag.ingest.parse.SourceFile;
import dev.coderag.ingest.parse.SourceText;
import dev.coderag.ingest.parse.code.LanguageHandler.Comment;
import dev.coderag.ingest.parse.code.LanguageHandler.CompiledQuery;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.SymbolKind;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.treesitter.TSInputEncoding;
import org.treesitter.TSNode;
import org.treesitter.TSParser;
import org.treesitter.TSQueryCapture;
import org.treesitter.TSQueryCursor;
import org.treesitter.TSQueryMatch;
import org.treesitter.TSTree;

/**
 * Everything {@link CodeExtractor} needs from a file's syntax tree, copied out before the tree is closed:
 * definitions, calls, comments, Rust attributes, wrapper nodes, top-level nodes and the module doc. This is
 * the only part of the extraction that touches native tree-sitter nodes.
 */
final class TreeFacts {
    final List<Definition> defs = new ArrayList<>();
    final List<Call> calls = new ArrayList<>();
    final List<Comment> comments = new ArrayList<>();
    final List<int[]> attributes = new ArrayList<>();
    final Map<Long, List<Long>> wrapped = new HashMap<>();
    final List<TopNode> topLevel = new ArrayList<>();
    ModuleDocChunk moduleDoc;

    /** A called name at a byte offset. */
    record Call(int start, String name) {}

    /** A named child of the root node. */
    record TopNode(String type, int start, int end) {}

    /** How deep {@link #addTopLevel} looks into nested containers ({@code #ifdef} in a namespace …). */
    private static final int MAX_CONTAINER_DEPTH = 16;

    /** What a parse may take at least, and per KiB of text on top (1 MiB: about 6 s). */
    private static final long PARSE_BASE_NANOS = 1_000_000_000L;

    private static final long PARSE_NANOS_PER_KIB = 5_000_000L;

    /** Bytes handed to tree-sitter per read. */
    private static final int READ_CHUNK = 64 * 1024;

    private TreeFacts() {}

    /**
     * Parses the file and runs its language's query once.
     *
     * @param parser set to the file's language; owned by the current thread, as is {@code cursor}
     */
    static TreeFacts collect(CodeFile code, TSParser parser, TSQueryCursor cursor) {
        LanguageHandler handler = code.handler();
        SourceFile file = code.file();
        SourceText src = code.src();
        CompiledQuery query = handler.query();
        String[] captureNames = query.captureNames();
        TreeFacts facts = new TreeFacts();
        Set<Long> seenDefs = new HashSet<>();
        TSTree tree = parse(parser, handler.textForParser(src.text()), file.path());
        try {
            TSNode root = tree.getRootNode();
            cursor.exec(query.query(), root);
            TSQueryMatch match = new TSQueryMatch();
            while (cursor.nextMatch(match)) {
                TSNode def = null;
                TSNode name = null;
                TSNode outer = null;
                TSNode wrapped = null;
                TSNode receiver = null;
                String kindId = null;
                for (TSQueryCapture capture : match.getCaptures()) {
                    String captureName = captureNames[capture.getIndex()];
                    TSNode node = capture.getNode();
                    switch (captureName) {
                        case "name" -> name = node;
                        case "outer" -> outer = node;
                        case "wrapped" -> wrapped = node;
                        case "receiver" -> receiver = node;
                        case "call" -> {
                            String called = src.slice(node.getStartByte(), node.getEndByte());
                            if (!called.isEmpty()) {
                                facts.calls.add(new Call(node.getStartByte(), called));
                            }
                        }
                        case "comment" -> {
                            int start = node.getStartByte();
                            int end = node.getEndByte();
                            facts.comments.add(new Comment(
                                    start, end, src.rowOf(start), src.endRowOf(start, end), src.slice(start, end)));
                        }
                        case "attribute" -> facts.attributes.add(new int[] {node.getStartByte(), node.getEndByte()});
                        default -> {
                            if (captureName.startsWith("definition.")) {
                                def = node;
                                kindId = captureName.substring("definition.".length());
                            }
                        }
                    }
                }
                if (outer != null && wrapped != null) {
                    facts.wrapped
                            .computeIfAbsent(key(outer.getStartByte(), outer.getEndByte()), k -> new ArrayList<>())
                            .add(key(wrapped.getStartByte(), wrapped.getEndByte()));
                }
                if (def != null && name != null && seenDefs.add(key(def.getStartByte(), def.getEndByte()))) {
                    facts.defs.add(readDef(code, def, name, receiver, kindId));
                }
            }
            facts.comments.sort(Comparator.comparingInt(Comment::start));
            facts.attributes.sort(Comparator.comparingInt(a -> a[0]));
            facts.moduleDoc = handler.moduleDoc(root, src, facts.comments, file);
            addTopLevel(facts.topLevel, root, handler, 0);
        } finally {
            // Nodes point into the tree: nothing below may touch a TSNode (SIGSEGV after close).
            tree.close();
        }
        return facts;
    }

    /**
     * Parses with a deadline: a grammar can loop on some input (tree-sitter-tsx 0.23.2 does on
     * ParseFuzzTestInputs/code/crash-e9c0…), and a hostile file must not hold ingest forever. Tree-sitter
     * asks {@link org.treesitter.TSParserProgress} between steps; past {@link #PARSE_BASE_NANOS} plus
     * {@link #PARSE_NANOS_PER_KIB} a KiB the parse is cancelled, the parser reset (it would otherwise resume
     * the cancelled parse) and the file left to {@link CodeChunker}'s plain-text fallback.
     *
     * @throws IllegalStateException when tree-sitter gives no tree or runs out of time
     */
    private static TSTree parse(TSParser parser, String text, String path) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        long budget = PARSE_BASE_NANOS + PARSE_NANOS_PER_KIB * (bytes.length / 1024);
        long deadline = System.nanoTime() + budget;
        TSTree tree = parser.parseWithOptions(
                new byte[Math.clamp(bytes.length, 1, READ_CHUNK)],
                null,
                (buffer, offset, point) -> {
                    int n = Math.max(0, Math.min(buffer.length, bytes.length - offset));
                    System.arraycopy(bytes, offset, buffer, 0, n);
                    return n;
                },
                TSInputEncoding.TSInputEncodingUTF8,
                state -> System.nanoTime() - deadline > 0);
        if (tree == null) {
            parser.reset();
            throw new IllegalStateException(
                    "tree-sitter gave no tree for " + path + " within " + budget / 1_000_000 + " ms");
        }
        return tree;
    }

    /**
     * The named children of {@code node}, with {@link LanguageHandler#isTransparent} containers replaced by
     * their items (a container's name, condition or value, held in a field, is left out). Nested containers
     * deeper than {@link #MAX_CONTAINER_DEPTH} stay whole.
     */
    private static void addTopLevel(List<TopNode> out, TSNode node, LanguageHandler handler, int depth) {
        int count = node.getChildCount();
        for (int i = 0; i < count; i++) {
            TSNode child = node.getChild(i);
            if (!child.isNamed()) {
                continue;
            }
            String required = handler.requiredField(child.getType());
            if (depth < MAX_CONTAINER_DEPTH && handler.isTransparent(child)) {
                addTopLevel(out, child, handler, depth + 1);
            } else if (required != null && isMissing(child.getChildByFieldName(required))) {
                continue; // says nothing (an include guard's #define)
            } else if (depth == 0 || node.getFieldNameForChild(i) == null) {
                out.add(new TopNode(child.getType(), child.getStartByte(), child.getEndByte()));
            }
        }
    }

    private static boolean isMissing(TSNode node) {
        return node == null || node.isNull();
    }

    private static Definition readDef(CodeFile code, TSNode node, TSNode name, TSNode receiver, String kindId) {
        LanguageHandler handler = code.handler();
        SourceText src = code.src();
        SymbolKind kind = handler.definitionKind(SymbolKind.fromId(kindId), node);
        String rawName = src.slice(name.getStartByte(), name.getEndByte());
        String receiverName = receiver == null
                ? null
                : handler.cleanReceiver(src.slice(receiver.getStartByte(), receiver.getEndByte()));
        Definition def = new Definition(
                kind,
                handler.cleanName(kind, rawName),
                receiverName,
                node.getStartByte(),
                withoutTrailingBlanks(src, node.getStartByte(), handler.codeEnd(node)));
        TSNode body = handler.findBody(node);
        if (body != null) {
            def.bodyStart = body.getStartByte();
            def.bodyEnd = withoutTrailingBlanks(src, body.getStartByte(), handler.codeEnd(body));
            def.bodyDoc = handler.docFromBody(body, src);
        }
        return def;
    }

    /**
     * The end of a node without the blanks it ends with: the Scala grammar's indentation-aware definitions end
     * where the next line's code starts, so a member's body placeholder would swallow the next line's indent
     * (other grammars' nodes end with their last token, and this changes nothing). Wrapper keys keep the raw
     * ranges: no grammar with wrappers has such nodes.
     */
    private static int withoutTrailingBlanks(SourceText src, int start, int end) {
        int e = end;
        while (e > start && Character.isWhitespace(src.byteAt(e - 1))) {
            e--;
        }
        return e;
    }

    /** A byte range as one map key. */
    static long key(int start, int end) {
        return ((long) start << 32) | (end & 0xffffffffL);
    }
}
