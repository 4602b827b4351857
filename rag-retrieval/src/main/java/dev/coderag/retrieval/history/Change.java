package dev.coderag.retrieval.history;

import dev.coderag.types.HunkRange;
import java.util.List;
import java.util.Objects;

/**
 * One commit's change of a file, as stored: the file's {@code -U0} hunk headers in order.
 *
 * @param commitKey what {@link LineHistory} answers for the lines this change wrote (a commit id, a store key)
 * @param path the file's path after the change
 * @param oldPath its path before, when the change renamed it, else ""
 * @param hunks the hunks in file order, their new sides in the numbering of the file after the change
 */
public record Change(String commitKey, String path, String oldPath, List<HunkRange> hunks) {
    public Change {
        Objects.requireNonNull(commitKey, "commitKey");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(oldPath, "oldPath");
        hunks = List.copyOf(hunks);
    }
}
