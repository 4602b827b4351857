package dev.coderag.ingest;

import dev.coderag.ingest.history.GitRunner;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Where a git process's output goes, in bounded memory whatever git prints: a hostile repository or server can
 * make git print without end (ten million file names), and the old capture buffered all of it. Not
 * thread-safe: one reader thread feeds it, the caller reads it after that thread ended.
 */
sealed interface Output {
    /**
     * Takes the next {@code n} bytes of {@code buffer}.
     *
     * @return false when git should be stopped (nothing more is wanted)
     */
    boolean accept(byte[] buffer, int n);

    /** Keeps the last {@code limit} bytes: git prints its error last. */
    final class Tail implements Output {
        private final int limit;
        /** Grows up to twice the limit, then the newest bytes are moved to its start. */
        private byte[] kept = new byte[0];

        private int size;
        private long total;

        Tail(int limit) {
            if (limit <= 0) {
                throw new IllegalArgumentException("limit must be positive: " + limit);
            }
            this.limit = limit;
        }

        @Override
        public boolean accept(byte[] buffer, int n) {
            total += n;
            int off = Math.max(0, n - limit);
            int len = n - off;
            if (size + len > kept.length && kept.length < 2 * limit) {
                kept = Arrays.copyOf(kept, Math.min(2 * limit, Math.max(2 * kept.length, size + len)));
            }
            if (size + len > kept.length) {
                int keep = Math.min(size, limit - len);
                System.arraycopy(kept, size - keep, kept, 0, keep);
                size = keep;
            }
            System.arraycopy(buffer, off, kept, size, len);
            size += len;
            return true;
        }

        /** Whether git printed more than was kept. */
        boolean truncated() {
            return total > limit;
        }

        /** The kept bytes as text (a character cut at the start shows as U+FFFD). */
        String text() {
            int from = Math.max(0, size - limit);
            return new String(kept, from, size - from, StandardCharsets.UTF_8);
        }
    }

    /** Counts NUL-terminated entries; wants no more once there are more than {@code cap}. */
    final class Count implements Output {
        private final long cap;
        private long entries;

        Count(long cap) {
            this.cap = cap;
        }

        @Override
        public boolean accept(byte[] buffer, int n) {
            for (int i = 0; i < n; i++) {
                if (buffer[i] == 0 && ++entries > cap) {
                    return false;
                }
            }
            return true;
        }

        long entries() {
            return entries;
        }

        boolean over() {
            return entries > cap;
        }
    }

    /**
     * Hands every byte to a consumer outside this package ({@link GitRunner.Sink}, the history reader's parser),
     * which holds what it keeps in its own bounds. Whatever it throws stops git instead of killing the reader
     * thread (which would leave git blocked on a full pipe until its time limit); {@link #failure()} has it.
     */
    final class Forward implements Output {
        private final GitRunner.Sink sink;
        private RuntimeException failure;

        Forward(GitRunner.Sink sink) {
            this.sink = sink;
        }

        @Override
        public boolean accept(byte[] buffer, int n) {
            try {
                return sink.accept(buffer, n);
            } catch (RuntimeException e) {
                failure = e;
                return false;
            }
        }

        RuntimeException failure() {
            return failure;
        }
    }
}
