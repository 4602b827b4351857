package dev.coderag.chat.answer;

import dev.coderag.chat.answer.Generator.GenerationInput;
import dev.coderag.retrieval.CallRelation;
import dev.coderag.types.Chunk;
import dev.coderag.types.CodeChunk;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The callers and callees of one retrieved definition, from the call edges retrieval found. A caller or callee
 * that is among the sources is named with its location and citation, another by its name only. Callers are
 * ordered product code first (in retrieval order), then tests, then those not among the sources. Pure.
 *
 * @param subject the definition whose edges these are
 * @param callers the callers as answer text, at most {@link #MAX} of them
 * @param callerCount how many distinct callers the edges show
 * @param callerKind what the callers are ("method", "function") when all are retrieved and of one kind, else ""
 * @param callees the callees as answer text, at most {@link #MAX}
 * @param implementers the types that name the subject as their supertype, or the methods that override it, as
 *     answer text (retrieved ones first), at most {@link #MAX}: known only from references a compiler resolved
 */
record Relations(
        ContextBlock subject,
        List<String> callers,
        int callerCount,
        String callerKind,
        List<String> callees,
        List<String> implementers) {
    static final int MAX = 12;

    static Relations of(GenerationInput input, ContextBlock subject) {
        Map<String, ContextBlock> blockOf = new HashMap<>();
        for (ContextBlock b : input.blocks()) {
            blockOf.putIfAbsent(b.hit().chunk().id(), b);
        }
        String id = subject.hit().chunk().id();
        record Caller(String text, int rank) {}
        Map<String, Caller> callers = new HashMap<>();
        Set<String> kinds = new LinkedHashSet<>();
        Set<String> callees = new LinkedHashSet<>();
        Set<String> implementers = new LinkedHashSet<>();
        for (CallRelation r : input.relations()) {
            if (!r.isCall()) {
                if (r.calleeId().equals(id)) {
                    ContextBlock b = blockOf.get(r.callerId());
                    implementers.add(
                            b == null
                                    ? Evidence.code(r.callerName()) + " (" + Evidence.code(r.site()) + ")"
                                    : Evidence.located(b));
                }
            } else if (r.calleeId().equals(id) && !r.callerId().equals(id)) {
                ContextBlock b = blockOf.get(r.callerId());
                String text = b == null ? Evidence.code(r.callerName()) : Evidence.located(b);
                int rank = b == null
                        ? 2 * MAX * MAX
                        : (looksLikeTest(b.hit().chunk().path()) ? MAX * MAX : 0) + b.n();
                callers.putIfAbsent(text, new Caller(text, rank));
                kinds.add(
                        b != null && b.hit().chunk() instanceof CodeChunk c
                                ? c.symbolKind().id()
                                : "");
            } else if (r.callerId().equals(id)) {
                ContextBlock b = r.calleeId().isEmpty() ? null : blockOf.get(r.calleeId());
                callees.add(b == null ? Evidence.code(r.calleeName()) : Evidence.located(b));
            }
        }
        List<String> ordered = callers.values().stream()
                .sorted(Comparator.comparingInt(Caller::rank).thenComparing(Caller::text))
                .map(Caller::text)
                .limit(MAX)
                .toList();
        String kind = kinds.size() == 1 ? kinds.iterator().next() : "";
        return new Relations(
                subject,
                ordered,
                callers.size(),
                kind,
                new ArrayList<>(callees).stream().limit(MAX).toList(),
                implementers.stream().limit(MAX).toList());
    }

    /** "3 methods", "1 function", "2 callers". */
    String counted() {
        String noun = callerKind.isEmpty() ? "caller" : callerKind;
        if (callerCount == 1) {
            return "1 " + noun;
        }
        return callerCount + " " + (noun.endsWith("s") ? noun + "es" : noun + "s");
    }

    /** "implemented or extended by" for a type, "overridden by" for a method. */
    String implementedBy() {
        boolean type =
                subject.hit().chunk() instanceof CodeChunk c && c.symbolKind().isType();
        return type ? "implemented or extended by" : "overridden by";
    }

    /** The callers joined, with "and N more" past {@link #MAX}. */
    String callerList() {
        List<String> shown = new ArrayList<>(callers);
        if (callerCount > callers.size()) {
            shown.add((callerCount - callers.size()) + " more");
        }
        return Evidence.join(shown);
    }

    /**
     * "It is implemented or extended by D; it is called from A (`p:3`) [2] and B; it calls C." or "" when the edges
     * show none of them.
     */
    String sentence() {
        List<String> parts = new ArrayList<>();
        if (!implementers.isEmpty()) {
            parts.add("is " + implementedBy() + " " + Evidence.join(implementers));
        }
        if (!callers.isEmpty()) {
            parts.add("is called from " + callerList());
        }
        if (!callees.isEmpty()) {
            parts.add("calls " + Evidence.join(callees));
        }
        return parts.isEmpty() ? "" : "It " + String.join("; it ", parts) + ".";
    }

    /**
     * Whether a path looks like test code, only to list product callers first: a {@code test}/{@code tests}
     * directory or a test file name. Retrieval's own test rules decide ranking; this only orders one list.
     */
    static boolean looksLikeTest(String path) {
        String p = "/" + path;
        int slash = p.lastIndexOf('/');
        String file = p.substring(slash + 1);
        return p.contains("/test/")
                || p.contains("/tests/")
                || p.contains("/__tests__/")
                || file.startsWith("test_")
                || file.contains("Test.")
                || file.contains("Tests.")
                || file.contains("_test.")
                || file.contains(".test.")
                || file.contains(".spec.");
    }

    /** The first retrieved code chunk, for when the question names no resolved definition. */
    static java.util.Optional<ContextBlock> firstCode(List<ContextBlock> blocks) {
        return blocks.stream().filter(b -> b.hit().chunk() instanceof CodeChunk).findFirst();
    }

    /** The qualified name of a code chunk, else its title. */
    static String title(Chunk c) {
        return c instanceof CodeChunk code ? code.qualifiedName() : c.title();
    }
}
