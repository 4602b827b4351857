package dev.coderag.ingest;

import dev.coderag.embed.Embedder;
import dev.coderag.store.FileEntry;
import dev.coderag.store.IndexState;
import dev.coderag.store.RepoRecord;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.Chunk;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The lexical pass of a {@link RepoWriter} run: every file's new chunks committed before the model embeds them — with
 * the full vectors already stored for their texts, else with their static-tier vector when there is a static
 * embedder, else without one — so that keyword, symbol, graph and (static) vector evidence answer within seconds.
 * Not thread-safe; one per run.
 */
final class LexicalPass {
    private static final Logger LOG = LoggerFactory.getLogger(LexicalPass.class);

    private final Optional<Embedder> staticEmbedder;
    private final IngestTotals totals;
    private final BooleanSupplier stop;

    LexicalPass(Optional<Embedder> staticEmbedder, IngestTotals totals, BooleanSupplier stop) {
        this.staticEmbedder = staticEmbedder;
        this.totals = totals;
        this.stop = stop;
    }

    /**
     * What the lexical pass wrote.
     *
     * @param done files whose chunks all had stored vectors: complete, real hash recorded
     * @param pending files written without some vectors, under a pending hash
     * @param stopped a stop request ended the pass (what it committed stays)
     */
    record Result(Set<String> done, Set<String> pending, boolean stopped) {}

    /**
     * Writes every file's new chunks, with the vectors already stored for their texts and static-tier ones (or none)
     * for the others, committing every {@link CommitBatches#MAX_CHUNKS} chunks and at the end, the repository {@link
     * IndexState#PARTIAL} with every file still waiting for vectors.
     *
     * @param staticOnly the run ends with this pass ({@code --vectors static}, or a slice of a large repository): a
     *     file is complete once its chunks have static vectors, and is recorded under its real hash
     * @param later files of the repository's later slices, counted as waiting in its record
     */
    Result write(
            RepoTarget repo,
            RepoPlanner.Planned planned,
            Map<String, List<Chunk>> insertsByPath,
            WriteTransaction tx,
            boolean staticOnly,
            int later) {
        EmbedWork embed = planned.embed();
        String name = repo.name();
        Reconciler.Plan plan = planned.plan();
        String storedCommit = repo.stored().map(r -> r.commit()).orElse("");
        Set<String> done = new LinkedHashSet<>();
        Set<String> pending = new HashSet<>();
        List<String> paths = new ArrayList<>(plan.putFiles().keySet());
        long w0 = System.nanoTime();
        int chunks = 0;
        for (int i = 0; i < paths.size(); i++) {
            String path = paths.get(i);
            for (String id : plan.deletesByPath().getOrDefault(path, List.of())) {
                tx.delete(id);
            }
            boolean complete = true;
            List<Chunk> fileChunks = insertsByPath.getOrDefault(path, List.of());
            Map<String, float[]> staticVectors = staticVectors(fileChunks, embed);
            for (Chunk c : fileChunks) {
                float[] vector = embed.reused().get(c.contentHash());
                complete &= vector != null;
                float[] first = staticVectors.get(c.contentHash());
                if (vector == null && first != null) {
                    tx.insert(c.withModelId(staticEmbedder.orElseThrow().modelId()), first);
                } else {
                    tx.insert(c, vector);
                }
                chunks++;
            }
            // a static-tier run is done with a file once its chunks have static vectors
            complete |= staticOnly;
            String hash = plan.putFiles().get(path);
            tx.putFile(name, path, complete ? hash : FileEntry.pendingHash(hash), plan.shared(path));
            (complete ? done : pending).add(path);
            if (chunks >= CommitBatches.MAX_CHUNKS || i == paths.size() - 1) {
                int waiting = paths.size() - done.size() + plan.deleteFiles().size() + later;
                tx.putRepo(new RepoRecord(
                        name, repo.source(), storedCommit, Instant.now(), IndexState.PARTIAL, waiting, repo.branch()));
                tx.checkpoint();
                chunks = 0;
                if (i < paths.size() - 1 && stop.getAsBoolean()) {
                    return new Result(done, pending, true);
                }
            }
        }
        LOG.debug("{}: committed the chunks of {} files before their vectors", name, paths.size());
        totals.writeSeconds += IngestTotals.seconds(System.nanoTime() - w0);
        return new Result(done, pending, false);
    }

    /** Static-tier vectors of the chunks without a stored full vector, by content hash; none without the tier. */
    private Map<String, float[]> staticVectors(List<Chunk> chunks, EmbedWork embed) {
        if (staticEmbedder.isEmpty()) {
            return Map.of();
        }
        Map<String, String> texts = new LinkedHashMap<>();
        for (Chunk c : chunks) {
            if (!embed.reused().containsKey(c.contentHash())) {
                texts.putIfAbsent(c.contentHash(), c.embeddingText());
            }
        }
        List<String> hashes = new ArrayList<>(texts.keySet());
        List<float[]> vectors = staticEmbedder.get().embedDocuments(new ArrayList<>(texts.values()));
        Map<String, float[]> out = new HashMap<>();
        for (int i = 0; i < hashes.size(); i++) {
            out.put(hashes.get(i), vectors.get(i));
        }
        return out;
    }
}
