package dev.coderag.retrieval.evidence;

/** Whether a word occurs anywhere in the searched repositories (what the lexical index answers). */
@FunctionalInterface
public interface TermLookup {
    /** A lookup that finds nothing: every word not in the hits counts as absent. */
    TermLookup NONE = word -> false;

    boolean occurs(String word);
}
