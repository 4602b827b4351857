package dev.coderag.retrieval;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A query as the retrieval modes read it: the text, what it names, what the previous question named, and the
 * terms sent to BM25. Pure data.
 *
 * @param text the query as asked, never null
 * @param previous the analysis of the previous question of a conversation; empty when there is none
 * @param lexicalQuery the informative terms for BM25 (as the trace reports them)
 */
record AnalyzedQuery(String text, QueryAnalysis analysis, Optional<QueryAnalysis> previous, String lexicalQuery) {
    AnalyzedQuery {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(analysis, "analysis");
        Objects.requireNonNull(previous, "previous");
        Objects.requireNonNull(lexicalQuery, "lexicalQuery");
    }

    /**
     * Analyses a query and the previous question of its conversation. Pure.
     *
     * @param joinPrevious whether the previous question's BM25 terms are added after the query's own (so that
     *     "and where is it called?" still searches for what "it" was)
     */
    static AnalyzedQuery of(String query, Retriever.FollowUp followUp, boolean joinPrevious) {
        QueryAnalysis analysis = QueryAnalyzer.analyze(query);
        Optional<QueryAnalysis> previous = followUp.previousQuestion().isBlank()
                ? Optional.empty()
                : Optional.of(QueryAnalyzer.analyze(followUp.previousQuestion()));
        String lexicalQuery = analysis.lexicalQuery();
        if (previous.isPresent() && joinPrevious) {
            lexicalQuery = joinTerms(lexicalQuery, previous.get().lexicalQuery());
        }
        return new AnalyzedQuery(query, analysis, previous, lexicalQuery);
    }

    /** The terms of both, current first, each once (case-insensitively), at most the analyser's maximum. */
    private static String joinTerms(String current, String previous) {
        if (previous.isBlank()) {
            return current;
        }
        Set<String> seen = new LinkedHashSet<>();
        List<String> out = new ArrayList<>();
        for (String t : (current + " " + previous).trim().split("\\s+")) {
            if (!t.isEmpty() && seen.add(t.toLowerCase(Locale.ROOT))) {
                out.add(t);
            }
        }
        return String.join(
                " ", out.stream().limit(QueryAnalyzer.MAX_LEXICAL_TERMS).toList());
    }
}
