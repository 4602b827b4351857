package dev.coderag.retrieval.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * git blame on stored hunk headers. Walking a file's changes newest to oldest, a line still unexplained that lies
 * inside a hunk's new side was written by that change; every other one is carried to its number in the version
 * before, through the hunks' offsets. Lines still unexplained when the chain ends are older than the stored history.
 * Like {@code git blame} without {@code -M}/{@code -C}: a line moved or copied is written by the commit that moved
 * it. Pure.
 *
 * <p>The chain is one file's changes, newest first, already following renames: the first change's new side is the
 * file as it is now ({@code lineCount} lines), and each change's old side is the next change's new side. Unexplained
 * lines are held as runs of consecutive lines, so a change costs its hunks plus the runs still open (at most one
 * more per hunk each change): {@code O(lines + hunks)} per change, nothing per line that no hunk touches.
 */
public final class LineHistory {
    private LineHistory() {}

    /**
     * For every line of the file now (index 0 is line 1), the key of the newest change in {@code chain} that wrote
     * it, or empty when none did.
     *
     * @throws IllegalArgumentException when {@code lineCount} is negative
     */
    public static List<Optional<String>> blame(List<Change> chain, int lineCount) {
        String[] keys = new String[checkCount(lineCount)];
        Runs.walk(chain, 1, lineCount, (change, line, count) -> {
            Arrays.fill(keys, line - 1, line - 1 + count, change.commitKey());
            return true;
        });
        List<Optional<String>> out = new ArrayList<>(lineCount);
        for (String k : keys) {
            out.add(Optional.ofNullable(k));
        }
        return out;
    }

    /**
     * The key of the newest change in {@code chain} that wrote any of the lines {@code from}..{@code to} (1-based,
     * inclusive; lines outside 1..{@code lineCount} are left out), or empty when none did. Stops at the first
     * change that wrote one of them.
     *
     * @throws IllegalArgumentException when {@code lineCount} is negative
     */
    public static Optional<String> lastChange(List<Change> chain, int lineCount, int from, int to) {
        checkCount(lineCount);
        int first = Math.max(1, from);
        int last = Math.min(lineCount, to);
        if (first > last) {
            return Optional.empty();
        }
        String[] found = new String[1];
        Runs.walk(chain, first, last, (change, line, count) -> {
            found[0] = change.commitKey();
            return false;
        });
        return Optional.ofNullable(found[0]);
    }

    private static int checkCount(int lineCount) {
        if (lineCount < 0) {
            throw new IllegalArgumentException("lineCount < 0: " + lineCount);
        }
        return lineCount;
    }
}
