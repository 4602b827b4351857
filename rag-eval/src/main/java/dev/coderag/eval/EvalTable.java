package dev.coderag.eval;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The human-readable result table of an evaluation: one row per mode, file level and function level, then one row
 * per kind and mode when the queries carry a kind; for semble questions NDCG@k per mode (chunk and file level) and
 * one row per category and mode. Pure.
 */
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
        if (!result.byKind().isEmpty()) {
            appendKinds(sb, result);
        }
        if (result.modes().values().stream().anyMatch(m -> m.ndcg().isPresent())) {
            appendNdcg(sb, result);
        }
        return sb.toString();
    }

    /**
     * semble's NDCG@k per mode at chunk level (the ranked chunks; semble's own) and file level, then per category
     * and mode with the file-level Hit@1, Hit@k and MRR@k beside it.
     */
    private static void appendNdcg(StringBuilder sb, Evaluator.Result result) {
        int k = result.k();
        String chunks = "ndcg@" + k + "-chunks";
        String files = "ndcg@" + k + "-files";
        sb.append(String.format(Locale.ROOT, "%-16s %16s %16s%n", "semble", chunks, files));
        for (Evaluator.ModeSummary m : result.modes().values()) {
            m.ndcg()
                    .ifPresent(n -> sb.append(String.format(
                            Locale.ROOT, "%-16s %16.3f %16.3f%n", m.mode().id(), n.chunks(), n.files())));
        }
        sb.append(String.format(
                Locale.ROOT,
                "%-13s %4s %-8s %7s %7s %7s %16s %16s%n",
                "by category",
                "n",
                "mode",
                "hit@1",
                "hit@" + k,
                "mrr@" + k,
                chunks,
                files));
        for (Evaluator.CategorySummary category : result.byCategory().values()) {
            for (Evaluator.ModeSummary m : category.modes().values()) {
                Metrics.Summary f = m.files();
                Evaluator.NdcgSummary n = m.ndcg().orElseThrow();
                sb.append(String.format(
                        Locale.ROOT,
                        "%-13s %4d %-8s %7.3f %7.3f %7.3f %16.3f %16.3f%n",
                        category.category(),
                        category.queries(),
                        m.mode().id(),
                        f.hit1(),
                        f.hitK(),
                        f.mrrK(),
                        n.chunks(),
                        n.files()));
            }
        }
    }

    private static void appendTable(StringBuilder sb, String title, Evaluator.Result result, boolean functions) {
        int k = result.k();
        sb.append(String.format(
                Locale.ROOT,
                "%-16s %7s %7s %7s %7s %7s %7s %s%n",
                title,
                "hit@1",
                "hit@3",
                "hit@5",
                "hit@" + k,
                "mrr@" + k,
                "map@" + k,
                functions ? String.format(Locale.ROOT, "%10s", "all-gold@" + Metrics.SOURCES) : "ms/query"));
        for (Evaluator.ModeSummary m : result.modes().values()) {
            Optional<Metrics.Summary> s = functions ? m.functions() : Optional.of(m.files());
            if (s.isEmpty()) {
                continue;
            }
            Metrics.Summary v = s.get();
            sb.append(String.format(
                    Locale.ROOT,
                    "%-16s %7.3f %7.3f %7.3f %7.3f %7.3f %7.3f %s%n",
                    m.mode().id(),
                    v.hit1(),
                    v.hit3(),
                    v.hit5(),
                    v.hitK(),
                    v.mrrK(),
                    v.mapK(),
                    functions ? share(m.allGold()) : String.format(Locale.ROOT, "%8.1f", m.meanMillis())));
        }
    }

    /** Per kind and mode: file-level Hit@1/3/k and MRR, function-level MRR, all gold in the first sources. */
    private static void appendKinds(StringBuilder sb, Evaluator.Result result) {
        int k = result.k();
        sb.append(String.format(
                Locale.ROOT,
                "%-9s %4s %-8s %7s %7s %7s %7s %9s %10s%n",
                "by kind",
                "n",
                "mode",
                "hit@1",
                "hit@3",
                "hit@" + k,
                "mrr@" + k,
                "fn-mrr@" + k,
                "all-gold@" + Metrics.SOURCES));
        for (Evaluator.KindSummary kind : result.byKind().values()) {
            for (Evaluator.ModeSummary m : kind.modes().values()) {
                Metrics.Summary f = m.files();
                sb.append(String.format(
                        Locale.ROOT,
                        "%-9s %4d %-8s %7.3f %7.3f %7.3f %7.3f %9s %s%n",
                        kind.kind().id(),
                        kind.queries(),
                        m.mode().id(),
                        f.hit1(),
                        f.hit3(),
                        f.hitK(),
                        f.mrrK(),
                        m.functions()
                                .map(fn -> String.format(Locale.ROOT, "%.3f", fn.mrrK()))
                                .orElse("-"),
                        share(m.allGold())));
            }
        }
    }

    private static String share(Optional<Double> value) {
        return String.format(
                Locale.ROOT,
                "%10s",
                value.map(v -> String.format(Locale.ROOT, "%.3f", v)).orElse("-"));
    }
}
