package dev.coderag.eval;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The human-readable result table of an evaluation: one row per mode, file level and function level. Pure. */
final class EvalTable {
    private EvalTable() {}

    static String of(Evaluator.Result result, Map<String, String> settings) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT,
                "%d queries, repo %s, model %s, k=%d%n",
                result.queries(),
                settings.get("repo"),
                settings.get("model"),
                result.k()));
        appendTable(sb, "file level", result, false);
        if (result.modes().values().stream().anyMatch(m -> m.functions().isPresent())) {
            appendTable(sb, "function level", result, true);
        }
        return sb.toString();
    }

    private static void appendTable(StringBuilder sb, String title, Evaluator.Result result, boolean functions) {
        int k = result.k();
        sb.append(String.format(
                Locale.ROOT,
                "%-16s %7s %7s %7s %7s %7s %9s%n",
                title,
                "hit@1",
                "hit@5",
                "hit@" + k,
                "mrr@" + k,
                "map@" + k,
                "ms/query"));
        for (Evaluator.ModeSummary m : result.modes().values()) {
            Optional<Metrics.Summary> s = functions ? m.functions() : Optional.of(m.files());
            if (s.isEmpty()) {
                continue;
            }
            Metrics.Summary v = s.get();
            sb.append(String.format(
                    Locale.ROOT,
                    "%-16s %7.3f %7.3f %7.3f %7.3f %7.3f %9.1f%n",
                    m.mode().id(),
                    v.hit1(),
                    v.hit5(),
                    v.hitK(),
                    v.mrrK(),
                    v.mapK(),
                    m.meanMillis()));
        }
    }
}
