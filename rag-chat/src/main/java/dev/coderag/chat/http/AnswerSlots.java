package dev.coderag.chat.http;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A bound on answers written at once (each holds a retrieval, a model call and maybe an LLM stream) and on the
 * questions waiting for one: a question waits a while for a free slot, and past the waiting room, or after the
 * wait, it is refused with 503 and {@code Retry-After} instead of queueing without limit. Thread-safe.
 */
final class AnswerSlots {
    static final long WAIT_SECONDS = 30;

    private final Semaphore running;
    private final Semaphore admitted;
    private final int capacity;

    /** At most {@code max} answers at once, and {@code 4 × max} more waiting. */
    AnswerSlots(int max) {
        this.running = new Semaphore(max, true);
        this.capacity = 5 * max;
        this.admitted = new Semaphore(capacity);
    }

    /** Questions running or waiting now; for tests and metrics. */
    int admitted() {
        return capacity - admitted.availablePermits();
    }

    /**
     * Runs {@code answer} in a free slot, waiting up to {@value #WAIT_SECONDS} s for one.
     *
     * @throws HttpRefusal BUSY when the waiting room is full or no slot freed in time
     */
    <T> T run(Supplier<T> answer) {
        if (!admitted.tryAcquire()) {
            throw busy();
        }
        try {
            if (!running.tryAcquire(WAIT_SECONDS, TimeUnit.SECONDS)) {
                throw busy();
            }
            try {
                return answer.get();
            } finally {
                running.release();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw busy();
        } finally {
            admitted.release();
        }
    }

    private static HttpRefusal busy() {
        return new HttpRefusal(HttpRefusal.Reason.BUSY, "too many questions at once; try again in a moment");
    }
}
