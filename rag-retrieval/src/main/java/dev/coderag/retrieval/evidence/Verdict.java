package dev.coderag.retrieval.evidence;

import java.util.Objects;

/**
 * Whether a retrieval holds enough evidence to answer its question.
 *
 * @param answerable true when an answer may be written from the hits; false when the honest reply is "I could not
 *     find this"
 * @param score how strong the evidence is (the value the decision compared; higher is stronger)
 * @param reason a few words on what decided, for traces and reports
 */
public record Verdict(boolean answerable, double score, String reason) {
    public Verdict {
        Objects.requireNonNull(reason, "reason");
    }
}
