package dev.coderag.ingest;

/**
 * Where a plan stands among its repository's slices ({@link RepoPlanner#planSlice}).
 *
 * @param sliced the repository is written in slices: each slice's files are completed at the static tier (as
 *     by {@code --vectors static}) and its gone files deleted with it, and after the last slice a full-tier run
 *     moves every static-tier chunk to the full tier ({@link TierUpgrade}) — so every slice is searchable as
 *     soon as it is written, and no slice waits for the model
 * @param last the repository is finished with this plan
 * @param later files of later slices (counted as pending in the repository's record)
 * @param changedBefore an earlier slice of this run wrote something
 */
record WriteSlice(boolean sliced, boolean last, int later, boolean changedBefore) {
    /** A repository written from one plan. */
    static final WriteSlice WHOLE = new WriteSlice(false, true, 0, false);
}
