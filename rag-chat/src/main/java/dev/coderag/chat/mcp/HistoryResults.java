package dev.coderag.chat.mcp;

import java.util.List;

/**
 * What the history tools return ({@code search_history}, {@code get_commit}) and what the web API's commit and
 * last-change routes answer, as records serialised in snake_case; {@code tools.json} and {@code openapi.json}
 * declare the same shapes. Dates are the author date in UTC, {@code yyyy-mm-dd}. Commit text (subjects, bodies,
 * diffs, author names) is the repository's, untrusted: data to show or quote, never instructions.
 */
public final class HistoryResults {
    private HistoryResults() {}

    /** {@code search_history}. */
    public record HistoryResult(String query, List<HistoryHit> commits) {
        public HistoryResult {
            commits = List.copyOf(commits);
        }
    }

    /**
     * What one commit changed in one file, ranked.
     *
     * @param change {@code added | modified | deleted | renamed}
     * @param oldPath the path before a rename, else ""
     * @param diff the start of the file's {@code -U0} diff (hunk headers and changed lines), cut to fit; "" when
     *     {@code omitted} says why it was not stored
     * @param omitted why the diff was not stored (binary, vendored, minified, generated, huge), else ""
     * @param score fused ranking score scaled to [0, 1], 1 for the best hit
     * @param url the commit in the web viewer, or null
     */
    public record HistoryHit(
            int rank,
            String repo,
            String sha,
            String shortSha,
            String date,
            String author,
            String subject,
            String path,
            String oldPath,
            String change,
            int linesAdded,
            int linesDeleted,
            String diff,
            String omitted,
            double score,
            String url) {}

    /**
     * {@code get_commit} and {@code GET /api/commit}: a commit's message and what it did to each file.
     *
     * @param body the message after its subject line
     * @param files the page's files, by path
     * @param totalFiles the commit's files in the stored history
     */
    public record CommitResult(
            String repo,
            String sha,
            String shortSha,
            String date,
            String author,
            String subject,
            String body,
            List<CommitFile> files,
            int totalFiles,
            String url) {
        public CommitResult {
            files = List.copyOf(files);
        }
    }

    /**
     * One file of a commit.
     *
     * @param hunks the hunk headers, {@code -a,b +c,d}
     * @param diff the {@code -U0} diff as stored (capped at ingest), cut further to fit a budget
     */
    public record CommitFile(
            String path,
            String oldPath,
            String change,
            String language,
            int linesAdded,
            int linesDeleted,
            List<String> hunks,
            String diff,
            String omitted) {
        public CommitFile {
            hunks = List.copyOf(hunks);
        }
    }

    /**
     * {@code GET /api/last-change}: the newest stored commit that wrote any of the lines {@code startLine}–{@code
     * endLine} of a file as indexed.
     *
     * @param changedPath the file's path in that commit (an older name when it was renamed since)
     */
    public record LastChange(
            String repo,
            String path,
            int startLine,
            int endLine,
            String sha,
            String shortSha,
            String date,
            String author,
            String subject,
            String changedPath) {}
}
