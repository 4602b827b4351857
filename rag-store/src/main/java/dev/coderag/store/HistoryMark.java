package dev.coderag.store;

import java.util.Objects;

/**
 * How far a repository's stored history ({@link dev.coderag.types.CommitChunk}s) reaches: what the next ingest
 * reads after ({@code head}) and what it read with ({@code maxCommits}), so a larger depth reads again.
 *
 * @param head the newest commit read (full hex id)
 * @param commits how many commits were read in all
 * @param maxCommits the most commits the runs that read them were allowed to read; 0 for no limit
 */
public record HistoryMark(String head, int commits, int maxCommits) {
    public HistoryMark {
        Objects.requireNonNull(head, "head");
        if (commits < 0 || maxCommits < 0) {
            throw new IllegalArgumentException("negative history counts");
        }
    }
}
