package dev.coderag.embed;

/** The {@link DjlEmbedder}'s threads and batch sizes; {@link #fromSystemProperties} documents the defaults. */
record EmbedSettings(int workers, int intraOpThreads, int batchTokens, int maxBatch, int documentWindow) {
    EmbedSettings {
        if (workers < 1 || intraOpThreads < 1 || batchTokens < 1 || maxBatch < 1) {
            throw new IllegalArgumentException("embedder settings must be ≥ 1: " + this);
        }
        if (documentWindow < TokenWindows.MIN_WINDOW || documentWindow > DjlEmbedder.MAX_TOKENS) {
            throw new IllegalArgumentException("documentWindow must be in " + TokenWindows.MIN_WINDOW + ".."
                    + DjlEmbedder.MAX_TOKENS + ": " + this);
        }
    }

    EmbedSettings(int workers, int intraOpThreads, int batchTokens, int maxBatch) {
        this(workers, intraOpThreads, batchTokens, maxBatch, DjlEmbedder.DOCUMENT_WINDOW);
    }

    /**
     * Defaults, measured on 2 cores (docs/BENCHMARKS.md, "Run 6: threads and batch budget"): batches of at most
     * 512 padded tokens (1.0–1.23× the throughput of 2048 in every layout and text length; padding and
     * activations shrink). int8: one single-threaded worker per core (up to 8) — 1.13–1.26× as many
     * chunks per second as one 2-thread worker, a single query as fast (3.9 ms). fp32: one worker whose
     * inference uses up to 4 cores, more workers beyond 4 cores — two 1-thread workers embed documents
     * 1.0–1.2× faster, but a single question takes 9.4 instead of 6.6 ms on one core, and a server
     * embeds questions. Above 2 cores these layouts are not measured.
     *
     * @param model the model the settings are for
     */
    static EmbedSettings fromSystemProperties(EmbeddingModel model) {
        int cores = Runtime.getRuntime().availableProcessors();
        int intraOp =
                switch (model) {
                    case BGE_SMALL_INT8 -> 1;
                    case BGE_SMALL_FP32 -> Math.min(cores, 4);
                };
        int workers = Math.min(8, Math.max(1, cores / intraOp));
        return new EmbedSettings(
                Integer.getInteger("coderag.embed.workers", workers),
                Integer.getInteger("coderag.embed.intraOpThreads", intraOp),
                Integer.getInteger("coderag.embed.batchTokens", 512),
                Integer.getInteger("coderag.embed.maxBatch", 32),
                Integer.getInteger("coderag.embed.documentWindow", DjlEmbedder.DOCUMENT_WINDOW));
    }
}
