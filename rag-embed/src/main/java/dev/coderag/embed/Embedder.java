package dev.coderag.embed;

import java.util.List;

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

    /** Releases native resources. Idempotent. */
    @Override
    void close();

    /** Opens the real DJL + ONNX Runtime embedder for {@code model}; fails with an {@link EmbedException}. */
    static Embedder open(EmbeddingModel model) {
        return DjlEmbedder.open(model);
    }
}
