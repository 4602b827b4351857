package dev.coderag.eval;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** A retrieval path to evaluate; {@link #FULL} is the production path of {@code /api/chat}. */
public enum EvalMode {
    VECTOR,
    LEXICAL,
    HYBRID,
    FULL;

    /** The lower-case name used by {@code --mode} and in reports. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses a comma-separated list of mode names, or {@code all}; throws {@link EvalException} naming the
     * choices otherwise. Result in declaration order, distinct.
     */
    public static List<EvalMode> parseList(String spec) {
        Set<EvalMode> modes = EnumSet.noneOf(EvalMode.class);
        for (String part : spec.split(",")) {
            String p = part.strip().toLowerCase(Locale.ROOT);
            if (p.equals("all")) {
                modes.addAll(EnumSet.allOf(EvalMode.class));
                continue;
            }
            EvalMode match = null;
            for (EvalMode m : values()) {
                if (m.id().equals(p)) {
                    match = m;
                }
            }
            if (match == null) {
                throw new EvalException(
                        "unknown mode '" + part.strip() + "' (choose vector, lexical, hybrid, full or all)");
            }
            modes.add(match);
        }
        return List.copyOf(modes);
    }
}
