package dev.coderag.eval;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Map;

/**
 * The JSON forms of a result. The summary ({@code --json}) is the contract
 * {@code {"queries": n, "modes": {"<mode>": {"hit@1", "hit@5", "hit@10", "mrr@10", "map@10"}}}}, plus a
 * {@code "function_level"} object of the same shape when the queries carry gold ranges. The report
 * ({@code --out}) adds the run's settings, mean latency per mode and, per query, the first gold rank and the top
 * files of every mode.
 */
final class ReportJson {
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ReportJson() {}

    static ObjectNode summary(Evaluator.Result result) {
        ObjectNode root = JSON.createObjectNode();
        root.put("queries", result.queries());
        ObjectNode modes = root.putObject("modes");
        ObjectNode functionLevel = JSON.createObjectNode();
        for (Evaluator.ModeSummary m : result.modes().values()) {
            modes.set(m.mode().id(), metrics(m.files()));
            m.functions().ifPresent(f -> functionLevel.set(m.mode().id(), metrics(f)));
        }
        if (!functionLevel.isEmpty()) {
            root.set("function_level", functionLevel);
        }
        return root;
    }

    static ObjectNode report(Evaluator.Result result, Map<String, String> settings) {
        ObjectNode root = summary(result);
        ObjectNode s = JSON.createObjectNode();
        settings.forEach(s::put);
        s.put("k", result.k());
        root.set("settings", s);
        ObjectNode latency = root.putObject("mean_ms");
        for (Evaluator.ModeSummary m : result.modes().values()) {
            latency.put(m.mode().id(), round(m.meanMillis(), 2));
        }
        ArrayNode perQuery = root.putArray("per_query");
        for (Evaluator.QueryOutcome q : result.perQuery()) {
            ObjectNode qn = perQuery.addObject();
            qn.put("id", q.id());
            ArrayNode gold = qn.putArray("gold");
            q.goldFiles().forEach(gold::add);
            ObjectNode rank = qn.putObject("first_gold_rank");
            ObjectNode ap = qn.putObject("ap");
            ObjectNode top = qn.putObject("top");
            q.modes().forEach((mode, o) -> {
                rank.put(mode.id(), o.files().firstRank());
                ap.put(mode.id(), round(o.files().averagePrecision(), 4));
                ArrayNode files = top.putArray(mode.id());
                o.topFiles().forEach(files::add);
            });
        }
        return root;
    }

    static String write(ObjectNode node) {
        try {
            return JSON.writeValueAsString(node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ObjectNode metrics(Metrics.Summary s) {
        ObjectNode n = JSON.createObjectNode();
        n.put("hit@1", round(s.hit1(), 4));
        n.put("hit@5", round(s.hit5(), 4));
        n.put("hit@" + s.k(), round(s.hitK(), 4));
        n.put("mrr@" + s.k(), round(s.mrrK(), 4));
        n.put("map@" + s.k(), round(s.mapK(), 4));
        return n;
    }

    private static double round(double v, int places) {
        return BigDecimal.valueOf(v).setScale(places, RoundingMode.HALF_UP).doubleValue();
    }
}
