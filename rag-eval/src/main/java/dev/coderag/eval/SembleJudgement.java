package dev.coderag.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a semble benchmark question is judged by ({@code benchmarks/data.py}'s {@code Task}): its category and
 * its relevant and secondary targets. semble scores both lists alike ({@code Task.all_relevant}): a secondary
 * target is a hit like a relevant one and counts in the ideal DCG.
 *
 * @param category {@code architecture}, {@code semantic} or {@code symbol} as the annotation says, else inferred
 *     from the question's form the way {@code data.py}'s {@code infer_category} does
 */
public record SembleJudgement(String category, List<SembleTarget> relevant, List<SembleTarget> secondary) {
    public SembleJudgement {
        Objects.requireNonNull(category, "category");
        relevant = List.copyOf(relevant);
        secondary = List.copyOf(secondary);
    }

    /** Relevant then secondary targets, duplicates kept (as {@code all_relevant} keeps them). */
    public List<SembleTarget> targets() {
        List<SembleTarget> all = new ArrayList<>(relevant.size() + secondary.size());
        all.addAll(relevant);
        all.addAll(secondary);
        return List.copyOf(all);
    }

    /**
     * {@code data.py}'s {@code infer_category}: a question without a space is a symbol, one starting with "how "
     * is architecture, anything else semantic.
     */
    public static String inferCategory(String query) {
        if (!query.strip().contains(" ")) {
            return "symbol";
        }
        // data.py lower-cases the question as given (not stripped) before looking at its start
        return query.toLowerCase(java.util.Locale.ROOT).startsWith("how ") ? "architecture" : "semantic";
    }
}
