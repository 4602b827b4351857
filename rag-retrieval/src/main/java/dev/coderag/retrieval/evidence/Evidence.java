package dev.coderag.retrieval.evidence;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Objects;

/**
 * What a retrieval found for a question, as the evidence judge weighs it ({@link EvidencePolicy#judge}).
 *
 * @param terms the question's content words (its words less the generic ones of a question), each with where it
 *     was found
 * @param bestRelevance the highest relevance (cosine) among the hits read, 0 when there are none
 * @param pinned whether a hit is a chunk the question names ({@link Names}): a definition of an identifier it writes,
 *     a file it names, or what a conversation's earlier turn was about
 * @param hits how many hits were read (the first {@link EvidencePolicy#hits()} of the ranking)
 */
public record Evidence(List<Term> terms, double bestRelevance, boolean pinned, int hits) {
    public Evidence {
        terms = List.copyOf(terms);
    }

    /**
     * A content word of the question.
     *
     * @param word lower case, as the question has it
     * @param inHits whether a hit read holds the word (or the same word with another ending)
     * @param inRepository whether the searched repositories hold it at all (true when {@code inHits})
     */
    public record Term(String word, boolean inHits, boolean inRepository) {
        public Term {
            Objects.requireNonNull(word, "word");
        }
    }

    /** The share of the content words the searched repositories do not hold at all; 0 when there are none. */
    public double absentShare() {
        return terms.isEmpty()
                ? 0
                : (double) terms.stream().filter(t -> !t.inRepository()).count() / terms.size();
    }

    /** Whether the repository holds {@code word} or another form of it ({@link Words#forms}). */
    private static boolean occurs(TermLookup repository, String word) {
        if (repository.occurs(word)) {
            return true;
        }
        for (String form : Words.forms(word)) {
            if (repository.occurs(form)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Gathers the evidence of a ranking: reads its first {@link EvidencePolicy#hits()} hits once and asks
     * {@code repository} only about the content words none of them holds. Linear in the text of those hits.
     *
     * @param hits best first
     */
    public static Evidence gather(
            String question, List<EvidenceHit> hits, TermLookup repository, EvidencePolicy policy) {
        List<EvidenceHit> read = hits.subList(0, Math.min(hits.size(), policy.hits()));
        List<String> words = policy.contentWords(question);
        NavigableSet<String> inHits =
                Words.vocabulary(read.stream().map(EvidenceHit::text).toList());
        Map<String, List<String>> parts = Words.questionParts(question);
        List<Term> terms = new ArrayList<>(words.size());
        for (String w : words) {
            List<String> split = parts.getOrDefault(w, List.of());
            boolean found = Words.contains(inHits, w)
                    || (!split.isEmpty() && split.stream().allMatch(p -> Words.contains(inHits, p)));
            boolean inRepository = found
                    || occurs(repository, w)
                    || (!split.isEmpty()
                            && split.stream().allMatch(p -> Words.contains(inHits, p) || occurs(repository, p)));
            terms.add(new Term(w, found, inRepository));
        }
        double best = read.stream().mapToDouble(EvidenceHit::relevance).max().orElse(0);
        boolean pinned = hits.stream().anyMatch(EvidenceHit::pinned);
        return new Evidence(terms, best, pinned, read.size());
    }
}
