package dev.coderag.chat.web;

import static j2html.TagCreator.div;
import static j2html.TagCreator.each;
import static j2html.TagCreator.li;
import static j2html.TagCreator.p;
import static j2html.TagCreator.progress;
import static j2html.TagCreator.span;
import static j2html.TagCreator.ul;

import dev.coderag.chat.repos.RepoStatus;
import j2html.tags.DomContent;
import j2html.tags.specialized.DivTag;
import java.util.List;

/** The repository list: each repository's status, size, commit, progress bar and last error. */
final class RepoList {
    private RepoList() {}

    /** The list, with {@code error} (may be null) shown above it; it polls itself while anything is busy. */
    static DivTag render(List<RepoStatus> repos, String error) {
        boolean busy = repos.stream().anyMatch(r -> r.status().active());
        DivTag list = div(
                        error == null
                                ? null
                                : div(error)
                                        .withClass("form-error")
                                        .attr("role", "alert")
                                        .withData("testid", "repo-error"),
                        repos.isEmpty()
                                ? p("No repositories yet. Add a path or a git URL below, or run ./rag ingest <path>.")
                                        .withClass("muted")
                                : ul(each(repos, RepoList::item)).withClass("repo-items"))
                .withId("repo-list")
                .withData("testid", "repo-list");
        if (busy) {
            list.attr("hx-get", "/ui/repos").attr("hx-trigger", "every 1s").attr("hx-swap", "outerHTML");
        }
        return list;
    }

    private static DomContent item(RepoStatus r) {
        int chunks = r.chunks().values().stream().mapToInt(Integer::intValue).sum();
        String meta = chunks + " chunks · " + r.files() + " files"
                + (r.commit() == null || r.commit().isEmpty() ? "" : " · " + shortCommit(r.commit()));
        return li(
                        div(
                                        span(r.name()).withClass("repo-name"),
                                        span(r.status().id())
                                                .withClass("status status-"
                                                        + r.status().id())
                                                .withData("testid", "repo-status")
                                                .withData("status", r.status().id()))
                                .withClass("repo-head"),
                        div(meta).withClass("repo-meta"),
                        r.progress() == null
                                ? null
                                : div(
                                                progress()
                                                        .withClass("bar-fill")
                                                        .attr("max", 100)
                                                        .attr(
                                                                "value",
                                                                r.progress().percent()),
                                                span(r.progress().phase() + " "
                                                                + r.progress().percent() + "%")
                                                        .withClass("bar-label"))
                                        .withClass("bar")
                                        .withData("testid", "repo-progress"),
                        r.lastError() == null
                                ? null
                                : div(r.lastError()).withClass("repo-error").withData("testid", "repo-error"))
                .withClass("repo")
                .withData("testid", "repo")
                .withData("repo", r.name());
    }

    private static String shortCommit(String c) {
        return c.length() > 10 ? c.substring(0, 10) : c;
    }
}
