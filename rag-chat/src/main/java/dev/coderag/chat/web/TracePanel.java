package dev.coderag.chat.web;

import static j2html.TagCreator.caption;
import static j2html.TagCreator.code;
import static j2html.TagCreator.dd;
import static j2html.TagCreator.details;
import static j2html.TagCreator.div;
import static j2html.TagCreator.dl;
import static j2html.TagCreator.dt;
import static j2html.TagCreator.each;
import static j2html.TagCreator.summary;
import static j2html.TagCreator.table;
import static j2html.TagCreator.tbody;
import static j2html.TagCreator.td;
import static j2html.TagCreator.th;
import static j2html.TagCreator.thead;
import static j2html.TagCreator.tr;

import dev.coderag.chat.IntentInfo;
import dev.coderag.chat.Source;
import dev.coderag.chat.Trace;
import j2html.tags.DomContent;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * "Why these sources": a collapsible panel under an answer ({@code <details>}, so it opens without script) with
 * what the response's trace says: the intent and its confidence, the answer style its route chose, who wrote the
 * answer, hits per table, candidates per retriever, the BM25 terms, pinned locations, the time taken, and each
 * source's relevance, fused score and the retrievers that found it. All of it escaped by j2html.
 */
final class TracePanel {
    private TracePanel() {}

    /**
     * @param trace the response's trace; null for an answer saved before traces were kept (the panel then shows
     *     what the saved answer has)
     * @param intent the classified intent (null when unknown)
     */
    static DomContent render(Trace trace, IntentInfo intent, List<Source> sources) {
        IntentInfo shown = trace != null && trace.intent() != null ? trace.intent() : intent;
        List<DomContent> facts = new ArrayList<>();
        if (shown != null) {
            facts.add(fact(
                    "intent",
                    div(shown.name() + " · " + pct(shown.confidence()) + " confidence")
                            .withData("testid", "trace-intent")
                            .withData("intent", shown.name())));
        }
        if (trace != null) {
            if (trace.answerStyle() != null) {
                facts.add(fact("answer style", trace.answerStyle()));
            }
            if (trace.generator() != null) {
                facts.add(fact("written by", WebUi.generatorLabel(trace.generator())));
            }
            facts.add(fact("hits per table", counts(trace.hitsPerTable())));
            facts.add(fact("candidates per retriever", counts(trace.hitsPerRetriever())));
            if (trace.lexicalQuery() != null && !trace.lexicalQuery().isBlank()) {
                facts.add(fact("BM25 terms", code(trace.lexicalQuery())));
            }
            if (trace.pins() != null && !trace.pins().isEmpty()) {
                facts.add(fact("pinned (named in the question)", String.join(", ", trace.pins())));
            }
            if (trace.timingsMs() != null && trace.timingsMs().containsKey("total")) {
                facts.add(fact("time", ms(trace.timingsMs().get("total")) + " in all" + timings(trace.timingsMs())));
            }
        }
        return details(
                        summary("Why these sources"),
                        dl(each(facts, f -> f)).withClass("trace-facts"),
                        trace == null
                                ? div("This answer was saved before its trace was kept: counts and timings are not"
                                                + " known.")
                                        .withClass("muted")
                                : null,
                        sources.isEmpty() ? null : sourcesTable(sources))
                .withClass("trace")
                .withData("testid", "trace-panel");
    }

    private static DomContent fact(String name, String value) {
        return fact(name, div(value));
    }

    private static DomContent fact(String name, DomContent value) {
        return div(dt(name), dd(value)).withClass("trace-fact");
    }

    private static DomContent sourcesTable(List<Source> sources) {
        return table(
                        caption("Each source: how close it is to the question, its rank in the fused results, and"
                                + " which searches found it"),
                        thead(tr(th("#"), th("source"), th("relevance"), th("score"), th("found by"))),
                        tbody(each(sources, s -> tr(
                                        td(Integer.toString(s.n())),
                                        td(s.location()).withClass("loc"),
                                        td(s.relevancePct() + "%"),
                                        td(s.via().isEmpty() ? "—" : String.format(Locale.ROOT, "%.2f", s.score())),
                                        td(s.via().isEmpty() ? "—" : String.join(", ", s.via())))
                                .withData("testid", "trace-source")
                                .withData("n", Integer.toString(s.n())))))
                .withClass("trace-sources");
    }

    private static String counts(Map<String, Integer> counts) {
        if (counts == null || counts.isEmpty()) {
            return "none";
        }
        return counts.entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue())
                .collect(Collectors.joining(" · "));
    }

    /** The stages worth naming beside the total (retrieval's and generation's), when known. */
    private static String timings(Map<String, Double> t) {
        List<String> parts = new ArrayList<>();
        for (String stage : List.of("embed", "search", "graph", "generate")) {
            Double v = t.get(stage);
            if (v != null) {
                parts.add(stage + " " + ms(v));
            }
        }
        return parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")";
    }

    private static String ms(double v) {
        return String.format(Locale.ROOT, "%.0f ms", v);
    }

    private static String pct(double v) {
        return Math.round(v * 100) + "%";
    }
}
