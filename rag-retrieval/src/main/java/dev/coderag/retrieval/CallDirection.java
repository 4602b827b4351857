package dev.coderag.retrieval;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which way a relationship question asks along the call graph: "What calls X?" and "Where is X used?" ask for
 * callers; "What does X call?" and "Which helpers does X use?" ask for callees — an auxiliary before the subject
 * and a call verb after it. The words are data ({@code routing.json}'s {@code callee_questions}). Pure, linear in
 * the question; immutable.
 *
 * @param auxiliaries words that, before the subject, make it the doer ({@code does}, {@code do}), lower case
 * @param verbs call verbs ({@code call}, {@code invoke}, {@code use}), lower case
 */
record CallDirection(Set<String> auxiliaries, Set<String> verbs) {
    static final CallDirection NONE = new CallDirection(Set.of(), Set.of());

    CallDirection {
        auxiliaries = Set.copyOf(auxiliaries);
        verbs = Set.copyOf(verbs);
    }

    /**
     * Whether {@code question} asks what {@code subject} (a symbol's simple name) calls: the subject occurs as a
     * word (its first occurrence counts), an auxiliary comes before it and a call verb after it.
     */
    boolean asksForCallees(String question, String subject) {
        if (subject.isBlank()) {
            return false;
        }
        List<String> words = List.of(question.toLowerCase(Locale.ROOT).split("[^a-z0-9_]+"));
        String name = subject.toLowerCase(Locale.ROOT);
        int at = words.indexOf(name);
        if (at < 0) {
            return false;
        }
        boolean auxiliaryBefore = words.subList(0, at).stream().anyMatch(auxiliaries::contains);
        boolean verbAfter = words.subList(at + 1, words.size()).stream().anyMatch(verbs::contains);
        return auxiliaryBefore && verbAfter;
    }
}
