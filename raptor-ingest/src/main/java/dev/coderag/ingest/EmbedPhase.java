package dev.coderag.ingest;

import dev.coderag.embed.EmbedException;
import dev.coderag.embed.Embedder;
import dev.coderag.ingest.ProgressListener.IngestProgress;
import dev.coderag.store.StoreException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The {@link IngestPhase#EMBED} phase: embeds texts in windows on a feeder thread while the calling thread
 * hands the previous window's vectors to a sink (the store inserts), in window order, reporting progress after
 * each window.
 */
final class EmbedPhase {
    private static final int WINDOW = 128;
    /**
     * One window in flight: the embedder's own workers and intra-op threads already use every core, and a
     * second concurrent call oversubscribes them (two 2-thread inferences on 2 cores embedded ecf's longest
     * texts at ~2.3 chunks/s against 4.7 for one call, docs/BENCHMARKS.md).
     */
    private static final int IN_FLIGHT = 1;

    /** Receives one window's keys and their vectors, in the same order, on the calling thread. */
    @FunctionalInterface
    interface Sink {
        void accept(List<String> keys, List<float[]> vectors);
    }

    /**
     * @param embedSeconds time spent waiting for the embedder (the phase minus the sink)
     * @param sinkSeconds time spent in the sink
     */
    record Timing(double embedSeconds, double sinkSeconds) {}

    private final Embedder embedder;
    private final ProgressListener progress;

    EmbedPhase(Embedder embedder, ProgressListener progress) {
        this.embedder = embedder;
        this.progress = progress;
    }

    /**
     * Embeds {@code texts.get(key)} for every key, in order, and passes the vectors to {@code sink}, reporting
     * progress as {@code doneBefore + embedded so far} of {@code total} (a repository's run embeds in several
     * batches).
     *
     * @throws IngestException IO when the embedder fails, returns the wrong number of vectors, or the thread
     *     is interrupted; a {@link StoreException} from the sink passes through
     */
    Timing run(String repo, List<String> keys, Map<String, String> texts, int doneBefore, int total, Sink sink) {
        int count = keys.size();
        List<List<String>> windows = new ArrayList<>();
        for (int from = 0; from < count; from += WINDOW) {
            windows.add(keys.subList(from, Math.min(count, from + WINDOW)));
        }
        ExecutorService feeders = Executors.newFixedThreadPool(IN_FLIGHT, r -> {
            Thread t = new Thread(r, "ingest-embed");
            t.setDaemon(true);
            return t;
        });
        try {
            long e0 = System.nanoTime();
            ArrayDeque<Future<List<float[]>>> inFlight = new ArrayDeque<>();
            int submitted = 0;
            int done = doneBefore;
            double sinkSeconds = 0;
            for (List<String> window : windows) {
                submitted = submitWindows(windows, submitted, texts, inFlight, feeders);
                List<float[]> embedded = awaitVectors(inFlight.removeFirst(), repo);
                // the next window embeds while this one goes to the sink
                submitted = submitWindows(windows, submitted, texts, inFlight, feeders);
                if (embedded.size() != window.size()) {
                    throw new IngestException(
                            IngestException.Reason.IO,
                            "the embedder returned " + embedded.size() + " vectors for " + window.size() + " texts");
                }
                long w0 = System.nanoTime();
                sink.accept(window, embedded);
                sinkSeconds += IngestTotals.seconds(System.nanoTime() - w0);
                done += window.size();
                progress.onProgress(new IngestProgress(repo, IngestPhase.EMBED, 0, 0, done, total));
            }
            return new Timing(IngestTotals.seconds(System.nanoTime() - e0) - sinkSeconds, sinkSeconds);
        } finally {
            feeders.shutdownNow();
        }
    }

    /** Submits windows until {@link #IN_FLIGHT} are in flight; returns the next window to submit. */
    private int submitWindows(
            List<List<String>> windows,
            int submitted,
            Map<String, String> texts,
            ArrayDeque<Future<List<float[]>>> inFlight,
            ExecutorService feeders) {
        int next = submitted;
        while (next < windows.size() && inFlight.size() < IN_FLIGHT) {
            List<String> batch = new ArrayList<>();
            for (String key : windows.get(next++)) {
                batch.add(texts.get(key));
            }
            inFlight.add(feeders.submit(() -> embedder.embedDocuments(batch)));
        }
        return next;
    }

    private static List<float[]> awaitVectors(Future<List<float[]>> f, String repo) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IngestException(IngestException.Reason.IO, "ingest of " + repo + " interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof StoreException se) {
                throw se;
            }
            if (e.getCause() instanceof EmbedException ee) {
                throw ee;
            }
            throw new IngestException(IngestException.Reason.IO, "embedding failed: " + e.getCause(), e.getCause());
        }
    }
}
