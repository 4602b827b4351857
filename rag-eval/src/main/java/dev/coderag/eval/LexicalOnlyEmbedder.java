package dev.coderag.eval;

import dev.coderag.embed.Embedder;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An embedder for {@code --lexical-only} runs: the real model's tokenizer and window (so the ingester cuts
 * exactly the chunks it cuts in production) without inference — every text gets the same placeholder unit
 * vector. Lexical search never reads vectors, so the lexical mode measured on such a store equals the one on
 * a fully embedded store; the other modes would be meaningless and are refused.
 *
 * <p>Its {@link #modelId()} differs from the real model's, so a store built with it can never be opened for
 * vector search with the real model (the store refuses a model mismatch). Thread-safe when the delegate is.
 */
final class LexicalOnlyEmbedder implements Embedder {
    static final String SUFFIX = "+lexical-only";

    private final Embedder tokenizer;
    private final float[] placeholder;

    LexicalOnlyEmbedder(Embedder tokenizer) {
        this.tokenizer = Objects.requireNonNull(tokenizer, "tokenizer");
        this.placeholder = new float[tokenizer.dimension()];
        this.placeholder[0] = 1f;
    }

    @Override
    public String modelId() {
        return tokenizer.modelId() + SUFFIX;
    }

    @Override
    public int dimension() {
        return tokenizer.dimension();
    }

    @Override
    public int maxTokens() {
        return tokenizer.maxTokens();
    }

    @Override
    public int countTokens(String text) {
        return tokenizer.countTokens(text);
    }

    @Override
    public float[] embedQuery(String query) {
        return placeholder.clone();
    }

    @Override
    public List<float[]> embedDocuments(List<String> texts) {
        List<float[]> out = new ArrayList<>(texts.size());
        for (int i = 0; i < texts.size(); i++) {
            out.add(placeholder.clone());
        }
        return out;
    }

    @Override
    public void close() {
        tokenizer.close();
    }
}
