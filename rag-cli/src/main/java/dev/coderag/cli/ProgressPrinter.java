package dev.coderag.cli;

import dev.coderag.ingest.IngestPhase;
import dev.coderag.ingest.ProgressListener;
import dev.coderag.ingest.ProgressListener.IngestProgress;
import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Renders ingest progress: a one-line bar redrawn in place on a terminal, or plain lines every few seconds
 * (and at each phase change) otherwise. Rates are per phase: files/s while parsing, chunks/s while
 * embedding, with an ETA from the current rate. Called on the ingesting thread only.
 */
final class ProgressPrinter implements ProgressListener {
    private static final long BAR_INTERVAL_NANOS = 200_000_000L;
    private static final long LINE_INTERVAL_NANOS = 5_000_000_000L;
    private static final int BAR_WIDTH = 24;

    private final PrintStream err;
    private final boolean terminal;
    private final LongSupplier clock;
    private String phaseKey = "";
    private long phaseStart;
    private long lastPrint;
    private boolean barShown;

    ProgressPrinter(PrintStream err, boolean terminal, LongSupplier nanoClock) {
        this.err = err;
        this.terminal = terminal;
        this.clock = nanoClock;
    }

    @Override
    public void onProgress(IngestProgress p) {
        long now = clock.getAsLong();
        String key = p.repo() + "/" + p.phase();
        boolean newPhase = !key.equals(phaseKey);
        if (newPhase) {
            phaseKey = key;
            phaseStart = now;
        }
        if (p.phase() == IngestPhase.DONE) {
            finishBar();
            return;
        }
        long interval = terminal ? BAR_INTERVAL_NANOS : LINE_INTERVAL_NANOS;
        boolean complete = p.phase() == IngestPhase.PARSE || p.phase() == IngestPhase.RESOLVE
                ? p.filesTotal() > 0 && p.filesDone() == p.filesTotal()
                : p.chunksTotal() > 0 && p.chunksDone() == p.chunksTotal();
        if (!newPhase && !complete && now - lastPrint < interval) {
            return;
        }
        if (!terminal && !newPhase && !complete && now - phaseStart < LINE_INTERVAL_NANOS) {
            return;
        }
        lastPrint = now;
        String line = describe(p, (now - phaseStart) / 1e9);
        if (terminal) {
            err.print("\r\033[2K" + line);
            err.flush();
            barShown = true;
        } else {
            err.println(line);
        }
    }

    /** Ends a bar line so that what follows starts on a fresh line. */
    void finishBar() {
        if (barShown) {
            err.println();
            barShown = false;
        }
    }

    static String describe(IngestProgress p, double elapsed) {
        return switch (p.phase()) {
            case SCAN -> p.repo() + ": scanning";
            case PARSE -> {
                double rate = elapsed > 0 ? p.filesDone() / elapsed : 0;
                yield String.format(
                        Locale.ROOT,
                        "%s: parse %s %d/%d files, %.0f files/s, %d chunks%s",
                        p.repo(),
                        bar(p.filesDone(), p.filesTotal()),
                        p.filesDone(),
                        p.filesTotal(),
                        rate,
                        p.chunksDone(),
                        eta(p.filesTotal() - p.filesDone(), rate));
            }
            case EMBED -> {
                double rate = elapsed > 0 ? p.chunksDone() / elapsed : 0;
                yield String.format(
                        Locale.ROOT,
                        "%s: embed %s %d/%d chunks, %.1f chunks/s%s",
                        p.repo(),
                        bar(p.chunksDone(), p.chunksTotal()),
                        p.chunksDone(),
                        p.chunksTotal(),
                        rate,
                        eta(p.chunksTotal() - p.chunksDone(), rate));
            }
            case WRITE -> p.repo() + ": writing";
            case RESOLVE ->
                String.format(
                        Locale.ROOT,
                        "%s: resolve %s %d/%d files (references, by the compiler)",
                        p.repo(),
                        bar(p.filesDone(), p.filesTotal()),
                        p.filesDone(),
                        p.filesTotal());
            case DONE -> p.repo() + ": " + p.phase().wireName();
        };
    }

    private static String bar(int done, int total) {
        int filled = total <= 0 ? 0 : (int) ((long) BAR_WIDTH * Math.min(done, total) / total);
        int percent = total <= 0 ? 0 : (int) (100L * Math.min(done, total) / total);
        return "[" + "#".repeat(filled) + ".".repeat(BAR_WIDTH - filled) + "] " + percent + "%";
    }

    private static String eta(int remaining, double rate) {
        if (remaining <= 0 || rate <= 0) {
            return "";
        }
        long s = Math.round(remaining / rate);
        return s >= 3600
                ? String.format(Locale.ROOT, ", ETA %dh%02dm", s / 3600, (s % 3600) / 60)
                : String.format(Locale.ROOT, ", ETA %dm%02ds", s / 60, s % 60);
    }
}
