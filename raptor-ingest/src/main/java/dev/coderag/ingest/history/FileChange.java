package dev.coderag.ingest.history;

import dev.coderag.types.HunkRange;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One file's change in one commit.
 *
 * @param path the path after the commit; the old path for a deletion
 * @param oldPath the path before the commit when it was renamed, else ""
 * @param headPath the path this file has at the newest commit of the read, following renames newest-first; "" when
 *     the file is gone there (deleted, or replaced by another file of the same name). Paths are the repository's
 *     own (decoded from git's quoting), not cleaned: they name files
 * @param status how the file changed
 * @param hunks the {@code -U0} hunk headers in order, at most {@link HistoryBounds#maxHunksPerFile()}; kept for
 *     every omission but {@link Omission#BINARY} (a blame-like walk needs them)
 * @param hunksCut whether there were more hunks than {@code hunks} holds
 * @param diff the hunk text (headers and {@code +}/{@code -} lines), whole lines up to
 *     {@link HistoryBounds#maxDiffChars()}, then {@link #CUT_MARKER} and how many lines were left out; cleaned
 *     like {@link CommitInfo}; "" when {@code omitted} is set
 * @param linesAdded lines added, counted over the whole diff
 * @param linesDeleted lines deleted, counted over the whole diff
 * @param omitted why the diff text was not kept, or {@link Omission#NONE}
 * @param touchedNames names of definitions the current snapshot has in {@code headPath} that occur as whole words
 *     in the added or removed lines (the whole diff, not the kept text)
 * @param introducedNames of those, the ones in added lines and in no removed line
 */
public record FileChange(
        String path,
        String oldPath,
        String headPath,
        Status status,
        List<HunkRange> hunks,
        boolean hunksCut,
        String diff,
        int linesAdded,
        int linesDeleted,
        Omission omitted,
        Set<String> touchedNames,
        Set<String> introducedNames) {

    /** Starts the line that ends a cut {@link #diff()}: {@code "… 123 more lines"}. */
    public static final String CUT_MARKER = "…";

    public enum Status {
        ADDED,
        MODIFIED,
        DELETED,
        RENAMED
    }

    /** Why a file's diff text is summarised instead of stored. */
    public enum Omission {
        NONE,
        /** git calls it binary (NUL bytes, or a {@code -diff} attribute). */
        BINARY,
        /** Under a directory the ingest never walks (vendor, node_modules…: {@code ExcludedDirs}). */
        VENDORED,
        /** Long lines hold most of the added text, as the ingest's minified rule says of a file. */
        MINIFIED,
        /** A lock file or generated source by its name ({@code generated-files.txt}). */
        GENERATED,
        /** More than {@link HistoryBounds#hugeDiffBytes()} or {@link HistoryBounds#hugeDiffLines()}. */
        HUGE
    }

    public FileChange {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(oldPath, "oldPath");
        Objects.requireNonNull(headPath, "headPath");
        Objects.requireNonNull(status, "status");
        hunks = List.copyOf(hunks);
        Objects.requireNonNull(diff, "diff");
        Objects.requireNonNull(omitted, "omitted");
        touchedNames = Set.copyOf(touchedNames);
        introducedNames = Set.copyOf(introducedNames);
    }
}
