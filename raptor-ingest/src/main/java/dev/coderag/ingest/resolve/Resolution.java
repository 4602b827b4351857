package dev.coderag.ingest.resolve;

/** How a reference's target was found. */
public enum Resolution {
    /** A compiler binding with full information: no error at the site, no recovered type in the target. */
    EXACT,
    /**
     * A compiler binding to a declaration that exists, but found through binding recovery or with pieces missing
     * (an error at the site, a parameter type from a missing library).
     */
    INFERRED,
    /** Matched by name alone. This package never produces it; it exists for resolvers that do. */
    NAME_ONLY
}
