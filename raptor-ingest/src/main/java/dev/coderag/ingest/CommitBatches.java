package dev.coderag.ingest;

/**
 * How an ingest cuts a repository's files into commits: a batch takes whole files until it holds
 * {@link #next() texts to embed} enough for about {@code targetSeconds} of embedding at the rate measured so far
 * (the first batch is small, so the first commit lands within seconds), or {@code maxChunks} chunks to write.
 * A kill then costs at most one batch of embeddings, and readers see each committed file whole.
 *
 * <p>Tuning for tests and experiments (system properties): {@code coderag.ingest.batchSeconds} (default 20),
 * {@code coderag.ingest.firstBatch} (texts, default 64), {@code coderag.ingest.maxBatch} (texts, default 2048).
 * Not thread-safe: one per repository run.
 *
 * @param targetSeconds embedding time one batch aims at, &gt; 0
 * @param firstTexts texts to embed in the first batch, &ge; 1
 * @param maxTexts the most texts one batch embeds, &ge; firstTexts
 */
record CommitBatches(double targetSeconds, int firstTexts, int maxTexts) {
    /** Chunks one batch writes at most (files whose vectors are all reused embed nothing but still cost writes). */
    static final int MAX_CHUNKS = 20_000;

    CommitBatches {
        if (!(targetSeconds > 0) || firstTexts < 1 || maxTexts < firstTexts) {
            throw new IllegalArgumentException(
                    "bad batch settings: " + targetSeconds + " s, first " + firstTexts + ", max " + maxTexts);
        }
    }

    static CommitBatches fromSystemProperties() {
        return new CommitBatches(
                Double.parseDouble(System.getProperty("coderag.ingest.batchSeconds", "20")),
                Integer.getInteger("coderag.ingest.firstBatch", 64),
                Integer.getInteger("coderag.ingest.maxBatch", 2048));
    }

    /**
     * The texts the next batch should embed, given the rate measured so far.
     *
     * @param embedded texts embedded so far in this run
     * @param seconds embedding time so far in this run
     */
    int next(int embedded, double seconds) {
        if (embedded == 0 || seconds <= 0) {
            return firstTexts;
        }
        double rate = embedded / seconds;
        return (int) Math.max(firstTexts, Math.min(maxTexts, rate * targetSeconds));
    }
}
