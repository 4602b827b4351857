package dev.coderag.embed;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/** Waiting for the batches an embedder spread over its worker threads. Stateless. */
final class Workers {
    private Workers() {}

    /**
     * Waits for every future; rethrows the first failure (an {@link EmbedException} for a checked one), and on an
     * interrupt cancels the rest and fails with {@link EmbedException.Reason#STOPPED}.
     */
    static void awaitAll(List<Future<?>> pending) {
        RuntimeException failure = null;
        for (Future<?> f : pending) {
            try {
                f.get();
            } catch (ExecutionException e) {
                if (failure == null) {
                    failure = e.getCause() instanceof RuntimeException re
                            ? re
                            : new EmbedException(
                                    EmbedException.Reason.RUN, "embedding failed: " + e.getCause(), e.getCause());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                pending.forEach(p -> p.cancel(true));
                throw new EmbedException(EmbedException.Reason.STOPPED, "interrupted while embedding", e);
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
