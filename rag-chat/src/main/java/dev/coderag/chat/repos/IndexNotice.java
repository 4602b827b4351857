package dev.coderag.chat.repos;

import java.util.Locale;

/** The sentence an answer carries while its repository is being indexed, from the running ingest's progress. */
final class IndexNotice {
    private IndexNotice() {}

    /**
     * Whether answers must say the index is being built: always for a repository without a complete index;
     * for a re-index of a complete one only once it writes (until then — queued, or reading files, which is all
     * a run with nothing to change does — every committed source is still there).
     *
     * @param wasComplete the store held a complete index of the repository when its ingest was queued
     * @param p the ingest's progress; null while it is queued
     */
    static boolean needed(boolean wasComplete, RepoStatus.Progress p) {
        return !wasComplete || (p != null && p.phase().writes());
    }

    /**
     * @param p the ingest's progress; null while it is queued
     * @return "The index of NAME is still being built (how far): answers may miss sources."
     */
    static String of(String name, RepoStatus.Progress p) {
        String how;
        if (p == null) {
            how = "queued";
        } else {
            how = switch (p.phase()) {
                case SCAN -> "starting";
                case PARSE -> String.format(Locale.ROOT, "reading files: %,d of %,d", p.filesDone(), p.filesTotal());
                case EMBED -> String.format(Locale.ROOT, "%,d of %,d chunks embedded", p.chunksDone(), p.chunksTotal());
                case WRITE, DONE -> "finishing";
                case RESOLVE ->
                    String.format(Locale.ROOT, "resolving references: %,d of %,d files", p.filesDone(), p.filesTotal());
            };
        }
        return "The index of " + name + " is still being built (" + how + "): answers may miss sources.";
    }
}
