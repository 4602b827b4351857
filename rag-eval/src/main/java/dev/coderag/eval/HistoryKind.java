package dev.coderag.eval;

import java.util.Locale;

/**
 * What a history question asks (the {@code "kind"} of a line of a history question file, issue 34). The set is
 * closed: a file naming another kind is rejected. The report breaks its figures down by kind.
 */
public enum HistoryKind {
    /** When was X added, which commit introduced it: one gold commit. */
    ADDED,
    /** Why was X changed: the commit whose message gives the reason. */
    WHY,
    /** What changed in a place between two dates: every commit of the range is gold, any one of them answers. */
    BETWEEN,
    /** Who last changed X, in which commit: the newest commit that touched its lines. */
    LAST;

    /** The lower-case name used in question files and reports. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@link #id()}; throws {@link EvalException} naming the choices otherwise. */
    public static HistoryKind parse(String id) {
        for (HistoryKind k : values()) {
            if (k.id().equals(id)) {
                return k;
            }
        }
        throw new EvalException("unknown history kind '" + id + "' (choose added, why, between or last)");
    }
}
