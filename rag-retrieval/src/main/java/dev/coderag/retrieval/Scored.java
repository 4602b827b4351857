package dev.coderag.retrieval;

import dev.coderag.store.ScoredChunk;
import dev.coderag.types.Chunk;
import java.util.List;
import java.util.Objects;

/**
 * A search hit with its chunk's stored id: a {@link ScoredChunk} as the rest of this package uses it.
 *
 * @param found never null
 * @param score the search's score in [0, 1] (a cosine for vector hits, {@code s / (s + 1)} of BM25 for lexical)
 */
record Scored(Found found, double score) {
    Scored {
        Objects.requireNonNull(found, "found");
    }

    String id() {
        return found.id();
    }

    Chunk chunk() {
        return found.chunk();
    }

    /** The hits without their scores, in the same order. */
    static List<Found> found(List<Scored> hits) {
        return hits.stream().map(Scored::found).toList();
    }
}
