package dev.coderag.ingest.history;

/**
 * git's output cut into lines in bounded memory: of each line the first {@link #KEPT} bytes are kept and its full
 * length counted, so a 100 MB line costs 32 KiB. A line's bytes may also stream through a {@link WordScan} (the
 * names a diff line holds are found over the whole line, not the kept part). Called from one thread at a time;
 * {@link #close()} waits for a call in progress, so nothing reaches the parser after it.
 */
final class LineFeed implements GitRunner.Sink {
    /** The most bytes of one line kept for its parser (a quoted path of 4,096 bytes needs up to 16 KiB). */
    static final int KEPT = 32 * 1024;

    /** What takes the lines. */
    interface Lines {
        /** The scanner for the line that starts with {@code first}, or null: asked before its other bytes come. */
        WordScan scanFor(byte first);

        /**
         * One line without its newline: its first {@code keptLength} bytes in {@code kept} (reused after the call)
         * and its full {@code length}.
         *
         * @return false to stop: nothing more is wanted
         */
        boolean line(byte[] kept, int keptLength, long length);
    }

    /** Sees every byte of a line after its first, in order, then {@link #end()}. */
    interface WordScan {
        void feed(byte[] bytes, int from, int to);

        void end();
    }

    private final Lines lines;
    private final byte[] kept = new byte[KEPT];
    private int keptLength;
    private long length;
    private WordScan scan;
    private boolean stopped;
    private RuntimeException failure;

    LineFeed(Lines lines) {
        this.lines = lines;
    }

    /**
     * Takes git's next bytes. What the parser (or a callback it makes) throws stops git rather than escaping to git's
     * reader thread, where it would be lost; {@link #failure()} has it.
     */
    @Override
    public synchronized boolean accept(byte[] buffer, int n) {
        try {
            return take(buffer, n);
        } catch (RuntimeException e) {
            failure = e;
            stopped = true;
            return false;
        }
    }

    /** What the parser threw, or null. */
    synchronized RuntimeException failure() {
        return failure;
    }

    private boolean take(byte[] buffer, int n) {
        int i = 0;
        while (i < n && !stopped) {
            int nl = indexOf(buffer, i, n);
            take(buffer, i, nl < 0 ? n : nl);
            if (nl < 0) {
                break;
            }
            stopped = !endLine();
            i = nl + 1;
        }
        return !stopped;
    }

    /** The last line when git's output does not end with a newline; false when the parser wanted no more. */
    synchronized boolean finish() {
        if (!stopped && length > 0) {
            stopped = !endLine();
        }
        return !stopped;
    }

    /** Takes no more bytes; returns after a call in progress on another thread has ended. */
    synchronized void close() {
        stopped = true;
    }

    private void take(byte[] b, int from, int to) {
        if (from == to) {
            return;
        }
        if (length == 0) {
            scan = lines.scanFor(b[from]);
            if (scan != null) {
                scan.feed(b, from + 1, to);
            }
        } else if (scan != null) {
            scan.feed(b, from, to);
        }
        int copy = Math.min(to - from, KEPT - keptLength);
        if (copy > 0) {
            System.arraycopy(b, from, kept, keptLength, copy);
            keptLength += copy;
        }
        length += to - from;
    }

    private boolean endLine() {
        if (scan != null) {
            scan.end();
            scan = null;
        }
        boolean more = lines.line(kept, keptLength, length);
        keptLength = 0;
        length = 0;
        return more;
    }

    private static int indexOf(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
