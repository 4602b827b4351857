package dev.coderag.chat.web;

import static j2html.TagCreator.button;
import static j2html.TagCreator.details;
import static j2html.TagCreator.div;
import static j2html.TagCreator.each;
import static j2html.TagCreator.li;
import static j2html.TagCreator.p;
import static j2html.TagCreator.progress;
import static j2html.TagCreator.span;
import static j2html.TagCreator.summary;
import static j2html.TagCreator.text;
import static j2html.TagCreator.ul;

import dev.coderag.chat.Freshness;
import dev.coderag.chat.repos.RepoStatus;
import dev.coderag.store.RepoCatalog;
import dev.coderag.store.SkippedFile;
import j2html.tags.DomContent;
import j2html.tags.specialized.DivTag;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The repository list: each repository's status, size, commit, branch, progress bar and last error, with its
 * re-index and remove buttons and its skipped files (loaded when opened).
 */
final class RepoList {
    private RepoList() {}

    /** The list, with {@code error} (may be null) shown above it; it polls itself while anything is busy or stale. */
    static DivTag render(List<RepoStatus> repos, String error) {
        boolean busy = repos.stream()
                .anyMatch(r -> r.status().active()
                        || (r.freshness() != null && r.freshness().stale()));
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
        String path = "/ui/repos/" + URLEncoder.encode(r.name(), StandardCharsets.UTF_8);
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
                        r.branch().isEmpty()
                                ? null
                                : div("branch " + r.branch())
                                        .withClass("repo-meta repo-branch")
                                        .withData("testid", "repo-branch"),
                        freshness(r.freshness()),
                        r.progress() == null
                                ? null
                                : div(
                                                progress()
                                                        .withClass("bar-fill")
                                                        .attr("max", 100)
                                                        .attr(
                                                                "value",
                                                                r.progress().percent()),
                                                span(r.progress().phase().id() + " "
                                                                + r.progress().percent() + "%")
                                                        .withClass("bar-label"))
                                        .withClass("bar")
                                        .withData("testid", "repo-progress"),
                        r.lastError() == null
                                ? null
                                : div(r.lastError()).withClass("repo-error").withData("testid", "repo-error"),
                        r.status().active() ? null : actions(r, path))
                .withClass("repo")
                .withData("testid", "repo")
                .withData("repo", r.name());
    }

    /**
     * How fresh the index is: the state, what changed since the last ingest, the commits, how it is watched and when
     * it was last checked (every part is text, escaped).
     */
    private static DomContent freshness(Freshness f) {
        if (f == null) {
            return null;
        }
        StringBuilder meta = new StringBuilder(f.state().id());
        if (f.stale()) {
            meta.append(": ").append(f.changes());
        }
        if (!f.headCommit().isEmpty()) {
            meta.append(" · HEAD ").append(shortCommit(f.headCommit()));
        }
        meta.append(" · watch ").append(f.watch());
        if (f.checkedAt() != null) {
            meta.append(" · checked ").append(f.checkedAt());
        }
        return div(
                        span(meta.toString()).withData("testid", "repo-freshness-text"),
                        f.error() == null
                                ? null
                                : div(f.error()).withClass("repo-meta").withData("testid", "repo-freshness-error"))
                .withClass("repo-meta repo-freshness freshness-" + f.state().id())
                .withData("testid", "repo-freshness")
                .withData("state", f.state().id())
                .withData("changed", Integer.toString(f.changedFiles()))
                .withData("added", Integer.toString(f.addedFiles()))
                .withData("deleted", Integer.toString(f.deletedFiles()));
    }

    /** Re-index and remove (asks first), and the skipped files of a repository the store holds. */
    private static DomContent actions(RepoStatus r, String path) {
        boolean stored = r.indexedAt() != null || r.files() > 0;
        return div(
                        stored
                                ? button("Re-index")
                                        .withType("button")
                                        .withClass("repo-action")
                                        .attr("hx-post", path + "/reindex")
                                        .attr("hx-target", "#repo-list")
                                        .attr("hx-swap", "outerHTML")
                                        .withData("testid", "repo-reindex")
                                : null,
                        button("Remove")
                                .withType("button")
                                .withClass("repo-action danger")
                                .attr("hx-delete", path)
                                .attr("hx-confirm", "Remove " + r.name() + " from the index? Its clone is deleted too.")
                                .attr("hx-target", "#repo-list")
                                .attr("hx-swap", "outerHTML")
                                .withData("testid", "repo-remove"),
                        stored
                                ? details(
                                                summary("Skipped files"),
                                                div("Loading…")
                                                        .withClass("muted")
                                                        .attr("hx-get", path + "/skipped")
                                                        .attr("hx-trigger", "toggle from:closest details once")
                                                        .attr("hx-swap", "outerHTML"))
                                        .withClass("repo-skipped")
                                        .withData("testid", "repo-skipped")
                                : null)
                .withClass("repo-actions");
    }

    /** The skipped-files fragment: path and reason of each file the last ingest left out. */
    static DivTag skipped(String repo, List<SkippedFile> files) {
        return div(
                        files.isEmpty()
                                ? p("No file was skipped.").withClass("muted")
                                : ul(each(files, f -> li(
                                                        span(f.path()).withClass("skipped-path"),
                                                        text(" "),
                                                        span(f.reason()).withClass("skipped-reason"))
                                                .withData("testid", "skipped-file")
                                                .withData("reason", f.reason())))
                                        .withClass("skipped-items"),
                        files.size() >= RepoCatalog.MAX_SKIPPED
                                ? p("Only the first " + RepoCatalog.MAX_SKIPPED + " are listed.")
                                        .withClass("muted")
                                : null)
                .withClass("skipped")
                .withData("testid", "skipped-list")
                .withData("repo", repo);
    }

    private static String shortCommit(String c) {
        return c.length() > 10 ? c.substring(0, 10) : c;
    }
}
