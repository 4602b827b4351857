package dev.coderag.ingest;

import dev.coderag.ingest.ProgressListener.IngestProgress;
import dev.coderag.store.Embedder;
import dev.coderag.store.RepoRecord;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.Chunk;
import java.time.Instant;

/**
 * The writing half of one repository's run, in one transaction that commits once: file hashes and chunks
 * with reused vectors first, then the {@link EmbedPhase embedded} chunks as their vectors arrive
 * ({@link IngestPhase#EMBED}), then deletes, the repo record and the commit ({@link IngestPhase#WRITE}).
 * Adds its times to the totals.
 */
final class RepoWriter {
    private final EmbedPhase embedPhase;
    private final ProgressListener progress;
    private final IngestTotals totals;

    RepoWriter(Embedder embedder, ProgressListener progress, IngestTotals totals) {
        this.embedPhase = new EmbedPhase(embedder, progress);
        this.progress = progress;
        this.totals = totals;
    }

    void write(RepoTarget repo, RepoPlanner.Planned planned, WriteTransaction tx) {
        String name = repo.name();
        Reconciler.Plan plan = planned.plan();
        EmbedWork embed = planned.embed();
        long t0 = System.nanoTime();
        plan.putFiles().forEach((path, hash) -> tx.putFile(name, path, hash));
        for (var e : embed.byHash().entrySet()) {
            float[] v = embed.reused().get(e.getKey());
            if (v != null) {
                for (Chunk c : e.getValue()) {
                    tx.insert(c, v);
                }
            }
        }
        totals.writeSeconds += IngestTotals.seconds(System.nanoTime() - t0);

        EmbedPhase.Timing timing = embedPhase.run(name, embed.toEmbed(), embed.texts(), (hashes, vectors) -> {
            for (int i = 0; i < hashes.size(); i++) {
                for (Chunk c : embed.byHash().get(hashes.get(i))) {
                    tx.insert(c, vectors.get(i));
                }
            }
        });
        // Inserts overlap embedding; count them as write and the rest of the phase as embed.
        totals.embedSeconds += timing.embedSeconds();
        totals.writeSeconds += timing.sinkSeconds();

        int total = embed.toEmbed().size();
        progress.onProgress(new IngestProgress(name, IngestPhase.WRITE, 0, 0, total, total));
        String recorded = repo.commit().orElse("");
        if (plan.isEmpty()
                && repo.stored()
                        .filter(r -> r.commit().equals(recorded) && r.source().equals(repo.source()))
                        .isPresent()) {
            return; // nothing changed: no commit (and no fsync); indexed_at stays the time the index last changed
        }
        long w1 = System.nanoTime();
        for (String id : plan.deleteChunkIds()) {
            tx.delete(id);
        }
        for (String path : plan.deleteFiles()) {
            tx.deleteFile(name, path);
        }
        tx.putRepo(new RepoRecord(name, repo.source(), recorded, Instant.now()));
        tx.commit();
        totals.writeSeconds += IngestTotals.seconds(System.nanoTime() - w1);
    }
}
