package dev.coderag.chat.http;

import static dev.coderag.chat.http.Requests.lineParam;

import dev.coderag.chat.ChatException;
import dev.coderag.chat.mcp.CodeTools;
import dev.coderag.chat.mcp.McpResults;
import dev.coderag.chat.repos.SourceFiles;
import dev.coderag.chat.repos.SourceView;
import dev.coderag.chat.web.WebUi;
import dev.coderag.types.Language;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The code behind a citation: {@code repo}, {@code path} and an optional {@code start}–{@code end} line range,
 * as JSON for the API or as the page's code viewer (with context around the cited range, which is marked, or the
 * whole file; the lines before the shown ones as the highlighter's lead-in; identifiers linked to their
 * definitions through {@link CodeTools#definitions}), and the viewer's choice between the definitions of an
 * ambiguous name.
 */
final class SourceHandlers {
    /** Lines shown around a cited range in the viewer, so the reader sees where it sits. */
    private static final int CONTEXT_LINES = 200;

    /** Characters of lead-in (the lines before the shown ones) sent for the highlighter at most. */
    private static final int MAX_LEAD_IN_CHARS = 512 * 1024;

    private final SourceFiles sources;
    private final CodeTools tools;

    SourceHandlers(SourceFiles sources, CodeTools tools) {
        this.sources = sources;
        this.tools = tools;
    }

    /** {@code GET /api/source}. */
    void json(Context ctx) {
        ctx.json(sources.read(
                ctx.queryParam("repo"), ctx.queryParam("path"), lineParam(ctx, "start"), lineParam(ctx, "end")));
    }

    /** {@code GET /ui/source}: the viewer fragment; {@code whole=true} for the whole file. */
    void fragment(Context ctx) {
        ctx.html(view(
                ctx.queryParam("repo"),
                ctx.queryParam("path"),
                lineParam(ctx, "start"),
                lineParam(ctx, "end"),
                "true".equals(ctx.queryParam("whole"))));
    }

    /** {@code GET /ui/definitions?repo=&name=&from=}: the definitions of a name, to choose one. */
    void definitions(Context ctx) {
        String repo = ctx.queryParam("repo");
        String name = ctx.queryParam("name");
        String from = ctx.queryParam("from") == null ? "" : ctx.queryParam("from");
        if (repo == null || repo.isBlank() || name == null || name.isBlank()) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "\"repo\" and \"name\" are required");
        }
        if (name.length() > 200) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "\"name\" is longer than 200 characters");
        }
        Set<Language> languages = from.isEmpty()
                ? Set.of()
                : WebUi.symbolLanguages(
                        Language.fromFileName(from).map(Language::id).orElse("text"));
        int max = WebUi.MAX_SYMBOL_DEFINITIONS;
        List<WebUi.Definition> defs =
                definitions(repo, List.of(name), languages, max + 1).getOrDefault(name, List.of());
        boolean more = defs.size() > max;
        ctx.html(WebUi.definitionChoices(repo, name, from, more ? defs.subList(0, max) : defs, more));
    }

    /**
     * The viewer's HTML: the file around {@code start}–{@code end} (nullable), that range marked, or the whole
     * file (at most {@link SourceFiles#MAX_LINES} lines, ending with the cited range when it lies beyond them).
     *
     * @throws ChatException as {@link SourceFiles#read}
     */
    String view(String repo, String path, Integer start, Integer end, boolean whole) {
        int from;
        Integer to;
        if (whole) {
            from = end == null ? 1 : Math.max(1, end - SourceFiles.MAX_LINES + 1);
            to = null;
        } else {
            from = start == null ? 1 : Math.max(1, start - CONTEXT_LINES);
            to = end == null ? null : (int) Math.min(Integer.MAX_VALUE, (long) end + CONTEXT_LINES);
        }
        SourceView view = sources.read(repo, path, from, to);
        int hlStart = start == null ? view.start() : start;
        int hlEnd = end == null ? hlStart : end;
        List<SourceView.Line> leadIn = view.start() > 1 ? leadIn(repo, path, view.start() - 1) : List.of();
        List<String> names = WebUi.symbolNames(view, hlStart, hlEnd);
        Map<String, List<WebUi.Definition>> defs = names.isEmpty()
                ? Map.of()
                : new java.util.LinkedHashMap<>(
                        definitions(repo, names, WebUi.symbolLanguages(view.language()), WebUi.MAX_SYMBOL_DEFINITIONS));
        if (!names.isEmpty()) {
            // a name the compiler bound to one definition everywhere in this file opens it, namesakes or not
            Map<String, McpResults.Definition> bound = tools.boundInFile(repo, path);
            for (String name : names) {
                McpResults.Definition d = bound.get(name);
                if (d != null) {
                    defs.put(name, List.of(web(d)));
                }
            }
        }
        List<WebUi.Symbol> symbols = new ArrayList<>();
        defs.forEach((name, d) -> symbols.add(new WebUi.Symbol(name, d)));
        return WebUi.codeView(new WebUi.Viewer(view, hlStart, hlEnd, whole, leadIn, symbols));
    }

    /** The lines before line {@code last + 1}: at most {@link SourceFiles#MAX_LINES}, the last ones kept. */
    private List<SourceView.Line> leadIn(String repo, String path, int last) {
        List<SourceView.Line> lines = sources.read(repo, path, Math.max(1, last - SourceFiles.MAX_LINES + 1), last)
                .lines();
        long chars = 0;
        int first = lines.size();
        while (first > 0 && chars + lines.get(first - 1).text().length() + 1 <= MAX_LEAD_IN_CHARS) {
            first--;
            chars += lines.get(first).text().length() + 1;
        }
        return lines.subList(first, lines.size());
    }

    private Map<String, List<WebUi.Definition>> definitions(
            String repo, List<String> names, Set<Language> languages, int perName) {
        Map<String, List<WebUi.Definition>> out = new java.util.LinkedHashMap<>();
        tools.definitions(repo, names, languages, perName)
                .forEach((name, defs) ->
                        out.put(name, defs.stream().map(SourceHandlers::web).toList()));
        return out;
    }

    private static WebUi.Definition web(McpResults.Definition d) {
        return new WebUi.Definition(d.path(), d.startLine(), d.endLine(), d.symbol(), d.kind());
    }
}
