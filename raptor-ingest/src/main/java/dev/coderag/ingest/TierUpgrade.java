package dev.coderag.ingest;

import dev.coderag.store.Store;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.Chunk;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves a repository's static-tier chunks (an earlier {@code --vectors static} run's) to the full tier without
 * parsing their files: reads them from the store, embeds their texts with the model (reusing full vectors stored for
 * equal texts), inserts them again with the model's id and commits, {@link #BATCH} at a time. A stop request is
 * honoured between batches; what moved is committed. Not thread-safe; one per run.
 */
final class TierUpgrade {
    private static final Logger LOG = LoggerFactory.getLogger(TierUpgrade.class);

    /** Chunks moved per commit. */
    static final int BATCH = 256;

    /**
     * @param moved chunks moved to the full tier
     * @param embedded texts the model embedded for them (fewer when full vectors of equal texts were stored)
     * @param stopped a stop request ended it before the static tier was empty
     */
    record Result(int moved, int embedded, boolean stopped) {}

    private final Store store;
    private final String modelId;
    private final EmbedPhase embedPhase;
    private final IngestTotals totals;
    private final BooleanSupplier stop;

    /**
     * @param store the store {@code tx} writes, read for the static-tier chunks
     * @param modelId the store's model id, which the moved chunks carry
     */
    TierUpgrade(Store store, String modelId, EmbedPhase embedPhase, IngestTotals totals, BooleanSupplier stop) {
        this.store = store;
        this.modelId = modelId;
        this.embedPhase = embedPhase;
        this.totals = totals;
        this.stop = stop;
    }

    /**
     * @param total the repository's static-tier chunks when the run began (for progress)
     */
    Result run(String name, int total, WriteTransaction tx) {
        int moved = 0;
        int embedded = 0;
        List<String> previous = List.of();
        while (true) {
            List<String> ids = store.staticChunkIds(name, BATCH);
            if (ids.isEmpty() || ids.equals(previous)) {
                return new Result(moved, embedded, false); // done, or nothing moved last time (never loop on it)
            }
            if (stop.getAsBoolean()) {
                return new Result(moved, embedded, true);
            }
            previous = ids;
            List<Chunk> chunks = store.chunks().getAll(ids).stream()
                    .map(s -> s.chunk().withModelId(modelId))
                    .toList();
            Map<String, String> texts = new LinkedHashMap<>();
            chunks.forEach(c -> texts.putIfAbsent(c.contentHash(), c.embeddingText()));
            Map<String, float[]> found = new HashMap<>(store.vectors().byContentHash(texts.keySet()));
            List<String> keys =
                    texts.keySet().stream().filter(h -> !found.containsKey(h)).toList();
            long e0 = System.nanoTime();
            embedPhase.run(name, keys, texts, moved, Math.max(total, moved + chunks.size()), (hashes, vs) -> {
                for (int i = 0; i < hashes.size(); i++) {
                    found.put(hashes.get(i), vs.get(i));
                }
            });
            totals.embedSeconds += IngestTotals.seconds(System.nanoTime() - e0);
            embedded += keys.size();
            long w0 = System.nanoTime();
            for (Chunk c : chunks) {
                tx.insert(c, found.get(c.contentHash()));
            }
            tx.checkpoint();
            totals.writeSeconds += IngestTotals.seconds(System.nanoTime() - w0);
            moved += chunks.size();
            LOG.debug("{}: moved {} chunks to the full vector tier", name, moved);
        }
    }
}
