package dev.coderag.chat.web;

import static j2html.TagCreator.a;
import static j2html.TagCreator.div;
import static j2html.TagCreator.each;
import static j2html.TagCreator.span;

import dev.coderag.chat.mcp.HistoryResults.CommitFile;
import dev.coderag.chat.mcp.HistoryResults.CommitResult;
import dev.coderag.chat.mcp.HistoryResults.LastChange;
import j2html.tags.DomContent;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A commit in the code viewer — its short id, date, author, message and each file's diff, lines marked as added,
 * removed or hunk headers, highlighted in the browser with highlight.js's {@code diff} grammar ({@code data-hl}, as
 * {@link CodeView} does for code) — and the viewer's "last changed in" line above cited lines. Commit text is the
 * repository's and hostile: j2html escapes every text and attribute, and {@link #visible} turns control characters
 * into visible symbols first (an escape sequence or a bidi override must not reorder or hide what is shown).
 */
final class CommitView {
    private CommitView() {}

    static String render(CommitResult c, String focusPath) {
        return div(
                        div(
                                        span("commit").withClass("badge kind-commit"),
                                        span(c.shortSha())
                                                .withClass("commit-sha")
                                                .withTitle(c.sha())
                                                .withData("testid", "commit-sha"),
                                        span(c.date()).withClass("commit-date").withData("testid", "commit-date"),
                                        span(visible(c.author()))
                                                .withClass("commit-author")
                                                .withData("testid", "commit-author"),
                                        span(visible(c.repo())).withClass("viewer-repo"),
                                        SymbolLinks.closeButton())
                                .withClass("viewer-head"),
                        div(visible(c.subject())).withClass("commit-subject").withData("testid", "commit-subject"),
                        c.body().isEmpty()
                                ? null
                                : div(visible(c.body()))
                                        .withClass("commit-body")
                                        .withData("testid", "commit-body"),
                        c.totalFiles() > c.files().size()
                                ? div("Showing " + c.files().size() + " of the commit's " + c.totalFiles() + " files.")
                                        .withClass("warning")
                                : null,
                        div(each(c.files(), f -> file(c, f, f.path().equals(focusPath))))
                                .withClass("commit-files"))
                .withClass("commit-view")
                .withData("testid", "commit-view")
                .withData("repo", c.repo())
                .withData("sha", c.sha())
                .render();
    }

    private static DomContent file(CommitResult c, CommitFile f, boolean focus) {
        List<String> lines = f.diff().isEmpty() ? List.of() : f.diff().lines().toList();
        return div(
                        div(
                                        span(f.change()).withClass("badge change-" + f.change()),
                                        span(visible(f.path()))
                                                .withClass("viewer-path")
                                                .withData("testid", "commit-file-path"),
                                        f.oldPath().isEmpty()
                                                ? null
                                                : span("from " + visible(f.oldPath()))
                                                        .withClass("viewer-repo"),
                                        span("+" + f.linesAdded()).withClass("diff-added"),
                                        span("−" + f.linesDeleted()).withClass("diff-deleted"))
                                .withClass("commit-file-head"),
                        f.omitted().isEmpty()
                                ? null
                                : div("Diff not stored: " + f.omitted() + ".").withClass("muted diff-omitted"),
                        lines.isEmpty()
                                ? null
                                : div(each(lines, l -> div(span(visible(l)).withClass("src"))
                                                .withClass("line " + kind(l))
                                                .withData("testid", "diff-line")))
                                        .withClass("code diff")
                                        .attr("data-lang", "diff")
                                        .attr("data-hl", "diff"))
                .withClass(focus ? "code-view commit-file focus" : "code-view commit-file")
                .withData("testid", "commit-file")
                .withData("repo", c.repo())
                .withData("path", visible(f.path()));
    }

    private static String kind(String line) {
        if (line.startsWith("@@")) {
            return "hunk";
        }
        if (line.startsWith("+")) {
            return "add";
        }
        return line.startsWith("-") ? "del" : "ctx";
    }

    /**
     * The viewer's line above cited lines: the newest stored commit that wrote any of them, its id opening the
     * commit; a quiet note when the stored history does not reach them.
     */
    static String lastChange(LastChange c) {
        return div(
                        span("Last changed in "),
                        a(c.shortSha())
                                .withHref("/" + WebUi.commitLink(c.repo(), c.sha(), c.changedPath()))
                                .withClass("commit-link")
                                .withTitle(c.sha())
                                .withData("testid", "last-change-commit")
                                .attr("hx-get", commitUrl(c.repo(), c.sha(), c.changedPath()))
                                .attr("hx-target", "#code-viewer")
                                .attr("hx-swap", "innerHTML"),
                        span(" by "),
                        span(visible(c.author())).withClass("commit-author"),
                        span(" on "),
                        span(c.date()).withClass("commit-date"),
                        span(" — "),
                        span(visible(c.subject())).withClass("commit-subject-inline"))
                .withClass("last-change")
                .withData("testid", "last-change")
                .withData("sha", c.sha())
                .render();
    }

    static String noLastChange() {
        return div("No stored commit changed these lines.")
                .withClass("last-change none")
                .withData("testid", "last-change")
                .render();
    }

    /** The placeholder the viewer fills with {@link #lastChange} once it is shown (htmx, on load). */
    static DomContent lastChangeSlot(String repo, String path, int start, int end) {
        return div().withClass("last-change-slot")
                .attr(
                        "hx-get",
                        "/ui/last-change?repo=" + enc(repo) + "&path=" + enc(path) + "&start=" + start + "&end=" + end)
                .attr("hx-trigger", "load")
                .attr("hx-swap", "outerHTML");
    }

    /** The commit fragment's address ({@code GET /ui/commit}). */
    static String commitUrl(String repo, String sha, String path) {
        return "/ui/commit?repo=" + enc(repo) + "&sha=" + enc(sha) + (path.isEmpty() ? "" : "&path=" + enc(path));
    }

    /**
     * {@code text} with every control character but line feed and tab, and every bidi control, shown as a symbol:
     * C0 controls as their Control Pictures (␛ for ESC), the rest as U+FFFD. Linear.
     */
    static String visible(String text) {
        StringBuilder sb = null;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            char shown = ch;
            if (ch < 0x20 && ch != '\n' && ch != '\t') {
                shown = (char) (0x2400 + ch);
            } else if (ch == 0x7f) {
                shown = '\u2421';
            } else if ((ch >= 0x80 && ch <= 0x9f)
                    || (ch >= 0x202a && ch <= 0x202e)
                    || (ch >= 0x2066 && ch <= 0x2069)
                    || ch == 0x200e
                    || ch == 0x200f
                    || ch == 0x061c) {
                shown = '\ufffd';
            }
            if (shown != ch && sb == null) {
                sb = new StringBuilder(text.length()).append(text, 0, i);
            }
            if (sb != null) {
                sb.append(shown);
            }
        }
        return sb == null ? text : sb.toString();
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
