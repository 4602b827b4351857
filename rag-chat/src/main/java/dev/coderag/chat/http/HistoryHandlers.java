package dev.coderag.chat.http;

import static dev.coderag.chat.http.Requests.lineParam;

import dev.coderag.chat.ChatException;
import dev.coderag.chat.mcp.HistoryResults.CommitResult;
import dev.coderag.chat.mcp.HistoryResults.LastChange;
import dev.coderag.chat.mcp.HistoryTools;
import dev.coderag.chat.repos.SourceFiles;
import dev.coderag.chat.web.WebUi;
import io.javalin.http.Context;
import java.util.Optional;

/**
 * The stored history behind the page: a commit with its diffs ({@code GET /api/commit}, and the viewer's
 * {@code GET /ui/commit}), and the newest commit that wrote some lines of a file ({@code GET /api/last-change}, and
 * the viewer's {@code GET /ui/last-change} line above cited lines). A commit is named by {@code sha} (at least 7
 * hex digits), or — for an answer's commit source that carries no id — by the file, the chunk's line span and the
 * start of its subject. Errors are {@link ChatException}s, mapped in {@link HttpErrors}.
 */
final class HistoryHandlers {
    private final SourceFiles sources;
    private final HistoryTools history;

    HistoryHandlers(SourceFiles sources, HistoryTools history) {
        this.sources = sources;
        this.history = history;
    }

    /** {@code GET /api/commit?repo=&sha=} (or {@code &path=&start=&end=[&subject=]}). */
    void json(Context ctx) {
        ctx.json(commit(ctx));
    }

    /** {@code GET /ui/commit}: the viewer's commit fragment, the file {@code path} marked. */
    void fragment(Context ctx) {
        ctx.html(view(ctx));
    }

    /** {@code GET /api/last-change?repo=&path=&start=[&end=]}: 404 when the stored history does not reach them. */
    void lastChangeJson(Context ctx) {
        LastChange c = lastChange(ctx)
                .orElseThrow(() -> new ChatException(
                        ChatException.Reason.NOT_FOUND,
                        "no stored commit changed those lines (the history read at ingest does not reach them)"));
        ctx.json(c);
    }

    /**
     * {@code GET /ui/last-change}: the viewer's "last changed in" line; a quiet note when the file's stored history
     * does not reach the lines, nothing when the file has none (a repository indexed without its history).
     */
    void lastChangeFragment(Context ctx) {
        Optional<LastChange> c;
        try {
            c = lastChange(ctx);
        } catch (ChatException e) {
            if (e.reason() != ChatException.Reason.NOT_FOUND) {
                throw e;
            }
            c = Optional.empty(); // a file or repository gone since the viewer opened: nothing to say
        }
        boolean known = c.isPresent() || history.hasHistory(ctx.queryParam("repo"), ctx.queryParam("path"));
        ctx.html(known ? WebUi.lastChange(c) : ""); // a file without stored history gets no line at all
    }

    /** The viewer's commit fragment for the query's {@code repo} and {@code sha} (or its locator). */
    String view(Context ctx) {
        CommitResult c = commit(ctx);
        String path = ctx.queryParam("path");
        return WebUi.commitView(c, path == null ? "" : path);
    }

    private CommitResult commit(Context ctx) {
        String repo = ctx.queryParam("repo");
        String sha = ctx.queryParam("sha");
        if (sha != null && !sha.isBlank()) {
            return history.commit(repo, sha);
        }
        String path = ctx.queryParam("path");
        Integer start = lineParam(ctx, "start");
        Integer end = lineParam(ctx, "end");
        if (path == null || path.isBlank() || start == null || end == null) {
            throw new ChatException(
                    ChatException.Reason.BAD_REQUEST,
                    "\"repo\" and \"sha\" are required (or \"repo\", \"path\", \"start\" and \"end\")");
        }
        Optional<String> subject =
                Optional.ofNullable(ctx.queryParam("subject")).filter(s -> !s.isEmpty());
        String found = history.shaAt(repo, path, start, end, subject)
                .orElseThrow(() -> new ChatException(
                        ChatException.Reason.NOT_FOUND,
                        "no stored commit of " + path + " spans lines " + start + "-" + end));
        return history.commit(repo, found);
    }

    private Optional<LastChange> lastChange(Context ctx) {
        String repo = ctx.queryParam("repo");
        String path = ctx.queryParam("path");
        Integer start = lineParam(ctx, "start");
        Integer end = lineParam(ctx, "end");
        if (repo == null || repo.isBlank() || path == null || path.isBlank() || start == null) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "\"repo\", \"path\" and \"start\" are required");
        }
        int to = end == null ? start : end;
        if (to < start) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "\"end\" is before \"start\"");
        }
        // the file as indexed: a path outside the index is refused here, and its length bounds the walk
        int lines = sources.read(repo, path, start, start).totalLines();
        return history.lastChange(repo, path, start, to, lines);
    }
}
