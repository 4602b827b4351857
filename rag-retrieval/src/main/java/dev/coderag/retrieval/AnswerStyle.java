package dev.coderag.retrieval;

/**
 * What an intent changes in how an answer is written, as data: each intent's route in {@code routing.json}
 * names one ({@code "answer": "docs_first"}), so no writer compares intent names.
 */
public enum AnswerStyle {
    /** Lead with the best-ranked definition (implementation questions). */
    DEFINITION,
    /** Lead with documentation — README, module docs, manifests — before code (usage, overview). */
    DOCS_FIRST,
    /** Lead with the best match, then its callers and callees from the call graph (relationship). */
    RELATIONS,
    /** Lead with the best match and list the others as the things to compare (comparison). */
    COMPARISON,
    /**
     * Lead with the commit that answers a question about the history (when, why, by whom something changed):
     * its id, date, author and message, then the file and hunks it changed.
     */
    HISTORY;

    /** The lower-case name used in {@code routing.json}. */
    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The style named {@code wire} in {@code routing.json}; IllegalArgumentException for an unknown name. */
    public static AnswerStyle fromWire(String wire) {
        for (AnswerStyle s : values()) {
            if (s.wireName().equals(wire)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown answer style '" + wire + "'");
    }
}
