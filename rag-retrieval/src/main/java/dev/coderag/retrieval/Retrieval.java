package dev.coderag.retrieval;

import dev.coderag.retrieval.evidence.Evidence;
import dev.coderag.retrieval.evidence.Verdict;
import dev.coderag.store.ScoredChunk;
import java.util.List;

/**
 * The result of {@link Retriever#retrieve}.
 *
 * @param hits best first (the definitions a short question names lead); {@code score} is the fused ranking
 *     score scaled to [0, 1] by the best one
 * @param intent the classified intent name ({@code overview, implementation, relationship, comparison, usage,
 *     history})
 * @param answerStyle how an answer to that intent is written (the intent's route in routing.json)
 * @param confidence cosine similarity of the query to the closest prototype of that intent, in [0, 1]
 * @param details the same hits in the same order with relevance and provenance
 * @param relations call edges found by graph expansion (relationship intent only; may be empty)
 * @param subject id of the one definition the question names, resolved by name (exact, then qualified
 *     suffix), when there is one: the symbol a relationship answer is about
 * @param trace counts and timings
 * @param unplacedCallers stored calls of the subject's name that could not be told to be calls of the subject
 *     rather than of a namesake; when above 0 an answer must not say the subject has no caller
 * @param evidence what the hits hold for the question's words, their relevance, agreement and pins
 * @param verdict whether that is enough to answer from ({@code evidence.json}); chat refuses when it is not
 */
public record Retrieval(
        List<ScoredChunk> hits,
        String intent,
        AnswerStyle answerStyle,
        double confidence,
        List<RetrievalHit> details,
        List<CallRelation> relations,
        java.util.Optional<String> subject,
        RetrievalTrace trace,
        int unplacedCallers,
        Evidence evidence,
        Verdict verdict) {
    public Retrieval {
        java.util.Objects.requireNonNull(subject, "subject");
        java.util.Objects.requireNonNull(evidence, "evidence");
        java.util.Objects.requireNonNull(verdict, "verdict");
        hits = List.copyOf(hits);
        details = List.copyOf(details);
        relations = List.copyOf(relations);
    }

    /** Whether the hits are evidence enough to answer from ({@link #verdict()}). */
    public boolean answerable() {
        return verdict.answerable();
    }

    /** The highest relevance among the hits, 0 when there are none. */
    public double bestRelevance() {
        return details.stream().mapToDouble(RetrievalHit::relevance).max().orElse(0);
    }
}
