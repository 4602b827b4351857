package dev.coderag.chat.web;

import static j2html.TagCreator.button;
import static j2html.TagCreator.div;
import static j2html.TagCreator.each;
import static j2html.TagCreator.span;

import dev.coderag.chat.repos.SourceView;

/** The code viewer's content: a file's lines, numbered, with the cited range highlighted. */
final class CodeView {
    private CodeView() {}

    /** The code viewer fragment: numbered lines, the cited range highlighted. */
    static String render(SourceView v, int hlStart, int hlEnd) {
        return div(
                        div(
                                        span(v.repo()).withClass("viewer-repo"),
                                        span(v.path()).withClass("viewer-path").withData("testid", "code-path"),
                                        span("lines " + hlStart + "–" + hlEnd).withClass("viewer-range"),
                                        button("×")
                                                .withType("button")
                                                .withClass("viewer-close")
                                                .attr("aria-label", "Close code viewer")
                                                .withData("close", "code-viewer"))
                                .withClass("viewer-head"),
                        v.changedSinceIndexing()
                                ? div("This file changed on disk since it was indexed; line numbers may be off.")
                                        .withClass("warning")
                                : null,
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
                                .attr("data-lang", v.language()))
                .withClass("code-view")
                .withData("testid", "code-view")
                .withData("path", v.path())
                .withData("start", Integer.toString(hlStart))
                .withData("end", Integer.toString(hlEnd))
                .render();
    }
}
