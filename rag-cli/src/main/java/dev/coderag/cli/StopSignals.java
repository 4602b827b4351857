package dev.coderag.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * SIGINT and SIGTERM during an ingest: the first asks the ingest to stop at its next batch boundary (it commits
 * what it has and exits 130 or 143 with a one-line summary); a second one exits at once (the store keeps its
 * last commit either way). Closing restores the previous handlers, so {@code up} serves with the JVM's own
 * shutdown behaviour. {@code sun.misc.Signal} is the JDK's only signal API (module jdk.unsupported); where a
 * signal cannot be handled the JVM's default (exit, store at its last commit) stays.
 */
final class StopSignals implements AutoCloseable {
    private static final int SIGINT_EXIT = 130;
    private static final int SIGTERM_EXIT = 143;

    private final PrintStream err;
    private final AtomicInteger received = new AtomicInteger();
    private final List<Signal> signals = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();
    private volatile Runnable onStop = () -> {};

    private StopSignals(PrintStream err) {
        this.err = err;
    }

    static StopSignals install(PrintStream err) {
        StopSignals s = new StopSignals(err);
        for (String name : List.of("INT", "TERM")) {
            Signal signal = new Signal(name);
            try {
                s.previous.add(Signal.handle(signal, s::handle));
                s.signals.add(signal);
            } catch (IllegalArgumentException e) {
                // The JVM reserves this signal here (e.g. -Xrs): keep its default.
            }
        }
        return s;
    }

    /** What to run on the first signal (called on the signal's thread). */
    void onStop(Runnable action) {
        this.onStop = action;
    }

    /** 130 after SIGINT, 143 after SIGTERM; 1 when no signal came (the stop was requested otherwise). */
    int exitCode() {
        return switch (received.get()) {
            case 2 -> SIGINT_EXIT;
            case 15 -> SIGTERM_EXIT;
            default -> 1;
        };
    }

    private void handle(Signal signal) {
        if (!received.compareAndSet(0, signal.getNumber())) {
            Runtime.getRuntime().halt(signal.getNumber() == 15 ? SIGTERM_EXIT : SIGINT_EXIT);
        }
        err.println();
        err.println("stopping at the next batch boundary (committing what is embedded); press Ctrl-C again to quit"
                + " now");
        onStop.run();
    }

    @Override
    public void close() {
        for (int i = 0; i < signals.size(); i++) {
            Signal.handle(signals.get(i), previous.get(i));
        }
    }
}
