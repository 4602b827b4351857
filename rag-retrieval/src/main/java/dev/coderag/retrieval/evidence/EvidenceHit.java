package dev.coderag.retrieval.evidence;

import java.util.Objects;

/**
 * One retrieved chunk as the evidence judge reads it.
 *
 * @param text what the chunk says and is called: its path and the text it was embedded as
 * @param relevance the cosine of the question and the chunk's embedding, in [0, 1]
 * @param vector whether vector search found it
 * @param lexical whether BM25 found it
 * @param pinned whether the question names it ({@link Names#names}): pinned because of a plain word does not count
 */
public record EvidenceHit(String text, double relevance, boolean vector, boolean lexical, boolean pinned) {
    public EvidenceHit {
        Objects.requireNonNull(text, "text");
    }
}
