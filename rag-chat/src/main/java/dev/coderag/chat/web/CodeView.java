package dev.coderag.chat.web;

import static j2html.TagCreator.button;
import static j2html.TagCreator.div;
import static j2html.TagCreator.each;
import static j2html.TagCreator.span;

import dev.coderag.chat.repos.SourceFiles;
import dev.coderag.chat.repos.SourceView;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The code viewer's content: a file's lines, numbered, with the cited range marked; a control that shows the whole
 * file (up to the viewer's cap, said when a file is cut); the language for the browser's highlighter
 * ({@code data-hl}, see {@link Highlighter}) with the lines before a window as a hidden lead-in, so that a window
 * opening inside a block comment or a multi-line string is highlighted right; and the hidden table of symbol links
 * ({@link SymbolLinks}). Every text and attribute value is escaped by j2html.
 */
final class CodeView {
    private CodeView() {}

    static String render(WebUi.Viewer m) {
        SourceView v = m.view();
        int hlStart = m.hlStart();
        int hlEnd = m.hlEnd();
        boolean partial = v.start() > 1 || v.end() < v.totalLines();
        return div(
                        div(
                                        span(v.repo()).withClass("viewer-repo"),
                                        span(v.path()).withClass("viewer-path").withData("testid", "code-path"),
                                        span("lines " + hlStart + "–" + hlEnd).withClass("viewer-range"),
                                        span("showing " + v.start() + "–" + v.end() + " of " + v.totalLines())
                                                .withClass("viewer-shown")
                                                .withData("testid", "viewer-shown"),
                                        !m.whole() && partial
                                                ? button("Whole file")
                                                        .withType("button")
                                                        .withClass("viewer-whole")
                                                        .withTitle("Show the whole file, the cited lines still marked")
                                                        .withData("testid", "whole-file")
                                                        .attr("hx-get", wholeUrl(v, hlStart, hlEnd))
                                                        .attr("hx-target", "#code-viewer")
                                                        .attr("hx-swap", "innerHTML")
                                                : null,
                                        SymbolLinks.closeButton())
                                .withClass("viewer-head"),
                        CommitView.lastChangeSlot(v.repo(), v.path(), hlStart, hlEnd),
                        v.changedSinceIndexing()
                                ? div("This file changed on disk since it was indexed; line numbers may be off.")
                                        .withClass("warning")
                                : null,
                        m.whole() && partial
                                ? div("This file has " + v.totalLines() + " lines; the viewer shows at most "
                                                + String.format(Locale.ROOT, "%,d", SourceFiles.MAX_LINES) + ": lines "
                                                + v.start() + "–" + v.end() + ".")
                                        .withClass("warning viewer-cut")
                                        .withData("testid", "viewer-cut")
                                : null,
                        m.leadIn().isEmpty()
                                ? null
                                : div(m.leadIn().stream()
                                                .map(SourceView.Line::text)
                                                .collect(Collectors.joining("\n")))
                                        .attr("hidden")
                                        .withClass("lead-in")
                                        .withData(
                                                "lead-in",
                                                Integer.toString(m.leadIn().size())),
                        div(each(v.lines(), l -> {
                                    boolean hl = l.n() >= hlStart && l.n() <= hlEnd;
                                    return div(
                                                    span(Integer.toString(l.n()))
                                                            .withClass("ln"),
                                                    span(l.text()).withClass("src"))
                                            .withClass(hl ? "line hl" : "line")
                                            .withId("L" + l.n())
                                            .withData("testid", hl ? "highlighted-line" : "code-line")
                                            .withData("line", Integer.toString(l.n()));
                                }))
                                .withClass("code")
                                .attr("data-lang", v.language())
                                .attr("data-hl", Highlighter.language(v.path(), v.language())),
                        SymbolLinks.table(v, m.symbols()))
                .withClass("code-view")
                .withData("testid", "code-view")
                .withData("repo", v.repo())
                .withData("path", v.path())
                .withData("start", Integer.toString(hlStart))
                .withData("end", Integer.toString(hlEnd))
                .withData("whole", Boolean.toString(m.whole()))
                .render();
    }

    /** The viewer fragment's address for lines {@code start}–{@code end} of a file. */
    static String sourceUrl(String repo, String path, int start, int end) {
        return "/ui/source?repo=" + enc(repo) + "&path=" + enc(path) + "&start=" + start + "&end=" + end;
    }

    private static String wholeUrl(SourceView v, int hlStart, int hlEnd) {
        return sourceUrl(v.repo(), v.path(), hlStart, hlEnd) + "&whole=true";
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
