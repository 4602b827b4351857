package dev.coderag.store;

/**
 * Whether a repository's last ingest finished. An ingest commits files in batches as their embeddings are
 * computed, so a run that is killed or stopped leaves some files at their new version and others at their
 * previous one (each file whole, never half); the repository is then {@link #PARTIAL} until a later run
 * finishes the plan.
 */
public enum IndexState {
    /** The last ingest committed every file it planned, and the repository record. */
    COMPLETE,
    /** An ingest committed some batches and then stopped; {@code pendingFiles} says how many files it had left. */
    PARTIAL;

    /** The lower-case name used in JSON and in the store ({@code complete}, {@code partial}). */
    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The state stored as {@code id}; an unknown value (from a newer coderag) reads as {@link #PARTIAL}. */
    public static IndexState fromId(String id) {
        for (IndexState s : values()) {
            if (s.id().equals(id)) {
                return s;
            }
        }
        return PARTIAL;
    }
}
