package dev.coderag.chat.repos;

import java.util.Locale;

/** The sentence an answer carries while its repository is being indexed, from the running ingest's progress. */
final class IndexNotice {
    private IndexNotice() {}

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
                case "parse" -> String.format(Locale.ROOT, "reading files: %,d of %,d", p.filesDone(), p.filesTotal());
                case "embed" ->
                    String.format(Locale.ROOT, "%,d of %,d chunks embedded", p.chunksDone(), p.chunksTotal());
                case "write", "done" -> "finishing";
                default -> "starting";
            };
        }
        return "The index of " + name + " is still being built (" + how + "): answers may miss sources.";
    }
}
