package dev.coderag.retrieval;

import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs the independent reads of one request concurrently, on virtual threads (they wait on the store, not the
 * CPU), and adds up per stage how long the timed ones took: concurrent tasks cannot lap the request's
 * {@link Stopwatch}, so their stages are added to it once they are joined. One instance per request;
 * thread-safe.
 */
final class SearchTasks {
    private static final ExecutorService THREADS = Executors.newVirtualThreadPerTaskExecutor();

    private final Map<String, Double> stageMs = new ConcurrentHashMap<>();

    <T> Future<T> submit(Callable<T> call) {
        return THREADS.submit(call);
    }

    /** Submits {@code call}, adding its duration to {@code stage}. */
    <T> Future<T> submitTimed(String stage, Callable<T> call) {
        return THREADS.submit(() -> {
            long t0 = System.nanoTime();
            try {
                return call.call();
            } finally {
                stageMs.merge(stage, (System.nanoTime() - t0) / 1e6, Double::sum);
            }
        });
    }

    /** The summed duration of the finished tasks of {@code stage}, 0 when none ran. */
    double ms(String stage) {
        return stageMs.getOrDefault(stage, 0.0);
    }

    /** The result of a task; its own unchecked exception (a StoreException) passes through. */
    static <T> T join(Future<T> future) {
        try {
            return future.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while searching", e);
        }
    }
}
