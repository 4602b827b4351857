package dev.coderag.chat;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters and latency histograms rendered in the Prometheus text format (0.0.4). Thread-safe and lock-free
 * on the recording path. Label values are escaped.
 */
public final class Metrics {
    /** Histogram bucket upper bounds in seconds: 1 ms … 60 s. */
    static final double[] BUCKETS = {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60};

    /** The Prometheus metric types this class writes; {@link #id()} is the word on the {@code # TYPE} line. */
    private enum Type {
        COUNTER,
        HISTOGRAM;

        String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private record Family(String name, String help, Type type) {}

    private static final class Histogram {
        final AtomicLongArray counts = new AtomicLongArray(BUCKETS.length);
        final LongAdder count = new LongAdder();
        final DoubleAdder sum = new DoubleAdder();

        public void observe(double seconds) {
            for (int i = 0; i < BUCKETS.length; i++) {
                if (seconds <= BUCKETS[i]) {
                    counts.incrementAndGet(i);
                    break;
                }
            }
            count.increment();
            sum.add(seconds);
        }
    }

    private final Map<String, Family> families = new ConcurrentHashMap<>();
    private final Map<String, Map<String, LongAdder>> counters = new ConcurrentHashMap<>();
    private final Map<String, Map<String, Histogram>> histograms = new ConcurrentHashMap<>();

    /** Adds one to counter {@code name} with the given label pairs ({@code "route", "/api/chat", …}). */
    public void increment(String name, String help, String... labels) {
        families.putIfAbsent(name, new Family(name, help, Type.COUNTER));
        counters.computeIfAbsent(name, n -> new ConcurrentHashMap<>())
                .computeIfAbsent(labels(labels), l -> new LongAdder())
                .increment();
    }

    public void observe(String name, String help, double seconds, String... labels) {
        families.putIfAbsent(name, new Family(name, help, Type.HISTOGRAM));
        histograms
                .computeIfAbsent(name, n -> new ConcurrentHashMap<>())
                .computeIfAbsent(labels(labels), l -> new Histogram())
                .observe(seconds);
    }

    /** The Prometheus exposition text; families sorted by name, series by labels. */
    public String render() {
        StringBuilder sb = new StringBuilder(4096);
        for (Family f : new TreeMap<>(families).values()) {
            sb.append("# HELP ").append(f.name()).append(' ').append(f.help()).append('\n');
            sb.append("# TYPE ")
                    .append(f.name())
                    .append(' ')
                    .append(f.type().id())
                    .append('\n');
            switch (f.type()) {
                case COUNTER ->
                    new TreeMap<>(counters.getOrDefault(f.name(), Map.of())).forEach((labels, v) -> sb.append(f.name())
                            .append(braces(labels))
                            .append(' ')
                            .append(v.sum())
                            .append('\n'));
                case HISTOGRAM ->
                    new TreeMap<>(histograms.getOrDefault(f.name(), Map.of()))
                            .forEach((labels, h) -> renderHistogram(sb, f.name(), labels, h));
            }
        }
        return sb.toString();
    }

    private static void renderHistogram(StringBuilder sb, String name, String labels, Histogram h) {
        long cumulative = 0;
        for (int i = 0; i < BUCKETS.length; i++) {
            cumulative += h.counts.get(i);
            sb.append(name)
                    .append("_bucket")
                    .append(braces(join(labels, "le=\"" + BUCKETS[i] + "\"")))
                    .append(' ')
                    .append(cumulative)
                    .append('\n');
        }
        long count = h.count.sum();
        sb.append(name)
                .append("_bucket")
                .append(braces(join(labels, "le=\"+Inf\"")))
                .append(' ')
                .append(count)
                .append('\n');
        sb.append(name)
                .append("_sum")
                .append(braces(labels))
                .append(' ')
                .append(h.sum.sum())
                .append('\n');
        sb.append(name)
                .append("_count")
                .append(braces(labels))
                .append(' ')
                .append(count)
                .append('\n');
    }

    private static String labels(String... pairs) {
        if (pairs.length % 2 != 0) {
            throw new IllegalArgumentException("labels come in name/value pairs");
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < pairs.length; i += 2) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(pairs[i]).append("=\"").append(escape(pairs[i + 1])).append('"');
        }
        return sb.toString();
    }

    private static String join(String labels, String extra) {
        return labels.isEmpty() ? extra : labels + "," + extra;
    }

    private static String braces(String labels) {
        return labels.isEmpty() ? "" : "{" + labels + "}";
    }

    private static String escape(String v) {
        return v.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
