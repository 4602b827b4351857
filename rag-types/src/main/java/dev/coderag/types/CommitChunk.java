package dev.coderag.types;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What one commit changed in one file: the commit (sha, author, date, message) with that file's {@code -U0} diff
 * hunks. The history's unit of evidence (docs/STORE.md, "History"): a commit that changed five files is five
 * chunks, each found by its file, its diff and the message they share.
 *
 * <p>A commit chunk belongs to no file of the snapshot: {@link #path()} is the file as the commit left it, but
 * deleting or re-indexing that file does not touch its history; only a rewritten history or removing the
 * repository does. Its line range is the commit's own numbering of the file (the hunks' new side, or the old side
 * for a deletion), not the snapshot's: a blame-like walk over the hunks maps it forward.
 *
 * @param oldPath the file's path before the commit when it was renamed, else ""
 * @param sha the commit's full hex id
 * @param author the author's name (no e-mail address is kept)
 * @param time the author date, in seconds since the epoch (UTC)
 * @param subject the message's first line
 * @param body the rest of the message, capped at ingest
 * @param change what the commit did to the file
 * @param hunks every hunk header of the file's diff (capped at ingest), newest numbering on the new side
 * @param diff the hunks' changed lines ({@code -U0}), capped at ingest; "" when {@code omitted} is not empty
 * @param omitted why the diff text is not kept (binary, vendored, minified, generated, huge), or ""
 * @param touched names of definitions the snapshot has in this file that the changed lines mention
 * @param introduced those of {@code touched} that only added lines mention: what the commit likely introduced
 */
public record CommitChunk(
        String repo,
        String path,
        String oldPath,
        Language language,
        String sha,
        String author,
        long time,
        String subject,
        String body,
        Change change,
        List<HunkRange> hunks,
        String diff,
        int linesAdded,
        int linesDeleted,
        String omitted,
        List<String> touched,
        List<String> introduced,
        int startLine,
        int endLine,
        String modelId)
        implements Chunk {

    /** What a commit did to a file. */
    public enum Change {
        ADDED,
        MODIFIED,
        DELETED,
        RENAMED
    }

    public CommitChunk {
        Chunk.checkRange(repo, path, startLine, endLine);
        Objects.requireNonNull(language, "language");
        Objects.requireNonNull(change, "change");
        Objects.requireNonNull(modelId, "modelId");
        if (sha == null || !sha.matches("[0-9a-f]{40}|[0-9a-f]{64}")) {
            throw new IllegalArgumentException("bad commit id " + sha);
        }
        if (linesAdded < 0 || linesDeleted < 0) {
            throw new IllegalArgumentException("negative line counts in " + sha);
        }
        oldPath = Objects.requireNonNullElse(oldPath, "");
        author = Objects.requireNonNullElse(author, "");
        subject = Objects.requireNonNullElse(subject, "");
        body = Objects.requireNonNullElse(body, "");
        diff = Objects.requireNonNullElse(diff, "");
        omitted = Objects.requireNonNullElse(omitted, "");
        hunks = List.copyOf(hunks);
        touched = List.copyOf(touched);
        introduced = List.copyOf(introduced);
    }

    /** The author date. */
    public Instant date() {
        return Instant.ofEpochSecond(time);
    }

    /** The seven-character short id, as git prints it. */
    public String shortSha() {
        return sha.substring(0, 7);
    }

    /** The file's line range a commit's hunks span on their new side (old side for a deletion), at least line 1. */
    public static int[] span(List<HunkRange> hunks, Change change) {
        int start = Integer.MAX_VALUE;
        int end = 0;
        for (HunkRange h : hunks) {
            int from = change == Change.DELETED ? h.oldStart() : h.newStart();
            int count = change == Change.DELETED ? h.oldCount() : h.newCount();
            int first = Math.max(1, from);
            start = Math.min(start, first);
            end = Math.max(end, Math.max(first, from + count - 1));
        }
        return start == Integer.MAX_VALUE ? new int[] {1, 1} : new int[] {start, end};
    }
}
