package dev.coderag.embed;

import java.util.List;
import java.util.Optional;

/**
 * Turns text into L2-normalised vectors of {@link #dimension()} floats. Implementations are thread-safe.
 *
 * <p>Documents and queries are embedded differently: queries get the model's retrieval instruction prefix.
 */
public interface Embedder extends AutoCloseable {

    /** Stable id of the model, stored with every vector (e.g. {@code BAAI/bge-small-en-v1.5}). */
    String modelId();

    int dimension();

    /** Maximum tokens per text; longer texts are truncated. */
    int maxTokens();

    /** Number of model tokens of {@code text} (without special tokens), before truncation. */
    int countTokens(String text);

    /** Embeds one query (with the retrieval instruction). Never null; length {@link #dimension()}. */
    float[] embedQuery(String query);

    /** Embeds documents, results in input order. Batches internally by similar length. */
    List<float[]> embedDocuments(List<String> texts);

    /**
     * The static tier of this embedder's model, when the composition root asked for one ({@link #openTwoTier}):
     * the ingest writes its vectors first and the retriever searches them until the model's own replace them
     * (docs/STORE.md, "Two vector tiers"). Empty by default.
     */
    default Optional<Embedder> staticTier() {
        return Optional.empty();
    }

    /** Releases native resources. Idempotent. */
    @Override
    void close();

    /** Opens the real DJL + ONNX Runtime embedder for {@code model}; fails with an {@link EmbedException}. */
    static Embedder open(EmbeddingModel model) {
        return DjlEmbedder.open(model);
    }

    /**
     * Opens the static tier of {@code model} alone: token vectors distilled from the model once and cached, a text
     * embedded by table look-up (docs/STORE.md, "Two vector tiers"). Lazy: the table loads (or is distilled) on the
     * first embedding, which fails with an {@link EmbedException} if it cannot. Its {@link #modelId()} is the model's
     * id with {@code /static-v<n>} appended.
     */
    static Embedder openStatic(EmbeddingModel model) {
        return StaticEmbedder.open(model);
    }

    /**
     * Opens {@code model} as {@link #open} does, with its static tier ({@link #openStatic}) as {@link #staticTier()};
     * closing it closes both. What the command line's ingest, server and evaluation run.
     */
    static Embedder openTwoTier(EmbeddingModel model) {
        return new TwoTierEmbedder(DjlEmbedder.open(model), StaticEmbedder.open(model));
    }
}
