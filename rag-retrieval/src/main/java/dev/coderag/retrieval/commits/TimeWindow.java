package dev.coderag.retrieval.commits;

import java.time.Instant;
import java.util.Optional;

/**
 * The dates a question names, as a half-open range of author dates in seconds since the epoch (UTC):
 * {@code from <= time < to}. "In March 2024" is the month, "between 2023-01-01 and 2023-06-30" the first half of
 * 2023 (the last day included), "last month" the calendar month before the current one, "since 2024" from its
 * first day on.
 *
 * @param from the first second in the window ({@link Long#MIN_VALUE}: no lower bound)
 * @param to the first second after it ({@link Long#MAX_VALUE}: no upper bound)
 */
public record TimeWindow(long from, long to) {
    public TimeWindow {
        if (to <= from) {
            throw new IllegalArgumentException("empty time window " + from + ".." + to);
        }
    }

    /** Whether an author date (seconds since the epoch) is in the window. */
    public boolean contains(long time) {
        return time >= from && time < to;
    }

    /**
     * The window the dates of {@code question} span, relative dates ("last month") counted back from {@code now};
     * empty when it names none. One scan of its words: linear in its length.
     */
    public static Optional<TimeWindow> in(String question, Instant now) {
        return DateWords.window(question, now);
    }
}
