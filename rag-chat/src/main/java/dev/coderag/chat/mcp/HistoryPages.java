package dev.coderag.chat.mcp;

import static dev.coderag.chat.mcp.PagedResults.ALL;

import dev.coderag.chat.mcp.HistoryResults.CommitFile;
import dev.coderag.chat.mcp.HistoryResults.CommitResult;
import dev.coderag.chat.mcp.HistoryResults.HistoryHit;
import dev.coderag.chat.mcp.HistoryResults.HistoryResult;
import java.util.List;

/**
 * The history tools' pages ({@link PagedResults}' ladders for {@code search_history} and {@code get_commit}) and
 * their text beside the structured content. A commit's identity — sha, date, author, the file and its change — is
 * never cut; diffs go first, then the message. Pure.
 */
final class HistoryPages {
    /** search_history's cuts, least first, as {diff lines, subject characters}. */
    private static final int[][] SEARCH = {{ALL, ALL}, {12, ALL}, {6, ALL}, {3, ALL}, {1, ALL}, {0, ALL}, {0, 80}};

    /** get_commit's cuts, least first, as {diff lines per file, body characters, hunk headers per file}. */
    private static final int[][] COMMIT = {
        {ALL, ALL, ALL},
        {200, ALL, ALL},
        {100, ALL, ALL},
        {50, ALL, ALL},
        {20, ALL, ALL},
        {10, ALL, ALL},
        {5, ALL, ALL},
        {0, ALL, ALL},
        {0, 500, ALL},
        {0, 500, 20},
        {0, 0, 0}
    };

    /** Diff lines of a hit the text shows at most (the structured content has up to 30). */
    static final int TEXT_DIFF_LINES = 8;

    private HistoryPages() {}

    static Pager.Cuttable<HistoryResult> search(HistoryResult full, int offset) {
        List<HistoryHit> hits = full.commits().subList(offset, full.commits().size());
        return PagedResults.of(
                hits.size(),
                SEARCH.length - 1,
                (count, level) -> {
                    PagedResults.Cuts cuts = new PagedResults.Cuts();
                    int[] step = SEARCH[level];
                    List<HistoryHit> out = hits.subList(0, count).stream()
                            .map(h -> new HistoryHit(
                                    h.rank(),
                                    h.repo(),
                                    h.sha(),
                                    h.shortSha(),
                                    h.date(),
                                    h.author(),
                                    cuts.chars(h.subject(), step[1], "subject"),
                                    h.path(),
                                    h.oldPath(),
                                    h.change(),
                                    h.linesAdded(),
                                    h.linesDeleted(),
                                    cuts.lines(h.diff(), step[0], "diff"),
                                    h.omitted(),
                                    h.score(),
                                    h.url()))
                            .toList();
                    return cuts.built(new HistoryResult(full.query(), out));
                },
                HistoryPages::searchText);
    }

    static Pager.Cuttable<CommitResult> commit(CommitResult full, int offset) {
        List<CommitFile> files = full.files().subList(offset, full.files().size());
        return PagedResults.of(
                files.size(),
                COMMIT.length - 1,
                (count, level) -> {
                    PagedResults.Cuts cuts = new PagedResults.Cuts();
                    int[] step = COMMIT[level];
                    List<CommitFile> out = files.subList(0, count).stream()
                            .map(f -> new CommitFile(
                                    f.path(),
                                    f.oldPath(),
                                    f.change(),
                                    f.language(),
                                    f.linesAdded(),
                                    f.linesDeleted(),
                                    hunks(cuts, f.hunks(), step[2]),
                                    cuts.lines(f.diff(), step[0], "diff"),
                                    f.omitted()))
                            .toList();
                    return cuts.built(new CommitResult(
                            full.repo(),
                            full.sha(),
                            full.shortSha(),
                            full.date(),
                            full.author(),
                            full.subject(),
                            cuts.chars(full.body(), step[1], "body"),
                            out,
                            full.totalFiles(),
                            full.url()));
                },
                HistoryPages::commitText);
    }

    private static List<String> hunks(PagedResults.Cuts cuts, List<String> hunks, int keep) {
        if (hunks.size() <= keep) {
            return hunks;
        }
        cuts.names.add("hunks");
        return hunks.subList(0, keep);
    }

    static String searchText(HistoryResult r) {
        if (r.commits().isEmpty()) {
            return "No stored commit matches \"" + r.query() + "\" (list_repos shows what is indexed; the history"
                    + " is read at ingest).";
        }
        StringBuilder sb = new StringBuilder();
        for (HistoryHit h : r.commits()) {
            sb.append(h.rank())
                    .append(". ")
                    .append(h.shortSha())
                    .append(' ')
                    .append(h.date())
                    .append(' ')
                    .append(h.author())
                    .append("  ")
                    .append(h.repo())
                    .append(':')
                    .append(h.path())
                    .append(" (")
                    .append(change(h.change(), h.oldPath(), h.linesAdded(), h.linesDeleted()))
                    .append(")  ")
                    .append(h.subject())
                    .append('\n');
            if (!h.omitted().isEmpty()) {
                sb.append("    (diff not stored: ").append(h.omitted()).append(")\n");
            }
            h.diff().lines().limit(TEXT_DIFF_LINES).forEach(l -> sb.append("    ")
                    .append(l)
                    .append('\n'));
        }
        return sb.toString().stripTrailing();
    }

    static String commitText(CommitResult c) {
        StringBuilder sb = new StringBuilder()
                .append("commit ")
                .append(c.sha())
                .append(" (")
                .append(c.repo())
                .append(")\nAuthor: ")
                .append(c.author())
                .append("\nDate:   ")
                .append(c.date())
                .append("\n\n    ")
                .append(c.subject());
        if (!c.body().isEmpty()) {
            sb.append("\n");
            c.body().lines().forEach(l -> sb.append("\n    ").append(l));
        }
        for (CommitFile f : c.files()) {
            sb.append("\n\n--- ")
                    .append(f.path())
                    .append(" (")
                    .append(change(f.change(), f.oldPath(), f.linesAdded(), f.linesDeleted()))
                    .append(')');
            if (!f.omitted().isEmpty()) {
                sb.append("\n(diff not stored: ").append(f.omitted()).append(')');
            }
            if (!f.diff().isEmpty()) {
                sb.append('\n').append(f.diff());
            }
        }
        return sb.toString();
    }

    private static String change(String change, String oldPath, int added, int deleted) {
        return change + (oldPath.isEmpty() ? "" : " from " + oldPath) + ", +" + added + " -" + deleted;
    }
}
