package dev.coderag.eval;

import java.util.Locale;

/**
 * What a natural question asks for (the optional {@code "kind"} field of a query line). The set is closed: a
 * query file naming another kind is rejected. Reports break every metric down by kind, so that a change that
 * helps "where is X" questions but hurts "what calls X" questions shows up as such.
 */
public enum QueryKind {
    /** Where is X done or defined. */
    WHERE,
    /** How does X work. */
    HOW,
    /** What calls X, what does X call, where is X used: the answer is every caller or callee. */
    CALLS,
    /** How do I use or configure X: documentation and examples. */
    USAGE,
    /** What is this project, what are its main parts. */
    OVERVIEW;

    /** The lower-case name used in query files and reports. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@link #id()}; throws {@link EvalException} naming the choices otherwise. */
    public static QueryKind parse(String id) {
        for (QueryKind k : values()) {
            if (k.id().equals(id)) {
                return k;
            }
        }
        throw new EvalException("unknown kind '" + id + "' (choose where, how, calls, usage or overview)");
    }
}
