package dev.coderag.store;

/** DJL + ONNX Runtime embedder. TODO(foundation): implementation lands with the embedder work. */
final class DjlEmbedder {
    private DjlEmbedder() {}

    static Embedder open(EmbeddingModel model) {
        throw new StoreException(StoreException.Reason.MODEL_UNAVAILABLE, "embedder not implemented yet");
    }
}
