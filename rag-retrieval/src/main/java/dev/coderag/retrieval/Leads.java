package dev.coderag.retrieval;

import dev.coderag.retrieval.Fusion.Fused;
import dev.coderag.retrieval.GraphExpansion.Expansion;
import dev.coderag.retrieval.Pins.Pin;
import dev.coderag.types.CodeChunk;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a short question names comes first in its sources: the subject, the other definitions it names (explicit
 * names and stack frames, not plain words), then the subject's callers (four at most before its callees) and
 * resolved callees, for the relationship answer to list. When the question asks what the subject calls, its
 * callees come before its callers, and among them those of a type the question names ("Which Safelist methods
 * does createSafeElement call?") before the others. Pure.
 */
final class Leads {
    /** How many of the named definitions lead the sources. */
    private static final int MAX_LEADS = 3;

    /** Callers placed before the callees of a question that does not ask for callees. */
    private static final int CALLERS_FIRST = 4;

    private Leads() {}

    /**
     * @param subject the definition the question is about, if any
     * @param pins the named definitions the search pinned (those of strength ≥ 2 may lead)
     * @param graph the subject's callers and callees (relations and their chunks)
     * @param calleesFirst whether the question asks what the subject calls
     * @param fused the ranked candidates (the order named definitions lead in)
     * @param question the question's text (its words name the callees' types)
     * @return chunk ids in lead order, each once
     */
    static List<String> order(
            Optional<Found> subject,
            List<Pin> pins,
            Expansion graph,
            boolean calleesFirst,
            List<Fused> fused,
            String question) {
        LinkedHashSet<String> ids = new LinkedHashSet<>();
        Optional<String> subjectId = subject.map(Found::id);
        subjectId.ifPresent(ids::add);
        // the named definitions in the order the ranking put them (a file named after the symbol first)
        Map<String, Integer> place = new HashMap<>();
        for (int i = 0; i < fused.size(); i++) {
            place.putIfAbsent(fused.get(i).id(), i);
        }
        // a question that asks what the subject calls wants its callees before the other parts of the subject
        List<String> laterParts = new ArrayList<>();
        pins.stream()
                .filter(p -> p.strength() >= 2.0)
                .sorted(Comparator.comparingInt(
                        (Pin p) -> place.getOrDefault(p.found().id(), Integer.MAX_VALUE)))
                .limit(MAX_LEADS)
                .forEach(p -> (calleesFirst && partOf(p.found(), subject) ? laterParts : ids)
                        .add(p.found().id()));
        if (subjectId.isEmpty()) {
            return new ArrayList<>(ids);
        }
        List<String> callers = new ArrayList<>();
        List<String> callees = new ArrayList<>();
        for (CallRelation r : graph.relations()) {
            if (!r.isCall()) {
                continue; // implementations lead no "who calls" answer
            }
            if (r.calleeId().equals(subjectId.get())) {
                callers.add(r.callerId());
            } else if (r.callerId().equals(subjectId.get()) && !r.calleeId().isEmpty()) {
                callees.add(r.calleeId());
            }
        }
        if (calleesFirst) {
            namedOwnersFirst(callees, subject.get(), graph.chunks(), question).forEach(ids::add);
            laterParts.forEach(ids::add);
        }
        // callers that are not already leads (an overload calling its sibling is one of the named ones)
        callers.stream().filter(id -> !ids.contains(id)).limit(CALLERS_FIRST).forEach(ids::add);
        callees.forEach(ids::add);
        callers.forEach(ids::add);
        return new ArrayList<>(ids);
    }

    /**
     * {@code callees} with those declared in a type the question names (the last part of the callee's enclosing
     * name, written in the question as a word of the same case, and not the subject's own type) first, each group in
     * its order.
     */
    static List<String> namedOwnersFirst(List<String> callees, Found subject, List<Found> chunks, String question) {
        // as written: "Safelist" names the type, "an element's attributes" names no Element or Attributes
        Set<String> words = new java.util.HashSet<>(List.of(question.split("[^A-Za-z0-9_$]+")));
        String own = subject.chunk() instanceof CodeChunk c ? owner(c) : "";
        Map<String, String> owners = new HashMap<>();
        for (Found f : chunks) {
            if (f.chunk() instanceof CodeChunk c) {
                owners.put(f.id(), owner(c));
            }
        }
        List<String> named = new ArrayList<>();
        List<String> rest = new ArrayList<>();
        for (String id : callees) {
            String o = owners.getOrDefault(id, "");
            (!o.isEmpty() && !o.equals(own) && words.contains(o) ? named : rest).add(id);
        }
        named.addAll(rest);
        return named;
    }

    /**
     * Whether {@code f} is another chunk of the subject's qualified name in its file: a later part of it, or an
     * overload (either shows the subject's own code, which a question about its callees does not ask for first).
     */
    private static boolean partOf(Found f, Optional<Found> subject) {
        return subject.isPresent()
                && !f.id().equals(subject.get().id())
                && f.chunk() instanceof CodeChunk c
                && subject.get().chunk() instanceof CodeChunk s
                && c.path().equals(s.path())
                && c.qualifiedName().equals(s.qualifiedName());
    }

    /** The last part of a chunk's enclosing name ("" at top level). */
    private static String owner(CodeChunk c) {
        return CallMatch.lastSegment(c.enclosing());
    }
}
