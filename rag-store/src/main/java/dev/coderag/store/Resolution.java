package dev.coderag.store;

/** How a reference's target was found. */
public enum Resolution {
    /** A compiler binding with full information: no error at the site, no recovered type in the target. */
    EXACT,
    /**
     * A compiler binding to a declaration that exists, but found through binding recovery or with pieces missing
     * (an error at the site, a parameter type from a missing library).
     */
    INFERRED,
    /** Matched by name alone. A call edge from a callee's name ({@link CallGraph} for a file without resolved references). */
    NAME_ONLY
}
