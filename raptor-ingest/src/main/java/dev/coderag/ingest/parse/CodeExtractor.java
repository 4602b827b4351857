package dev.coderag.ingest.parse;

import dev.coderag.ingest.parse.LanguageHandler.Comment;
import dev.coderag.ingest.parse.LanguageHandler.CompiledQuery;
import dev.coderag.types.Chunk;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.EmbeddingText;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.SymbolKind;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.treesitter.TSNode;
import org.treesitter.TSParser;
import org.treesitter.TSQueryCapture;
import org.treesitter.TSQueryCursor;
import org.treesitter.TSQueryMatch;
import org.treesitter.TSTree;

/**
 * Turns one source file into code chunks with tree-sitter: runs the language's query once, copies what
 * it needs out of the tree (offsets, names, bodies, comments, calls) and closes the tree, then works on
 * plain data. Stateless; the caller supplies a parser and cursor owned by the current thread.
 */
final class CodeExtractor {
    private static final int SIGNATURE_LIMIT = 500;
    private static final int MODULE_WINDOW_LINES = 60;
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final Pattern DIRECTIVE_ONLY = Pattern.compile("^(['\"]use [a-z ]+['\"];?\\s*)+$");
    private static final Set<SymbolKind> CLASS_LIKE = Set.of(
            SymbolKind.CLASS,
            SymbolKind.INTERFACE,
            SymbolKind.ENUM,
            SymbolKind.RECORD,
            SymbolKind.STRUCT,
            SymbolKind.TRAIT,
            SymbolKind.IMPL,
            SymbolKind.TYPE);

    private final ParseOptions options;

    CodeExtractor(ParseOptions options) {
        this.options = options;
    }

    /** A definition found by the query; mutable only while this extractor works on it. */
    private static final class Def {
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
        Def parent;
        boolean insideFunction;
        boolean chunked;
        SymbolKind finalKind;
        String enclosing = "";
        String doc = "";
        int docStart = -1;
        int docEnd = -1;
        final List<Call> calls = new ArrayList<>();

        Def(SymbolKind kind, String name, String receiver, int nodeStart, int nodeEnd) {
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

    private record Call(int start, String name) {}

    private record TopNode(String type, int start, int end) {}

    private record Replacement(int start, int end, String text) {}

    /** Everything copied out of the tree before it is closed. */
    private static final class Facts {
        final List<Def> defs = new ArrayList<>();
        final List<Call> calls = new ArrayList<>();
        final List<Comment> comments = new ArrayList<>();
        final List<int[]> attributes = new ArrayList<>();
        final Map<Long, List<Long>> wrapped = new HashMap<>();
        final List<TopNode> topLevel = new ArrayList<>();
        ModuleDocChunk moduleDoc;
    }

    List<Chunk> extract(
            LanguageHandler handler, TSParser parser, TSQueryCursor cursor, SourceFile file, SourceText src) {
        Facts facts = collect(handler, parser, cursor, file, src);
        resolveWrappers(facts);
        resolveAttributes(facts, src);
        List<Def> defs = facts.defs;
        defs.sort(Comparator.<Def>comparingInt(d -> d.declStart).thenComparingInt(d -> -d.declEnd));
        nest(defs, handler);
        List<Def> chunked = defs.stream().filter(d -> d.chunked).toList();
        attachDocs(chunked, facts.comments, handler, src);
        List<Call> moduleCalls = assignCalls(chunked, facts.calls);

        List<Chunk> chunks = new ArrayList<>();
        if (facts.moduleDoc != null) {
            chunks.add(facts.moduleDoc);
        }
        Map<Def, List<Def>> members = new IdentityHashMap<>();
        for (Def d : chunked) {
            Def owner = nearestChunkedAncestor(d);
            if (owner != null) {
                members.computeIfAbsent(owner, k -> new ArrayList<>()).add(d);
            }
        }
        for (Def d : chunked) {
            chunks.addAll(defChunks(d, members.getOrDefault(d, List.of()), handler, file, src));
        }
        chunks.addAll(moduleChunks(facts, defs, moduleCalls, handler, file, src));
        chunks.sort(Comparator.comparingInt(Chunk::startLine).thenComparingInt(c -> -c.endLine()));
        return chunks;
    }

    // ---- reading the tree (the only part that touches native nodes) ----

    private static Facts collect(
            LanguageHandler handler, TSParser parser, TSQueryCursor cursor, SourceFile file, SourceText src) {
        CompiledQuery query = handler.query();
        String[] captureNames = query.captureNames();
        Facts facts = new Facts();
        Set<Long> seenDefs = new HashSet<>();
        TSTree tree = parser.parseString(null, src.text());
        if (tree == null) {
            throw new IllegalStateException("tree-sitter returned no tree for " + file.path());
        }
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
                    facts.defs.add(readDef(handler, src, def, name, receiver, kindId));
                }
            }
            facts.comments.sort(Comparator.comparingInt(Comment::start));
            facts.attributes.sort(Comparator.comparingInt(a -> a[0]));
            facts.moduleDoc = handler.moduleDoc(root, src, facts.comments, file);
            int count = root.getNamedChildCount();
            for (int i = 0; i < count; i++) {
                TSNode child = root.getNamedChild(i);
                facts.topLevel.add(new TopNode(child.getType(), child.getStartByte(), child.getEndByte()));
            }
        } finally {
            // Nodes point into the tree: nothing below may touch a TSNode (SIGSEGV after close).
            tree.close();
        }
        return facts;
    }

    private static Def readDef(
            LanguageHandler handler, SourceText src, TSNode node, TSNode name, TSNode receiver, String kindId) {
        SymbolKind kind = SymbolKind.fromId(kindId);
        String rawName = src.slice(name.getStartByte(), name.getEndByte());
        String receiverName = receiver == null
                ? null
                : handler.cleanReceiver(src.slice(receiver.getStartByte(), receiver.getEndByte()));
        Def def = new Def(kind, handler.cleanName(kind, rawName), receiverName, node.getStartByte(), node.getEndByte());
        TSNode body = handler.findBody(node);
        if (body != null) {
            def.bodyStart = body.getStartByte();
            def.bodyEnd = body.getEndByte();
            def.bodyDoc = handler.docFromBody(body, src);
        }
        return def;
    }

    private static long key(int start, int end) {
        return ((long) start << 32) | (end & 0xffffffffL);
    }

    // ---- structure ----

    /** Widens each definition to the node that wraps only it (export, decorators, declaration). */
    private static void resolveWrappers(Facts facts) {
        Map<Long, Long> outerOf = new HashMap<>();
        facts.wrapped.forEach((outer, inner) -> {
            if (inner.size() == 1) {
                outerOf.put(inner.getFirst(), outer);
            }
        });
        for (Def d : facts.defs) {
            long k = key(d.nodeStart, d.nodeEnd);
            for (int i = 0; i < 4 && outerOf.containsKey(k); i++) {
                k = outerOf.get(k);
            }
            d.declStart = (int) (k >>> 32);
            d.declEnd = (int) k;
            d.codeStart = d.declStart;
        }
    }

    /** Rust attributes directly above an item are part of its code. */
    private static void resolveAttributes(Facts facts, SourceText src) {
        if (facts.attributes.isEmpty()) {
            return;
        }
        List<int[]> attributes = facts.attributes;
        for (Def d : facts.defs) {
            int i = lastEndingBefore(attributes, d.codeStart);
            while (i >= 0) {
                int[] a = attributes.get(i);
                if (!src.isBlank(a[1], d.codeStart) || !src.isBlank(src.rowStart(src.rowOf(a[0])), a[0])) {
                    break;
                }
                d.codeStart = a[0];
                i--;
            }
        }
    }

    private static int lastEndingBefore(List<int[]> ranges, int offset) {
        int lo = 0;
        int hi = ranges.size() - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (ranges.get(mid)[1] <= offset) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    /**
     * Parents, enclosing names, kinds, and which definitions become chunks: not those inside a function
     * (they stay part of it), not name-only containers, and not body-less members (abstract methods stay
     * in their class chunk).
     */
    private static void nest(List<Def> sorted, LanguageHandler handler) {
        Deque<Def> stack = new ArrayDeque<>();
        for (Def d : sorted) {
            while (!stack.isEmpty() && (stack.peek().declEnd <= d.declStart || stack.peek().declEnd < d.declEnd)) {
                stack.pop();
            }
            d.parent = stack.peek();
            stack.push(d);
            Def p = d.parent;
            d.insideFunction = p != null && (p.functionLike() || p.insideFunction);
            boolean inClassLike = p != null && CLASS_LIKE.contains(p.kind);
            d.finalKind = handler.refineKind(d.kind, d.name, inClassLike);
            d.chunked = !d.insideFunction
                    && d.kind != SymbolKind.MODULE
                    && !(d.functionLike() && d.bodyStart < 0 && inClassLike);
            if (d.chunked) {
                List<String> names = new ArrayList<>();
                for (Def a = p; a != null; a = a.parent) {
                    names.addFirst(a.name);
                }
                d.enclosing = String.join(".", names);
                if (d.enclosing.isEmpty() && d.receiver != null) {
                    d.enclosing = d.receiver;
                }
            }
        }
    }

    private static Def nearestChunkedAncestor(Def d) {
        for (Def a = d.parent; a != null; a = a.parent) {
            if (a.chunked) {
                return a;
            }
        }
        return null;
    }

    private static void attachDocs(List<Def> chunked, List<Comment> comments, LanguageHandler handler, SourceText src) {
        for (Def d : chunked) {
            if (!d.bodyDoc.isEmpty()) {
                d.doc = d.bodyDoc;
                continue;
            }
            List<Comment> block = CommentBlocks.above(comments, d.codeStart, src);
            if (block.isEmpty()) {
                continue;
            }
            boolean blankLine = src.hasBlankLine(block.getLast().end(), d.codeStart);
            int n = handler.docCommentCount(block, blankLine);
            if (n > 0) {
                List<Comment> docs = block.subList(block.size() - n, block.size());
                d.doc = handler.docText(docs);
                d.docStart = docs.getFirst().start();
                d.docEnd = docs.getLast().end();
            }
        }
    }

    /** Gives each call to the innermost chunk around it; returns the calls outside every chunk. */
    private static List<Call> assignCalls(List<Def> chunked, List<Call> calls) {
        calls.sort(Comparator.comparingInt(Call::start));
        List<Call> outside = new ArrayList<>();
        Deque<Def> stack = new ArrayDeque<>();
        int next = 0;
        for (Call call : calls) {
            while (next < chunked.size() && chunked.get(next).declStart <= call.start()) {
                Def d = chunked.get(next++);
                while (!stack.isEmpty() && stack.peek().declEnd <= d.declStart) {
                    stack.pop();
                }
                stack.push(d);
            }
            while (!stack.isEmpty() && stack.peek().declEnd <= call.start()) {
                stack.pop();
            }
            if (stack.isEmpty()) {
                outside.add(call);
            } else {
                stack.peek().calls.add(call);
            }
        }
        return outside;
    }

    // ---- chunk text ----

    /** Code lines with the 0-based source row each one starts on. */
    private record Lines(List<String> text, int[] rows, int endRow) {}

    private static Lines buildLines(SourceText src, int from, int to, List<Replacement> replacements) {
        List<String> text = new ArrayList<>();
        List<Integer> rows = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        int[] lineRow = {-1};
        Runnable flush = () -> {
            text.add(line.toString());
            rows.add(lineRow[0]);
            line.setLength(0);
            lineRow[0] = -1;
        };
        int pos = from;
        List<Replacement> all = new ArrayList<>(replacements);
        all.add(new Replacement(to, to, ""));
        for (Replacement r : all) {
            if (r.start() < pos) {
                continue; // overlapping replacements cannot happen for well-nested definitions
            }
            int segmentStart = pos;
            for (int i = pos; i < r.start(); i++) {
                if (src.byteAt(i) == '\n') {
                    if (i > segmentStart && lineRow[0] < 0) {
                        lineRow[0] = src.rowOf(segmentStart);
                    }
                    line.append(src.slice(segmentStart, i));
                    if (lineRow[0] < 0) {
                        lineRow[0] = src.rowOf(i);
                    }
                    flush.run();
                    segmentStart = i + 1;
                }
            }
            if (r.start() > segmentStart) {
                if (lineRow[0] < 0) {
                    lineRow[0] = src.rowOf(segmentStart);
                }
                line.append(src.slice(segmentStart, r.start()));
            }
            if (!r.text().isEmpty()) {
                if (lineRow[0] < 0) {
                    lineRow[0] = src.rowOf(r.start());
                }
                line.append(r.text());
            }
            pos = Math.max(pos, r.end());
        }
        if (lineRow[0] >= 0) {
            flush.run();
        }
        int[] rowArray = rows.stream().mapToInt(Integer::intValue).toArray();
        int endRow = src.endRowOf(from, to);
        return new Lines(text, rowArray, endRow);
    }

    private List<Chunk> defChunks(Def d, List<Def> members, LanguageHandler handler, SourceFile file, SourceText src) {
        List<Replacement> replacements = new ArrayList<>();
        for (Def m : members) {
            if (m.docStart >= 0) {
                int firstRow = src.rowOf(m.docStart);
                int lastRow = src.endRowOf(m.docStart, m.docEnd);
                if (src.isBlank(src.rowStart(firstRow), m.docStart)
                        && src.isBlank(m.docEnd, src.rowEnd(lastRow))
                        && lastRow + 1 < src.rowCount()) {
                    replacements.add(new Replacement(src.rowStart(firstRow), src.rowStart(lastRow + 1), ""));
                }
            }
            if (m.bodyStart >= 0 && !isEmptyBody(src, m)) {
                replacements.add(new Replacement(m.bodyStart, m.bodyEnd, handler.bodyPlaceholder()));
            }
        }
        replacements.sort(Comparator.comparingInt(Replacement::start));
        int from = src.startWithIndent(d.codeStart);
        Lines lines = buildLines(src, from, d.declEnd, replacements);
        List<Call> calls = d.calls;
        int[] callRows = calls.stream().mapToInt(c -> src.rowOf(c.start())).toArray();
        String signature = signature(d, src, handler.lineCommentMarker());
        String qualified = d.enclosing.isEmpty() ? d.name : d.enclosing + "." + d.name;
        String headerPrefix = handler.lineCommentMarker() + " " + qualified + " (part ";
        String signatureLine = WHITESPACE.matcher(signature).replaceAll(" ");
        int n = lines.text().size();

        PartBuilder build = (partFrom, partTo, label) -> {
            StringBuilder code = new StringBuilder();
            if (partFrom > 0) {
                code.append(headerPrefix).append(label).append(")\n");
                if (!signatureLine.isEmpty()) {
                    code.append(signatureLine).append('\n');
                }
            }
            code.append(String.join("\n", lines.text().subList(partFrom, partTo)));
            int startRow = lines.rows()[partFrom];
            int endRow = partTo < n ? lines.rows()[partTo] - 1 : lines.endRow();
            LinkedHashSet<String> names = new LinkedHashSet<>();
            for (int i = 0; i < calls.size(); i++) {
                if (callRows[i] >= startRow && callRows[i] <= endRow) {
                    names.add(calls.get(i).name());
                }
            }
            return new CodeChunk(
                    file.repo(),
                    file.path(),
                    handler.language(),
                    d.name,
                    d.finalKind,
                    d.enclosing,
                    signature,
                    partFrom == 0 ? d.doc : "",
                    code.toString(),
                    startRow + 1,
                    endRow + 1,
                    List.copyOf(names),
                    file.modelId());
        };
        CodeChunk whole = build.build(0, n, "");
        int budget = TextWindows.budget(options);
        if (n <= 1 || fits(EmbeddingText.of(whole), budget, options.tokens())) {
            return List.of(whole);
        }
        String provisional = "99 of " + n;
        List<int[]> parts = LineSplitter.split(
                lines.text(),
                Integer.MAX_VALUE,
                budget,
                options.tokens(),
                (a, b) -> EmbeddingText.of(build.build(a, b, provisional)));
        List<Chunk> out = new ArrayList<>(parts.size());
        for (int i = 0; i < parts.size(); i++) {
            int[] p = parts.get(i);
            out.add(build.build(p[0], p[1], (i + 1) + " of " + parts.size()));
        }
        return out;
    }

    /** {@code {}} stays as it is: eliding it would suggest code that is not there. */
    private static boolean isEmptyBody(SourceText src, Def m) {
        return m.bodyEnd - m.bodyStart >= 2
                && src.byteAt(m.bodyStart) == '{'
                && src.isBlank(m.bodyStart + 1, m.bodyEnd - 1);
    }

    /**
     * Whether the text has at most {@code budget} tokens. Every tokenizer consumes at least one UTF-8 byte
     * per token, so short texts need no tokenizer call (most chunks are short).
     */
    static boolean fits(String text, int budget, TokenCounter tokens) {
        if ((long) text.length() * 3 <= budget) {
            return true;
        }
        long utf8 = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            utf8 += c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate(c) ? 2 : 3;
        }
        return utf8 <= budget || tokens.count(text) <= budget;
    }

    @FunctionalInterface
    private interface PartBuilder {
        CodeChunk build(int from, int to, String label);
    }

    /** The declaration without its body, on one line; for body-less definitions the first line. */
    private static String signature(Def d, SourceText src, String commentMarker) {
        String text;
        if (d.bodyStart >= 0) {
            text = src.slice(d.declStart, d.bodyStart);
        } else {
            text = src.slice(d.declStart, d.declEnd);
            int newline = text.indexOf('\n');
            if (newline >= 0) {
                text = text.substring(0, newline);
            }
        }
        text = withoutLineComments(text, commentMarker);
        text = WHITESPACE.matcher(text).replaceAll(" ").strip();
        if (d.bodyStart < 0 && text.endsWith("{")) {
            text = text.substring(0, text.length() - 1).strip();
        }
        if (text.endsWith(";")) {
            text = text.substring(0, text.length() - 1).strip();
        }
        if (text.length() > SIGNATURE_LIMIT) {
            text = text.substring(0, SIGNATURE_LIMIT) + " …";
        }
        return text;
    }

    /** Drops {@code // …} (or {@code # …}) to the end of each line, outside string quotes. */
    static String withoutLineComments(String text, String marker) {
        if (!text.contains(marker)) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        for (String line : text.split("\n", -1)) {
            char quote = 0;
            int cut = line.length();
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                if (quote != 0) {
                    if (c == '\\') {
                        i++;
                    } else if (c == quote) {
                        quote = 0;
                    }
                } else if (c == '"' || c == '\'' || c == '`') {
                    quote = c;
                } else if (line.startsWith(marker, i)) {
                    cut = i;
                    break;
                }
            }
            if (!out.isEmpty()) {
                out.append('\n');
            }
            out.append(line, 0, cut);
        }
        return out.toString();
    }

    // ---- module-level code ----

    /**
     * Whether a top-level node is (the wrapper of) a definition, or a declaration group of them; other
     * statements that merely contain a definition (an object literal with methods) stay module code.
     */
    private static boolean isDefinition(TopNode node, List<Def> topDefs, int from, LanguageHandler handler) {
        for (int i = from; i < topDefs.size() && topDefs.get(i).codeStart < node.end(); i++) {
            Def d = topDefs.get(i);
            if (d.declEnd <= node.start()) {
                continue;
            }
            if (d.codeStart == node.start() || d.declStart == node.start() || handler.isDeclarationGroup(node.type())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Top-level code outside every definition (constants, {@code if __name__ == "__main__"}, route tables,
     * {@code module.exports}) as MODULE chunks, so nothing a file says is lost. Imports and package lines
     * alone make no chunk.
     */
    private List<Chunk> moduleChunks(
            Facts facts,
            List<Def> defs,
            List<Call> moduleCalls,
            LanguageHandler handler,
            SourceFile file,
            SourceText src) {
        List<Def> topDefs = defs.stream().filter(d -> d.parent == null).toList();
        int docEndRow = facts.moduleDoc == null ? -1 : facts.moduleDoc.endLine() - 1;
        List<int[]> groups = new ArrayList<>();
        int[] current = null;
        int defIndex = 0;
        int commentsFrom = -1; // first row of the comments directly above the current node
        int commentsTo = -1;
        for (TopNode node : facts.topLevel) {
            int startRow = src.rowOf(node.start());
            int endRow = src.endRowOf(node.start(), node.end());
            if (node.type().equals("comment") || node.type().endsWith("_comment")) {
                if (commentsFrom >= 0 && startRow <= commentsTo + 1) {
                    commentsTo = endRow;
                } else if (startRow > docEndRow) {
                    commentsFrom = startRow;
                    commentsTo = endRow;
                }
                continue;
            }
            int attachedFrom = commentsFrom >= 0 && commentsTo + 1 == startRow ? commentsFrom : startRow;
            commentsFrom = -1;
            while (defIndex < topDefs.size() && topDefs.get(defIndex).declEnd <= node.start()) {
                defIndex++;
            }
            if (isDefinition(node, topDefs, defIndex, handler)) {
                current = null;
                continue;
            }
            if (handler.isBoringTopLevel(node.type()) || endRow <= docEndRow) {
                continue;
            }
            if (current == null) {
                current = new int[] {attachedFrom, endRow};
                groups.add(current);
            } else {
                current[1] = Math.max(current[1], endRow);
            }
        }
        List<Chunk> out = new ArrayList<>();
        String fileName = ModuleNames.fileName(file.path());
        List<TextWindows.RowCall> rowCalls = moduleCalls.stream()
                .map(c -> new TextWindows.RowCall(src.rowOf(c.start()), c.name()))
                .toList();
        for (int[] g : groups) {
            List<String> lines = new ArrayList<>();
            for (int row = g[0]; row <= g[1]; row++) {
                lines.add(src.row(row));
            }
            String joined = String.join("\n", lines).strip();
            if (joined.isEmpty() || DIRECTIVE_ONLY.matcher(joined).matches()) {
                continue;
            }
            out.addAll(TextWindows.windows(
                    lines, g[0], rowCalls, file, handler.language(), SymbolKind.MODULE, fileName, options));
        }
        return out;
    }
}
