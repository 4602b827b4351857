package dev.coderag.ingest.history;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What became of each path by the newest commit of a read, kept while reading newest-first: a path no newer commit
 * renamed, deleted or added is its own name at HEAD; one renamed later has the name it was renamed to (followed);
 * one deleted, or added later (so an older file of that name is another, gone file), has "". Only paths that are
 * not their own name are held, at most a bound. A commit's changes apply together when it ends, so that one commit
 * renaming {@code a}→{@code b} and adding a new {@code a} (or swapping two names) reads right.
 */
final class PathFates {
    private final int limit;
    private final Map<String, String> fates = new HashMap<>();
    private final List<FileChange> pending = new ArrayList<>();

    PathFates(int limit) {
        this.limit = limit;
    }

    /** The name {@code path}, as it is just after the commit being read, has at HEAD; "" when gone there. */
    String head(String path) {
        return fates.getOrDefault(path, path);
    }

    /**
     * Notes a change of the commit being read.
     *
     * @return false when the held paths would pass the bound
     */
    boolean note(FileChange change) {
        if (change.status() == FileChange.Status.MODIFIED) {
            return true;
        }
        pending.add(change);
        return fates.size() + 2L * pending.size() <= limit;
    }

    /** Applies the commit's changes: what the older commits see. */
    void endCommit() {
        for (FileChange c : pending) {
            set(c.path(), ""); // before an add or a rename the name was free; after a delete it is gone
        }
        for (FileChange c : pending) {
            if (c.status() == FileChange.Status.RENAMED) {
                set(c.oldPath(), c.headPath());
            }
        }
        pending.clear();
    }

    int size() {
        return fates.size();
    }

    private void set(String path, String head) {
        if (head.equals(path)) {
            fates.remove(path);
        } else {
            fates.put(path, head);
        }
    }
}
