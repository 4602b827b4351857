package dev.coderag.chat.repos;

import java.util.List;

/**
 * Lines of an indexed file, as {@code GET /api/source} returns them.
 *
 * @param start first line returned (1-based)
 * @param end last line returned
 * @param totalLines lines in the file
 * @param changedSinceIndexing the file on disk differs from what was indexed (line numbers may be off)
 */
public record SourceView(
        String repo,
        String path,
        String language,
        int start,
        int end,
        int totalLines,
        boolean changedSinceIndexing,
        List<Line> lines) {
    public SourceView {
        lines = List.copyOf(lines);
    }

    public record Line(int n, String text) {}
}
