package dev.coderag.store;

import dev.coderag.types.ChunkKind;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.function.Function;

/**
 * Turns free text into an FTS5 query. Terms come from {@link LexicalText} (so FTS syntax in the text is never
 * interpreted), are looked up in the table's vocabulary, and only useful ones are kept: terms in no chunk are
 * dropped, terms in more than half the chunks are dropped when rarer ones exist (BM25 gives them almost no
 * weight, yet FTS5 scores every row they match), and at most {@link #MAX_TERMS} remain, whole identifiers
 * before words before numbers and rarest first within each — a pasted stack trace or bug report becomes a query
 * that still runs in milliseconds and still looks for the names in it. The terms are OR-ed.
 */
final class LexicalQuery {
    private LexicalQuery() {}

    static final int MAX_TERMS = 64;
    /**
     * Terms in more than this share of the chunks are dropped when rarer ones exist. Measured on BLIZZARD ecf
     * (lexical mode): 1/8 would cut BM25 work further but lost 0.02 Hit@10 and 0.013 MRR against 1/2.
     */
    static final double COMMON = 0.5;
    /** Distinct terms looked up in the vocabulary (~10 µs each); a 10-page bug report has fewer. */
    private static final int MAX_LOOKUPS = 2000;

    private record Term(String text, int specificity, long docs) {}

    /** The terms to search for, rarest first; empty when none occurs in the table (looked up in FTS5). */
    static List<String> select(Connection c, ChunkKind table, List<LexicalText.QueryTerm> terms, long totalDocs)
            throws SQLException {
        List<LexicalText.QueryTerm> ordered = lookups(terms);
        Map<String, Long> docs = new HashMap<>();
        for (List<LexicalText.QueryTerm> part : Sql.partition(ordered)) {
            String sql = "SELECT term, doc FROM " + Schema.vocab(table) + " WHERE term IN ("
                    + Sql.placeholders(part.size()) + ")";
            try (PreparedStatement st = c.prepareStatement(sql)) {
                int i = 1;
                for (LexicalText.QueryTerm term : part) {
                    st.setString(i++, term.text());
                }
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        docs.put(rs.getString(1), rs.getLong(2));
                    }
                }
            }
        }
        return choose(ordered, docs::get, totalDocs);
    }

    /**
     * As {@link #select(Connection, ChunkKind, List, long)}, with document frequencies looked up by the caller (a
     * store backend's own index): {@code lookup} gets the terms worth a lookup and answers the table's size and,
     * for the terms that occur, the chunks containing each.
     */
    static List<String> select(
            List<LexicalText.QueryTerm> terms, Function<List<String>, StoreRules.DocFrequencies> lookup) {
        List<LexicalText.QueryTerm> ordered = lookups(terms);
        StoreRules.DocFrequencies found =
                lookup.apply(ordered.stream().map(LexicalText.QueryTerm::text).toList());
        return choose(ordered, found.docs()::get, found.totalDocs());
    }

    /** The terms worth a vocabulary lookup: the most specific first, at most {@link #MAX_LOOKUPS}. */
    private static List<LexicalText.QueryTerm> lookups(List<LexicalText.QueryTerm> terms) {
        List<LexicalText.QueryTerm> ordered = new ArrayList<>(terms);
        ordered.sort(Comparator.comparingInt(LexicalText.QueryTerm::specificity));
        return ordered.subList(0, Math.min(ordered.size(), MAX_LOOKUPS));
    }

    /** Pure: keeps the useful terms, given each term's document frequency (null or 0 when absent). */
    private static List<String> choose(
            List<LexicalText.QueryTerm> ordered, Function<String, Long> docFrequency, long totalDocs) {
        List<Term> found = new ArrayList<>();
        for (LexicalText.QueryTerm term : ordered) {
            Long docs = docFrequency.apply(term.text());
            if (docs != null && docs > 0) {
                found.add(new Term(term.text(), term.specificity(), docs));
            }
        }
        found.sort(Comparator.comparingInt(Term::specificity).thenComparingLong(Term::docs));
        List<Term> useful =
                found.stream().filter(t -> t.docs() <= totalDocs * COMMON).toList();
        List<Term> kept = useful.isEmpty() ? found : useful;
        return kept.stream().limit(MAX_TERMS).map(Term::text).toList();
    }

    /** The MATCH expression: every term quoted (they are plain words) and OR-ed. */
    static String match(List<String> terms) {
        StringJoiner sj = new StringJoiner(" OR ");
        for (String term : terms) {
            sj.add('"' + term.replace("\"", "\"\"") + '"');
        }
        return sj.toString();
    }
}
