package dev.coderag.ingest.parse.code;

import dev.coderag.ingest.parse.SourceText;
import dev.coderag.ingest.parse.code.LanguageHandler.Comment;
import dev.coderag.types.SymbolKind;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The structure of a file's definitions, on plain data: the code range of each (wrappers, attributes), how
 * they nest, which become chunks, their enclosing names and kinds, their doc comments, and which calls each
 * chunk makes. Pure functions over {@link TreeFacts}; they fill in the mutable {@link Definition} fields.
 */
final class DefinitionTree {
    private static final Set<SymbolKind> CLASS_LIKE = Set.of(
            SymbolKind.CLASS,
            SymbolKind.INTERFACE,
            SymbolKind.ENUM,
            SymbolKind.RECORD,
            SymbolKind.STRUCT,
            SymbolKind.TRAIT,
            SymbolKind.IMPL,
            SymbolKind.TYPE);

    private DefinitionTree() {}

    /** Widens each definition to the node that wraps only it (export, decorators, declaration). */
    static void resolveWrappers(TreeFacts facts) {
        Map<Long, Long> outerOf = new HashMap<>();
        facts.wrapped.forEach((outer, inner) -> {
            if (inner.size() == 1) {
                outerOf.put(inner.getFirst(), outer);
            }
        });
        for (Definition d : facts.defs) {
            long k = TreeFacts.key(d.nodeStart, d.nodeEnd);
            for (int i = 0; i < 4 && outerOf.containsKey(k); i++) {
                k = outerOf.get(k);
            }
            d.declStart = (int) (k >>> 32);
            d.declEnd = (int) k;
            d.codeStart = d.declStart;
        }
    }

    /** Rust attributes directly above an item are part of its code. */
    static void resolveAttributes(TreeFacts facts, SourceText src) {
        if (facts.attributes.isEmpty()) {
            return;
        }
        List<int[]> attributes = facts.attributes;
        for (Definition d : facts.defs) {
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
    static void nest(List<Definition> sorted, LanguageHandler handler) {
        Deque<Definition> stack = new ArrayDeque<>();
        for (Definition d : sorted) {
            while (!stack.isEmpty() && (stack.peek().declEnd <= d.declStart || stack.peek().declEnd < d.declEnd)) {
                stack.pop();
            }
            d.parent = stack.peek();
            stack.push(d);
            Definition p = d.parent;
            d.insideFunction = p != null && (p.functionLike() || p.insideFunction);
            boolean inClassLike = p != null && CLASS_LIKE.contains(p.kind);
            boolean hasReceiver = d.receiver != null && !d.receiver.isEmpty();
            String owner = hasReceiver ? d.receiver : p == null ? null : p.name;
            d.finalKind = handler.refineKind(d.kind, d.name, owner, inClassLike);
            d.chunked = !d.insideFunction
                    && d.kind != SymbolKind.MODULE
                    && !(d.functionLike() && d.bodyStart < 0 && inClassLike);
            if (d.chunked) {
                List<String> names = new ArrayList<>();
                for (Definition a = p; a != null; a = a.parent) {
                    names.addFirst(a.name);
                }
                if (hasReceiver) {
                    names.add(d.receiver); // Go's receiver, C++'s Type:: in an out-of-class definition
                }
                d.enclosing = String.join(".", names);
            }
        }
    }

    static Definition nearestChunkedAncestor(Definition d) {
        for (Definition a = d.parent; a != null; a = a.parent) {
            if (a.chunked) {
                return a;
            }
        }
        return null;
    }

    static void attachDocs(List<Definition> chunked, List<Comment> comments, LanguageHandler handler, SourceText src) {
        for (Definition d : chunked) {
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
    static List<TreeFacts.Call> assignCalls(List<Definition> chunked, List<TreeFacts.Call> calls) {
        calls.sort(Comparator.comparingInt(TreeFacts.Call::start));
        List<TreeFacts.Call> outside = new ArrayList<>();
        Deque<Definition> stack = new ArrayDeque<>();
        int next = 0;
        for (TreeFacts.Call call : calls) {
            while (next < chunked.size() && chunked.get(next).declStart <= call.start()) {
                Definition d = chunked.get(next++);
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
}
