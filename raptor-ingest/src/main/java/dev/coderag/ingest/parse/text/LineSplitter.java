package dev.coderag.ingest.parse.text;

import dev.coderag.ingest.parse.TokenCounter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Splits a run of lines into consecutive parts whose embedding text fits the token window. Parts break
 * only at line boundaries, prefer a blank line near the end of a full part, and hold at least one line
 * (a single over-long line stays whole). Pure.
 *
 * <p>Each part is the longest run from its first line whose text fits (when the count grows with the run, as a
 * tokenizer's does), found with few tokenizer calls on whole texts: the part's length is first estimated from
 * the token count of each line (a word-piece tokenizer splits at whitespace, so the lines' counts add up to
 * nearly the part's), then the estimate and its neighbour are counted exactly, and only a wrong estimate
 * falls back to a binary search. Each line is counted once per call; before this, every part cost a count of
 * the whole candidate run plus a binary search of counts of multi-kilobyte texts, and tokenizing was most of
 * the time spent parsing (redis: ~10 of 14 s).
 */
public final class LineSplitter {
    /** No tokenizer packs more than this many characters of code into one token (whitespace vanishes). */
    private static final int MAX_CHARS_PER_TOKEN = 16;

    /** Builds the embedding text of lines [from, to) as the part that starts at {@code from}. */
    @FunctionalInterface
    public interface PartText {
        String of(int from, int to);
    }

    private LineSplitter() {}

    /**
     * @param lines the lines to split
     * @param maxLines at most this many lines per part
     * @return [from, to) index pairs covering all lines in order
     */
    public static List<int[]> split(
            List<String> lines, int maxLines, int maxTokens, TokenCounter tokens, PartText text) {
        List<int[]> parts = new ArrayList<>();
        LineCounts lineCounts = new LineCounts(lines, tokens);
        int n = lines.size();
        int from = 0;
        while (from < n) {
            int hi = from + 1;
            long chars = lines.get(from).length();
            long charBudget = (long) maxTokens * MAX_CHARS_PER_TOKEN;
            while (hi < n && hi - from < maxLines && chars + lines.get(hi).length() + 1 <= charBudget) {
                chars += lines.get(hi).length() + 1;
                hi++;
            }
            int fits = longestFit(from, hi, maxTokens, tokens, text, lineCounts);
            int to = fits == hi ? hi : preferBlankLine(lines, from, fits);
            parts.add(new int[] {from, to});
            from = to;
        }
        return parts;
    }

    /**
     * The largest {@code m} in [from + 1, hi] whose part [from, m) fits, or {@code from + 1} when none does.
     * Invariant of the search: part [from, good) fits (or good is from + 1), part [from, bad) does not (or bad
     * is hi + 1).
     */
    private static int longestFit(
            int from, int hi, int maxTokens, TokenCounter tokens, PartText text, LineCounts lineCounts) {
        int first = tokens.count(text.of(from, from + 1));
        if (first > maxTokens || hi == from + 1) {
            return from + 1;
        }
        // The first part's count covers its header; every further line adds about its own count.
        long estimate = first;
        int guess = from + 1;
        while (guess < hi && estimate + lineCounts.of(guess) <= maxTokens) {
            estimate += lineCounts.of(guess);
            guess++;
        }
        int good = from + 1;
        int bad = hi + 1;
        if (guess > good) {
            if (fits(from, guess, maxTokens, tokens, text)) {
                good = guess;
            } else {
                bad = guess;
            }
        }
        // A right estimate is confirmed by its neighbour: the next line no longer fits.
        int neighbour = good == guess ? guess + 1 : guess - 1;
        if (neighbour > good && neighbour < bad && neighbour <= hi) {
            if (fits(from, neighbour, maxTokens, tokens, text)) {
                good = neighbour;
            } else {
                bad = neighbour;
            }
        }
        while (bad - good > 1) {
            int mid = (good + bad) >>> 1;
            if (fits(from, mid, maxTokens, tokens, text)) {
                good = mid;
            } else {
                bad = mid;
            }
        }
        return good;
    }

    private static boolean fits(int from, int to, int maxTokens, TokenCounter tokens, PartText text) {
        return tokens.count(text.of(from, to)) <= maxTokens;
    }

    /** Each line's token count, counted on first use (blank lines count nothing). */
    private static final class LineCounts {
        private final List<String> lines;
        private final TokenCounter tokens;
        private final int[] counts;

        LineCounts(List<String> lines, TokenCounter tokens) {
            this.lines = lines;
            this.tokens = tokens;
            this.counts = new int[lines.size()];
            Arrays.fill(counts, -1);
        }

        int of(int line) {
            if (counts[line] < 0) {
                String text = lines.get(line);
                counts[line] = text.isBlank() ? 0 : tokens.count(text);
            }
            return counts[line];
        }
    }

    /** Moves the cut back to just after a blank line in the last third of the part, if there is one. */
    private static int preferBlankLine(List<String> lines, int from, int to) {
        int limit = from + Math.max(1, (to - from) * 2 / 3);
        for (int i = to - 1; i >= limit; i--) {
            if (lines.get(i).isBlank()) {
                return i + 1;
            }
        }
        return to;
    }
}
