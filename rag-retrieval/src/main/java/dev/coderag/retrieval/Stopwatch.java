package dev.coderag.retrieval;

import java.util.LinkedHashMap;
import java.util.Map;

/** Lap timer for per-stage timings in traces. Not thread-safe; one per request. */
public final class Stopwatch {
    private final long start = System.nanoTime();
    private long last = start;
    private final Map<String, Double> laps = new LinkedHashMap<>();

    /** Records the time since the previous lap under {@code stage} (adding when the stage repeats). */
    public void lap(String stage) {
        long now = System.nanoTime();
        laps.merge(stage, (now - last) / 1e6, Double::sum);
        last = now;
    }

    /** Records a stage measured elsewhere (e.g. inside concurrent tasks), without moving the lap mark. */
    public void add(String stage, double ms) {
        laps.merge(stage, ms, Double::sum);
    }

    public double totalMs() {
        return (System.nanoTime() - start) / 1e6;
    }

    public Map<String, Double> laps() {
        Map<String, Double> rounded = new LinkedHashMap<>();
        laps.forEach((k, v) -> rounded.put(k, Math.round(v * 100) / 100.0));
        return rounded;
    }
}
