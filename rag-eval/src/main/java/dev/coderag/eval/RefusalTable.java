package dev.coderag.eval;

import java.util.Locale;
import java.util.Map;

/**
 * The human-readable refusal block of an evaluation: per kind, the share answered and refused; overall and per
 * repository, the share of the answerable questions answered, of the unanswerable refused, and refusal precision
 * and recall (refusal is the positive class). Pure.
 */
final class RefusalTable {
    private RefusalTable() {}

    static String of(Refusals.Result result) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-18s %5s %9s %9s%n", "refusals by kind", "n", "answered", "refused"));
        result.byKind().forEach((kind, c) -> {
            int answered = kind.answerable() ? c.answered() : c.unanswerable() - c.refused();
            sb.append(String.format(
                    Locale.ROOT,
                    "%-18s %5d %9.3f %9.3f%n",
                    kind.id(),
                    c.questions(),
                    (double) answered / c.questions(),
                    1 - (double) answered / c.questions()));
        });
        sb.append(String.format(
                Locale.ROOT,
                "%-18s %5s %11s %11s %10s %10s %9s%n",
                "refusals",
                "n",
                "answerable",
                "unanswer.",
                "precision",
                "recall",
                "accuracy"));
        sb.append(String.format(Locale.ROOT, "%-18s %5s %11s %11s%n", "", "", "answered", "refused"));
        row(sb, "all", result.overall());
        for (Map.Entry<String, Refusals.Counts> e : result.byRepo().entrySet()) {
            if (result.byRepo().size() > 1) {
                row(sb, e.getKey(), e.getValue());
            }
        }
        return sb.toString();
    }

    private static void row(StringBuilder sb, String label, Refusals.Counts c) {
        sb.append(String.format(
                Locale.ROOT,
                "%-18s %5d %11s %11s %10.3f %10.3f %9.3f%n",
                label,
                c.questions(),
                String.format(Locale.ROOT, "%d/%d", c.answered(), c.answerable()),
                String.format(Locale.ROOT, "%d/%d", c.refused(), c.unanswerable()),
                c.precision(),
                c.recall(),
                c.accuracy()));
    }
}
