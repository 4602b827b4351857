package dev.coderag.eval;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coderag.store.HistoryMark;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The JSON and table forms of a history evaluation. Pure.
 *
 * <p>The summary ({@code --json}): {@code {"questions": n, "history": {"head", "commits", "max_commits"} or null,
 * "overall": figures, "by_kind": {"<kind>": figures}}} where figures are {@code {"questions", "beyond_depth",
 * "judged", "right@3", "right@3_count", "hit@1", "found", "mrr"}} (shares over the judged questions). The report
 * ({@code --out}) adds the settings and {@code "per_query"}: id, kind, question, gold (short ids), position,
 * beyond_depth, gold_stored, first_gold_rank (0 when no source is a gold commit), right@3, hit@1, intent,
 * answerable, commit_sources, ms and the first five sources (rank, kind, sha7, subject, path, start, end).
 */
final class HistoryReport {
    private HistoryReport() {}

    static ObjectNode summary(HistoryMetrics.Result result, Optional<HistoryMark> mark) {
        ObjectNode root = ReportJson.JSON.createObjectNode();
        root.put("questions", result.overall().questions());
        if (mark.isPresent()) {
            ObjectNode h = root.putObject("history");
            h.put("head", mark.get().head());
            h.put("commits", mark.get().commits());
            h.put("max_commits", mark.get().maxCommits());
        } else {
            root.putNull("history");
        }
        root.set("overall", figures(result.overall()));
        ObjectNode byKind = root.putObject("by_kind");
        result.byKind().forEach((kind, s) -> byKind.set(kind.id(), figures(s)));
        return root;
    }

    static ObjectNode report(HistoryMetrics.Result result, Optional<HistoryMark> mark, Map<String, String> settings) {
        ObjectNode root = summary(result, mark);
        ObjectNode s = root.putObject("settings");
        settings.forEach(s::put);
        ArrayNode perQuery = root.putArray("per_query");
        for (HistoryJudge.Judged j : result.perQuestion()) {
            HistoryQuestion q = j.question();
            ObjectNode qn = perQuery.addObject();
            qn.put("id", q.id());
            qn.put("kind", q.kind().id());
            qn.put("question", q.question());
            ArrayNode gold = qn.putArray("gold");
            q.gold().forEach(g -> gold.add(g.substring(0, 7)));
            qn.put("position", q.position());
            qn.put("beyond_depth", j.beyondDepth());
            qn.put("gold_stored", j.goldStored());
            qn.put("first_gold_rank", j.firstGoldRank());
            qn.put("right@" + HistoryJudge.SOURCES, j.right());
            qn.put("hit@1", j.hit1());
            qn.put("intent", j.intent());
            qn.put("answerable", j.answerable());
            qn.put("commit_sources", j.commitSources());
            qn.put("ms", ReportJson.round(j.millis(), 1));
            ArrayNode top = qn.putArray("top");
            int rank = 1;
            for (HistoryJudge.Source src : j.top()) {
                ObjectNode sn = top.addObject();
                sn.put("rank", rank++);
                sn.put("kind", src.kind());
                sn.put("sha7", src.sha7());
                sn.put("subject", src.subject());
                sn.put("path", src.path());
                sn.put("start", src.start());
                sn.put("end", src.end());
            }
        }
        return root;
    }

    private static ObjectNode figures(HistoryMetrics.Summary s) {
        ObjectNode n = ReportJson.JSON.createObjectNode();
        n.put("questions", s.questions());
        n.put("beyond_depth", s.beyondDepth());
        n.put("judged", s.judged());
        n.put("right@" + HistoryJudge.SOURCES, ReportJson.round(s.rightShare(), 4));
        n.put("right@" + HistoryJudge.SOURCES + "_count", s.right());
        n.put("hit@1", ReportJson.round(s.hit1Share(), 4));
        n.put("found", ReportJson.round(s.foundShare(), 4));
        n.put("mrr", ReportJson.round(s.mrr(), 4));
        return n;
    }

    /**
     * The table: a heading with the store's history, one row per kind and one for all, and a footnote saying what
     * the columns count and which questions were left out.
     */
    static String table(HistoryMetrics.Result result, Optional<HistoryMark> mark, Map<String, String> settings) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT,
                "%d history questions, repo %s, model %s, full mode; history: %s%n",
                result.overall().questions(),
                settings.get("repo"),
                settings.get("model"),
                mark.map(m -> String.format(
                                Locale.ROOT,
                                "%d commits to %s (depth %s)",
                                m.commits(),
                                m.head().substring(0, Math.min(7, m.head().length())),
                                m.maxCommits() == 0 ? "unlimited" : Integer.toString(m.maxCommits())))
                        .orElse("none stored")));
        sb.append(String.format(
                Locale.ROOT,
                "%-9s %4s %7s %7s %13s %7s %7s %7s%n",
                "kind",
                "n",
                "beyond",
                "judged",
                "right@" + HistoryJudge.SOURCES,
                "hit@1",
                "found",
                "mrr"));
        result.byKind().forEach((kind, s) -> row(sb, kind.id(), s));
        row(sb, "all", result.overall());
        sb.append(String.format(
                Locale.ROOT,
                "right@%d: a gold commit among the first %d sources (chat's, in order); found: at any rank.%n",
                HistoryJudge.SOURCES,
                HistoryJudge.SOURCES));
        sb.append(String.format(
                Locale.ROOT,
                "beyond: gold older than the %s the store holds; left out of judged, right@%d, hit@1, found and"
                        + " mrr.%n",
                mark.map(m -> m.commits() + " commits").orElse("history (none)"),
                HistoryJudge.SOURCES));
        return sb.toString();
    }

    private static void row(StringBuilder sb, String label, HistoryMetrics.Summary s) {
        sb.append(String.format(
                Locale.ROOT,
                "%-9s %4d %7d %7d %13s %7.3f %7.3f %7.3f%n",
                label,
                s.questions(),
                s.beyondDepth(),
                s.judged(),
                String.format(Locale.ROOT, "%d (%.3f)", s.right(), s.rightShare()),
                s.hit1Share(),
                s.foundShare(),
                s.mrr()));
    }
}
