package dev.coderag.store.spi;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * Chooses the terms of a lexical query, as every backend does. Terms come from {@link LexicalText} (so FTS syntax in the text is never
 * interpreted), are looked up in the table's vocabulary, and only useful ones are kept: terms in no chunk are
 * dropped, terms in more than half the chunks are dropped when rarer ones exist (BM25 gives them almost no
 * weight, yet FTS5 scores every row they match), and at most {@link #MAX_TERMS} remain, whole identifiers
 * before words before numbers and rarest first within each — a pasted stack trace or bug report becomes a query
 * that still runs in milliseconds and still looks for the names in it. The backend OR-s the terms.
 */
public final class LexicalQuery {
    private LexicalQuery() {}

    public static final int MAX_TERMS = 64;
    /**
     * Terms in more than this share of the chunks are dropped when rarer ones exist. Measured on BLIZZARD ecf
     * (lexical mode): 1/8 would cut BM25 work further but lost 0.02 Hit@10 and 0.013 MRR against 1/2.
     */
    public static final double COMMON = 0.5;
    /** Distinct terms looked up in the vocabulary (~10 µs each); a 10-page bug report has fewer. */
    private static final int MAX_LOOKUPS = 2000;

    private record Term(String text, int specificity, long docs) {}

    /**
     * The terms to search for, rarest first; empty when none occurs in the table. Document frequencies are looked
     * up by the caller in the backend's own index: {@code lookup} gets the terms worth a lookup and answers the
     * table's size and, for the terms that occur, the chunks containing each.
     */
    public static List<String> select(
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
}
