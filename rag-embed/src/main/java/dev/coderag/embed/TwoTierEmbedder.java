package dev.coderag.embed;

import java.util.List;
import java.util.Optional;

/**
 * The model's embedder with its static tier attached ({@link Embedder#openTwoTier}): every call goes to the model;
 * {@link #staticTier()} is the static one. Closes both. Thread-safe as its parts are.
 */
final class TwoTierEmbedder implements Embedder {
    private final Embedder full;
    private final Embedder staticTier;

    TwoTierEmbedder(Embedder full, Embedder staticTier) {
        this.full = full;
        this.staticTier = staticTier;
    }

    @Override
    public String modelId() {
        return full.modelId();
    }

    @Override
    public int dimension() {
        return full.dimension();
    }

    @Override
    public int maxTokens() {
        return full.maxTokens();
    }

    @Override
    public int countTokens(String text) {
        return full.countTokens(text);
    }

    @Override
    public float[] embedQuery(String query) {
        return full.embedQuery(query);
    }

    @Override
    public List<float[]> embedDocuments(List<String> texts) {
        return full.embedDocuments(texts);
    }

    @Override
    public Optional<Embedder> staticTier() {
        return Optional.of(staticTier);
    }

    @Override
    public void close() {
        try {
            staticTier.close();
        } finally {
            full.close();
        }
    }
}
