package dev.coderag.retrieval;

import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;

/** The real fp32 embedder, loaded once per test JVM and shared by every test class that needs it. */
public final class SharedModel {
    private SharedModel() {}

    private static Embedder embedder;

    public static synchronized Embedder embedder() {
        if (embedder == null) {
            embedder = Embedder.open(EmbeddingModel.BGE_SMALL_FP32);
            Runtime.getRuntime().addShutdownHook(new Thread(embedder::close));
        }
        return embedder;
    }
}
