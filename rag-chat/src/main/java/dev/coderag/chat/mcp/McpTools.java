package dev.coderag.chat.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.chat.ApiContract;
import dev.coderag.chat.ChatException;
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
 * arguments read from the call, its result returned as structured content (snake_case JSON, checked by the SDK
 * against the output schema) plus a short text rendering ({@link ToolText}). A failure is a tool result with
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
    private final ObjectMapper json = ApiContract.mapper();

    McpTools(CodeTools tools) {
        this.tools = tools;
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
            Args a = new Args(raw);
            Reply reply =
                    switch (name) {
                        case SEARCH_CODE ->
                            reply(
                                    tools.searchCode(
                                            a.text("query").orElse(""),
                                            a.text("repo"),
                                            a.text("path_glob"),
                                            a.text("language"),
                                            a.text("kind"),
                                            a.integer("limit", 10, 1, 50)),
                                    ToolText::search);
                        case ASK -> reply(tools.ask(a.required("question"), a.text("repo")), ToolText::answer);
                        case FIND_SYMBOL ->
                            reply(
                                    tools.findSymbol(
                                            a.required("name"),
                                            a.text("kind"),
                                            a.text("repo"),
                                            a.integer("limit", 20, 1, 100)),
                                    ToolText::symbols);
                        case FIND_REFERENCES ->
                            reply(
                                    tools.findReferences(
                                            a.required("symbol"),
                                            CallDirection.fromId(
                                                    a.text("direction").orElse("callers")),
                                            a.text("repo"),
                                            a.integer("limit", 50, 1, 200)),
                                    ToolText::references);
                        case READ_FILE ->
                            reply(
                                    tools.readFile(
                                            a.required("repo"),
                                            a.required("path"),
                                            a.optionalInteger("start_line"),
                                            a.optionalInteger("end_line")),
                                    ToolText::file);
                        case LIST_REPOS -> reply(tools.listRepos(), ToolText::repos);
                        case INDEX_STATUS -> reply(tools.indexStatus(a.text("repo")), ToolText::status);
                        case REINDEX -> reply(tools.reindex(a.required("repo")), ToolText::reindexed);
                    };
            @SuppressWarnings("unchecked")
            Map<String, Object> structured = json.convertValue(reply.value(), Map.class);
            return CallToolResult.builder()
                    .content(List.of(McpSchema.TextContent.builder(reply.text()).build()))
                    .structuredContent(structured)
                    .build();
        } catch (ChatException | StoreException | IllegalArgumentException e) {
            return error(e.getMessage());
        } catch (RuntimeException e) {
            LOG.error("MCP tool {} failed", name.id(), e);
            return error("internal error (" + e.getClass().getSimpleName() + "); see the server log");
        }
    }

    /** A result and its text rendering. */
    private record Reply(Object value, String text) {}

    private static <T> Reply reply(T value, Function<T, String> text) {
        return new Reply(value, text.apply(value));
    }

    private static CallToolResult error(String message) {
        return CallToolResult.builder()
                .content(List.of(McpSchema.TextContent.builder(ApiContract.oneLine(message, 500))
                        .build()))
                .isError(true)
                .build();
    }

    /** A call's arguments, read by name; a wrong type is an IllegalArgumentException naming the argument. */
    private record Args(Map<String, Object> raw) {
        /** A string argument, empty when absent, null or blank. */
        Optional<String> text(String name) {
            Object v = raw.get(name);
            if (v == null) {
                return Optional.empty();
            }
            if (!(v instanceof String s)) {
                throw new IllegalArgumentException("\"" + name + "\" must be a string");
            }
            return Optional.of(s).filter(x -> !x.isBlank());
        }

        String required(String name) {
            return text(name).orElseThrow(() -> new IllegalArgumentException("\"" + name + "\" is required"));
        }

        Optional<Integer> optionalInteger(String name) {
            Object v = raw.get(name);
            if (v == null) {
                return Optional.empty();
            }
            if (!(v instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue())) {
                throw new IllegalArgumentException("\"" + name + "\" must be an integer");
            }
            if (n.doubleValue() < 1 || n.doubleValue() > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("\"" + name + "\" must be a positive line number");
            }
            return Optional.of(n.intValue());
        }

        int integer(String name, int fallback, int min, int max) {
            Object v = raw.get(name);
            if (v == null) {
                return fallback;
            }
            if (!(v instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue())) {
                throw new IllegalArgumentException("\"" + name + "\" must be an integer");
            }
            if (n.doubleValue() < min || n.doubleValue() > max) {
                throw new IllegalArgumentException("\"" + name + "\" must be between " + min + " and " + max);
            }
            return n.intValue();
        }
    }
}
