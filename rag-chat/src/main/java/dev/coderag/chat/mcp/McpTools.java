package dev.coderag.chat.mcp;

import dev.coderag.chat.ApiContract;
import dev.coderag.chat.BranchScope;
import dev.coderag.chat.ChatException;
import dev.coderag.chat.ChatResponse;
import dev.coderag.chat.mcp.McpResults.IndexStatus;
import dev.coderag.chat.mcp.McpResults.ReferencesResult;
import dev.coderag.chat.mcp.McpResults.RepoList;
import dev.coderag.chat.mcp.McpResults.SearchResult;
import dev.coderag.chat.mcp.McpResults.SymbolResult;
import dev.coderag.store.StoreException;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The MCP face of {@link CodeTools}: each tool of {@code tools.json} bound to its method by {@link Name}, its
 * arguments read from the call, its result cut to the call's budget ({@code max_tokens}, {@link Pager}, from the
 * page a {@code cursor} names: {@link Cursors}) and returned as structured content (snake_case JSON, checked by the
 * SDK against the output schema) plus a short text rendering ({@link ToolText}). A failure is a tool result with
 * {@code isError} and one line saying why — never a stack trace, never an exception's internals.
 */
final class McpTools {
    private static final Logger LOG = LoggerFactory.getLogger(McpTools.class);

    /** The tools, by their contract names. */
    enum Name {
        SEARCH_CODE,
        ASK,
        FIND_SYMBOL,
        FIND_REFERENCES,
        READ_FILE,
        SEARCH_HISTORY,
        GET_COMMIT,
        LIST_REPOS,
        INDEX_STATUS,
        REINDEX;

        String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A tool as the transports register it: its description and what answers a call. */
    record Bound(McpSchema.Tool tool, Function<Map<String, Object>, CallToolResult> call) {}

    private final CodeTools tools;
    private final Paging paging;

    McpTools(CodeTools tools) {
        this.tools = tools;
        this.paging = new Paging(() -> tools.indexState());
    }

    /** The tools to list: the read-only ones, and {@code reindex} only when writes are allowed. */
    List<Bound> bound(boolean allowWrites) {
        List<Bound> out = new ArrayList<>();
        for (Name name : Name.values()) {
            ToolCatalog.Entry entry = ToolCatalog.entry(name.id());
            if (entry.readOnly() || allowWrites) {
                out.add(new Bound(entry.tool(), args -> call(name, args == null ? Map.of() : args)));
            }
        }
        return out;
    }

    /** Answers one call; never throws. */
    CallToolResult call(Name name, Map<String, Object> raw) {
        try {
            ToolArgs a = new ToolArgs(raw);
            a.budget(); // a bad max_tokens is refused before any work
            Reply reply = reply(name, a);
            return CallToolResult.builder()
                    .content(List.of(McpSchema.TextContent.builder(reply.text()).build()))
                    .structuredContent(reply.structured())
                    .build();
        } catch (ChatException | StoreException | IllegalArgumentException e) {
            return error(e.getMessage());
        } catch (RuntimeException e) {
            LOG.error("MCP tool {} failed", name.id(), e);
            return error("internal error (" + e.getClass().getSimpleName() + "); see the server log");
        }
    }

    /** The stored repository the call reads: {@code repo}, or its overlay for {@code branch} ({@link BranchScope}). */
    private Optional<String> repo(ToolArgs a) {
        return BranchScope.of(tools.store(), a.text("repo"), a.text("branch"));
    }

    /** The tool's result, from the page the call's cursor names, cut to its budget. */
    private Reply reply(Name name, ToolArgs a) {
        String id = name.id();
        return switch (name) {
            case SEARCH_CODE -> {
                PagedResults.Detail detail =
                        PagedResults.Detail.fromId(a.text("detail").orElse("full"));
                SearchResult r = tools.searchCode(
                        a.text("query").orElse(""),
                        repo(a),
                        a.text("path_glob"),
                        a.text("language"),
                        a.text("kind"),
                        a.integer("limit", 10, 1, 50));
                yield paging.list(id, a, r.hits().size(), "hits", false, at -> PagedResults.search(r, at, detail));
            }
            case ASK -> {
                ChatResponse r = tools.ask(a.required("question"), repo(a));
                yield paging.whole(a, r.sources().size(), "sources", PagedResults.answer(r));
            }
            case FIND_SYMBOL -> {
                SymbolResult r =
                        tools.findSymbol(a.required("name"), a.text("kind"), repo(a), a.integer("limit", 20, 1, 100));
                yield paging.list(
                        id, a, r.definitions().size(), "definitions", false, at -> PagedResults.symbols(r, at));
            }
            case FIND_REFERENCES -> {
                ReferencesResult r = tools.findReferences(
                        a.required("symbol"),
                        CallDirection.fromId(a.text("direction").orElse("callers")),
                        repo(a),
                        a.integer("limit", 50, 1, 200));
                yield paging.list(
                        id,
                        a,
                        r.references().size(),
                        "references",
                        r.truncated(),
                        at -> PagedResults.references(r, at));
            }
            case READ_FILE ->
                paging.lines(
                        id,
                        a,
                        start -> tools.readFile(
                                repo(a).orElseThrow(() -> new IllegalArgumentException("\"repo\" is required")),
                                a.required("path"),
                                start,
                                a.optionalInteger("end_line")),
                        tools::link);
            case SEARCH_HISTORY -> {
                HistoryResults.HistoryResult r = tools.history()
                        .search(
                                a.text("query").orElse(""),
                                repo(a),
                                a.text("path"),
                                a.text("symbol"),
                                a.text("since"),
                                a.text("until"),
                                a.integer("limit", 10, 1, 50));
                yield paging.list(id, a, r.commits().size(), "commits", false, at -> HistoryPages.search(r, at));
            }
            case GET_COMMIT -> {
                HistoryResults.CommitResult r = tools.history()
                        .commit(
                                repo(a).orElseThrow(() -> new IllegalArgumentException("\"repo\" is required")),
                                a.required("sha"));
                yield paging.list(id, a, r.files().size(), "files", false, at -> HistoryPages.commit(r, at));
            }
            case LIST_REPOS -> {
                RepoList r = tools.listRepos();
                yield paging.list(id, a, r.repos().size(), "repos", false, at -> PagedResults.repos(r, at));
            }
            case INDEX_STATUS -> {
                IndexStatus r = tools.indexStatus(a.text("repo"));
                yield paging.list(id, a, r.repos().size(), "repos", false, at -> PagedResults.status(r, at));
            }
            case REINDEX -> paging.whole(a, 1, "repos", PagedResults.reindexed(tools.reindex(a.required("repo"))));
        };
    }

    /** A result as the client gets it: structured content, its text, and the longer one's length. */
    record Reply(Map<String, Object> structured, String text, int size) {}

    private static CallToolResult error(String message) {
        return CallToolResult.builder()
                .content(List.of(McpSchema.TextContent.builder(ApiContract.oneLine(message, 500))
                        .build()))
                .isError(true)
                .build();
    }
}
