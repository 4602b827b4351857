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
import java.util.Optional;

/**
 * The JSON forms of a result. The summary ({@code --json}) is the contract
 * {@code {"queries": n, "modes": {"<mode>": {"hit@1", "hit@3", "hit@5", "hit@10", "mrr@10", "map@10"}}}}, plus a
 * {@code "function_level"} object of the same shape and an {@code "all_gold@8"} object ({@code {"<mode>":
 * share}}: the queries whose first 8 chunks overlap every gold range) when the queries carry gold ranges, and a
 * {@code "by_kind"} object ({@code {"<kind>": {"queries": n, "modes", "function_level", "all_gold@8"}}}) when they
 * carry a kind. For semble questions: an {@code "ndcg@10"} object ({@code {"<mode>": {"chunks": x, "files": y}}},
 * semble's NDCG@10 at chunk and at file level) beside {@code "modes"}, and a {@code "by_category"} object
 * ({@code {"<category>": {"queries": n, "modes", "ndcg@10"}}}). The report ({@code --out}) adds the run's settings,
 * mean latency per mode and, per query, its kind, the first gold rank, AP, the first chunk rank that overlaps a
 * gold range, whether all gold was in the first 8 chunks, the top files and the top chunks ({@code "chunks"}:
 * path, start and end line) of every mode; for a semble question also its category, targets, NDCG@10 and each
 * target's first rank ({@code "target_ranks"}, 0 when not retrieved) per mode and level.
 */
final class ReportJson {
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    static final String ALL_GOLD = "all_gold@" + Metrics.SOURCES;

    private ReportJson() {}

    static ObjectNode summary(Evaluator.Result result) {
        return summary(result, Optional.empty());
    }

    /** The summary, with the {@code "refusals"} object ({@link RefusalJson#summary}) when there are refusal questions. */
    static ObjectNode summary(Evaluator.Result result, Optional<Refusals.Result> refusals) {
        ObjectNode root = JSON.createObjectNode();
        root.put("queries", result.queries());
        refusals.ifPresent(r -> root.set("refusals", RefusalJson.summary(r)));
        putModes(root, result.modes());
        if (!result.byKind().isEmpty()) {
            ObjectNode byKind = root.putObject("by_kind");
            for (Evaluator.KindSummary kind : result.byKind().values()) {
                ObjectNode kn = byKind.putObject(kind.kind().id());
                kn.put("queries", kind.queries());
                putModes(kn, kind.modes());
            }
        }
        if (!result.byCategory().isEmpty()) {
            ObjectNode byCategory = root.putObject("by_category");
            for (Evaluator.CategorySummary category : result.byCategory().values()) {
                ObjectNode cn = byCategory.putObject(category.category());
                cn.put("queries", category.queries());
                putModes(cn, category.modes());
            }
        }
        return root;
    }

    /** {@code "modes"}, and {@code "function_level"} and {@code "all_gold@8"} when some query has gold ranges. */
    private static void putModes(ObjectNode into, Map<EvalMode, Evaluator.ModeSummary> summaries) {
        ObjectNode modes = into.putObject("modes");
        ObjectNode functionLevel = JSON.createObjectNode();
        ObjectNode allGold = JSON.createObjectNode();
        ObjectNode ndcg = JSON.createObjectNode();
        int k = 10;
        for (Evaluator.ModeSummary m : summaries.values()) {
            modes.set(m.mode().id(), metrics(m.files()));
            m.functions().ifPresent(f -> functionLevel.set(m.mode().id(), metrics(f)));
            m.allGold().ifPresent(share -> allGold.put(m.mode().id(), round(share, 4)));
            m.ndcg().ifPresent(n -> {
                ObjectNode levels = ndcg.putObject(m.mode().id());
                levels.put("chunks", round(n.chunks(), 4));
                levels.put("files", round(n.files(), 4));
            });
            k = m.files().k();
        }
        if (!ndcg.isEmpty()) {
            into.set("ndcg@" + k, ndcg);
        }
        if (!functionLevel.isEmpty()) {
            into.set("function_level", functionLevel);
        }
        if (!allGold.isEmpty()) {
            into.set(ALL_GOLD, allGold);
        }
    }

    static ObjectNode report(Evaluator.Result result, Map<String, String> settings) {
        return report(result, Optional.empty(), settings);
    }

    /** The report, with each refusal question's verdict and evidence under {@code "refusals"."per_query"}. */
    static ObjectNode report(
            Evaluator.Result result, Optional<Refusals.Result> refusals, Map<String, String> settings) {
        ObjectNode root = summary(result, refusals);
        refusals.ifPresent(r -> ((ObjectNode) root.get("refusals")).set("per_query", RefusalJson.perQuery(r)));
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
            q.kind().ifPresent(kind -> qn.put("kind", kind.id()));
            q.semble().ifPresent(j -> {
                qn.put("category", j.category());
                ArrayNode targets = qn.putArray("targets");
                j.relevant().forEach(t -> targets.add(t.label()));
                if (!j.secondary().isEmpty()) {
                    ArrayNode secondary = qn.putArray("secondary_targets");
                    j.secondary().forEach(t -> secondary.add(t.label()));
                }
            });
            ArrayNode gold = qn.putArray("gold");
            q.goldFiles().forEach(gold::add);
            ObjectNode rank = qn.putObject("first_gold_rank");
            ObjectNode ap = qn.putObject("ap");
            ObjectNode rangeRank = JSON.createObjectNode();
            ObjectNode allGold = JSON.createObjectNode();
            ObjectNode ndcg = JSON.createObjectNode();
            ObjectNode targetRanks = JSON.createObjectNode();
            ObjectNode top = qn.putObject("top");
            ObjectNode chunks = qn.putObject("chunks");
            ObjectNode intent = JSON.createObjectNode();
            q.modes().forEach((mode, o) -> {
                o.intent().ifPresent(i -> intent.put(mode.id(), i));
                rank.put(mode.id(), o.files().firstRank());
                ap.put(mode.id(), round(o.files().averagePrecision(), 4));
                o.functions().ifPresent(f -> rangeRank.put(mode.id(), f.firstRank()));
                o.allGold().ifPresent(all -> allGold.put(mode.id(), all));
                ArrayNode files = top.putArray(mode.id());
                o.topFiles().forEach(files::add);
                ArrayNode ranked = chunks.putArray(mode.id());
                for (Metrics.RankedRange c : o.topChunks()) {
                    ObjectNode cn = ranked.addObject();
                    cn.put("path", c.path());
                    cn.put("start", c.start());
                    cn.put("end", c.end());
                }
                o.ndcg().ifPresent(n -> {
                    ObjectNode levels = ndcg.putObject(mode.id());
                    levels.put("chunks", round(n.chunks().value(), 4));
                    levels.put("files", round(n.files().value(), 4));
                    ObjectNode ranks = targetRanks.putObject(mode.id());
                    ArrayNode byChunk = ranks.putArray("chunks");
                    n.chunks().targetRanks().forEach(byChunk::add);
                    ArrayNode byFile = ranks.putArray("files");
                    n.files().targetRanks().forEach(byFile::add);
                });
            });
            if (!ndcg.isEmpty()) {
                qn.set("ndcg@" + result.k(), ndcg);
                qn.set("target_ranks", targetRanks);
            }
            if (!rangeRank.isEmpty()) {
                qn.set("first_gold_range_rank", rangeRank);
            }
            if (!allGold.isEmpty()) {
                qn.set(ALL_GOLD, allGold);
            }
            if (!intent.isEmpty()) {
                qn.set("intent", intent);
            }
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
        n.put("hit@3", round(s.hit3(), 4));
        n.put("hit@5", round(s.hit5(), 4));
        n.put("hit@" + s.k(), round(s.hitK(), 4));
        n.put("mrr@" + s.k(), round(s.mrrK(), 4));
        n.put("map@" + s.k(), round(s.mapK(), 4));
        return n;
    }

    static double round(double v, int places) {
        return BigDecimal.valueOf(v).setScale(places, RoundingMode.HALF_UP).doubleValue();
    }
}
