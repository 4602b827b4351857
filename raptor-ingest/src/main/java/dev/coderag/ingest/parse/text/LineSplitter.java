package dev.coderag.ingest.parse.text;

import dev.coderag.ingest.parse.TokenCounter;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a run of lines into consecutive parts whose embedding text fits the token window. Parts break
 * only at line boundaries, prefer a blank line near the end of a full part, and hold at least one line
 * (a single over-long line stays whole). Pure; the token counter is called O(log n) times per part on
 * texts no longer than a bounded number of characters.
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
     * @param lines the lines to split (only their lengths are read here)
     * @param maxLines at most this many lines per part
     * @return [from, to) index pairs covering all lines in order
     */
    public static List<int[]> split(
            List<String> lines, int maxLines, int maxTokens, TokenCounter tokens, PartText text) {
        List<int[]> parts = new ArrayList<>();
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
            int to;
            if (tokens.count(text.of(from, hi)) <= maxTokens) {
                to = hi;
            } else {
                int lo = from + 1;
                int top = hi - 1;
                while (lo < top) {
                    int mid = (lo + top + 1) >>> 1;
                    if (tokens.count(text.of(from, mid)) <= maxTokens) {
                        lo = mid;
                    } else {
                        top = mid - 1;
                    }
                }
                to = preferBlankLine(lines, from, lo);
            }
            parts.add(new int[] {from, to});
            from = to;
        }
        return parts;
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
