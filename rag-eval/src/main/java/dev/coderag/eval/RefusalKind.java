package dev.coderag.eval;

import java.util.Locale;

/**
 * What a question of a refusal set is (the {@code "kind"} of a query line that carries {@code "answerable"}): one
 * the repository answers, or one it cannot — about nothing in it, or about a feature it lacks. Reports break the
 * refusal figures down by it. The set is closed: a line naming another kind is rejected.
 */
public enum RefusalKind {
    /** An ordinary question the indexed files answer. */
    ANSWERABLE(true),
    /** Nothing to do with code or with this repository (cooking, weather, another product). */
    OFF_TOPIC(false),
    /** Plausible for such a project, but the repository has no such feature. */
    MISSING_FEATURE(false);

    private final boolean answerable;

    RefusalKind(boolean answerable) {
        this.answerable = answerable;
    }

    /** Whether questions of this kind should be answered rather than refused. */
    public boolean answerable() {
        return answerable;
    }

    /** The name used in query files and reports: {@code answerable}, {@code off-topic}, {@code missing-feature}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Parses {@link #id()}; throws {@link EvalException} naming the choices otherwise. */
    public static RefusalKind parse(String id) {
        for (RefusalKind k : values()) {
            if (k.id().equals(id)) {
                return k;
            }
        }
        throw new EvalException(
                "unknown kind '" + id + "' of a refusal question (choose answerable, off-topic or missing-feature)");
    }
}
