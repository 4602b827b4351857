package dev.coderag.eval;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coderag.retrieval.evidence.Evidence;

/**
 * The JSON form of a refusal measurement. The summary is {@code {"questions", "answerable", "answered",
 * "unanswerable", "refused", "answered_share", "refused_share", "precision", "recall", "accuracy", "by_kind":
 * {"<kind>": {...the same}}, "by_repo": {"<repo>": {...the same}}}}; the report adds {@code "per_query"}: per
 * question its id, repo, kind, whether it was answered and rightly so, the verdict's reason and score, the
 * evidence (the best relevance among the hits read, whether a hit is code the question names, how many hits were
 * read, each content word with {@code in_hits} and {@code in_repository}) and chat's first sources.
 */
final class RefusalJson {
    private RefusalJson() {}

    static ObjectNode summary(Refusals.Result result) {
        ObjectNode root = counts(result.overall());
        ObjectNode byKind = root.putObject("by_kind");
        result.byKind().forEach((kind, c) -> byKind.set(kind.id(), counts(c)));
        ObjectNode byRepo = root.putObject("by_repo");
        result.byRepo().forEach((repo, c) -> byRepo.set(repo, counts(c)));
        return root;
    }

    private static ObjectNode counts(Refusals.Counts c) {
        ObjectNode n = ReportJson.JSON.createObjectNode();
        n.put("questions", c.questions());
        n.put("answerable", c.answerable());
        n.put("answered", c.answered());
        n.put("unanswerable", c.unanswerable());
        n.put("refused", c.refused());
        n.put("answered_share", ReportJson.round(c.answeredShare(), 4));
        n.put("refused_share", ReportJson.round(c.refusedShare(), 4));
        n.put("precision", ReportJson.round(c.precision(), 4));
        n.put("recall", ReportJson.round(c.recall(), 4));
        n.put("accuracy", ReportJson.round(c.accuracy(), 4));
        return n;
    }

    static ArrayNode perQuery(Refusals.Result result) {
        ArrayNode out = ReportJson.JSON.createArrayNode();
        for (Refusals.Outcome o : result.perQuery()) {
            ObjectNode q = out.addObject();
            q.put("id", o.id());
            q.put("repo", o.repo());
            q.put("kind", o.kind().id());
            q.put("answered", o.answered());
            q.put("right", o.right());
            q.put("reason", o.judged().verdict().reason());
            q.put("score", ReportJson.round(o.judged().verdict().score(), 4));
            Evidence e = o.judged().evidence();
            ObjectNode ev = q.putObject("evidence");
            ev.put("best_relevance", ReportJson.round(e.bestRelevance(), 4));
            ev.put("pinned", e.pinned());
            ev.put("hits", e.hits());
            ArrayNode words = ev.putArray("words");
            for (Evidence.Term t : e.terms()) {
                ObjectNode w = words.addObject();
                w.put("word", t.word());
                w.put("in_hits", t.inHits());
                w.put("in_repository", t.inRepository());
            }
            ArrayNode sources = q.putArray("sources");
            o.judged().sources().forEach(sources::add);
        }
        return out;
    }
}
