package dev.coderag.chat.http;

import static dev.coderag.chat.http.Requests.lineParam;

import dev.coderag.chat.repos.SourceFiles;
import dev.coderag.chat.repos.SourceView;
import dev.coderag.chat.web.WebUi;
import io.javalin.http.Context;

/**
 * The code behind a citation: {@code repo}, {@code path} and an optional {@code start}–{@code end} line range,
 * as JSON for the API or as the page's code viewer (with context around the cited range, which is highlighted).
 */
final class SourceHandlers {
    /** Lines shown around a cited range in the viewer, so the reader sees where it sits. */
    private static final int CONTEXT_LINES = 200;

    private final SourceFiles sources;

    SourceHandlers(SourceFiles sources) {
        this.sources = sources;
    }

    /** {@code GET /api/source}. */
    void json(Context ctx) {
        ctx.json(sources.read(
                ctx.queryParam("repo"), ctx.queryParam("path"), lineParam(ctx, "start"), lineParam(ctx, "end")));
    }

    /** {@code GET /ui/source}: the viewer fragment. */
    void fragment(Context ctx) {
        ctx.html(view(
                sources,
                ctx.queryParam("repo"),
                ctx.queryParam("path"),
                lineParam(ctx, "start"),
                lineParam(ctx, "end")));
    }

    /**
     * The viewer's HTML: the file around {@code start}–{@code end} (nullable), that range highlighted.
     *
     * @throws dev.coderag.chat.ChatException as {@link SourceFiles#read}
     */
    static String view(SourceFiles sources, String repo, String path, Integer start, Integer end) {
        int from = start == null ? 1 : Math.max(1, start - CONTEXT_LINES);
        Integer to = end == null ? null : (int) Math.min(Integer.MAX_VALUE, (long) end + CONTEXT_LINES);
        SourceView view = sources.read(repo, path, from, to);
        int hlStart = start == null ? view.start() : start;
        int hlEnd = end == null ? hlStart : end;
        return WebUi.codeView(view, hlStart, hlEnd);
    }
}
