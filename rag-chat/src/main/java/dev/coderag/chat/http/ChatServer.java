package dev.coderag.chat.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.chat.ApiContract;
import dev.coderag.chat.ChatException;
import dev.coderag.chat.ChatResponse;
import dev.coderag.chat.ChatService;
import dev.coderag.chat.mcp.CodeTools;
import dev.coderag.chat.mcp.CoderagMcp;
import dev.coderag.chat.repos.Indexer;
import dev.coderag.chat.repos.RepoManager;
import dev.coderag.chat.repos.RepoWatcher;
import dev.coderag.chat.repos.SourceFiles;
import dev.coderag.embed.Embedder;
import dev.coderag.store.Store;
import io.javalin.Javalin;
import io.javalin.compression.CompressionStrategy;
import io.javalin.config.RoutesConfig;
import io.javalin.http.staticfiles.Location;
import io.javalin.json.JavalinJackson;
import java.security.SecureRandom;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP face of coderag: the JSON API, SSE streaming and the htmx web chat, on Javalin with virtual
 * threads. Every route is declared in {@link #routes}, handled by one of this package's handler classes by
 * feature; every error goes through {@link HttpErrors}.
 *
 * <p>Nothing here opens an outbound connection unless an LLM endpoint is configured or a client asks to add
 * a git URL.
 */
public final class ChatServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ChatServer.class);
    public static final String VERSION = ApiContract.VERSION;

    private final ChatService service;
    private final RepoManager repos;
    private final RepoWatcher watcher;
    private final ChatHandlers chat;
    private final RepoHandlers repoHandlers;
    private final SourceHandlers sources;
    private final HistoryHandlers history;
    private final PageHandlers pages;
    private final OpsHandlers ops;
    private final LoginHandlers login;
    private final McpHandlers mcp;
    private final CoderagMcp.HttpEndpoint mcpEndpoint;
    private final Boundary boundary;
    private final Javalin app;

    private ChatServer(Store store, Embedder embedder, Indexer indexer, ServerOptions options) {
        options.requireTokenWhenReachable();
        ObjectMapper json = mapper();
        Requests requests = new Requests(json);
        AnswerSlots slots = new AnswerSlots(options.maxConcurrentAnswers());
        this.boundary = new Boundary(options, new SecureRandom());
        this.watcher = new RepoWatcher(store.repos(), store.directory(), indexer, options.watch());
        this.repos = new RepoManager(store, watcher.indexer(), options.jobLimit());
        this.service = ChatService.create(store, embedder, options.chat(), watcher.notices(repos));
        SourceFiles files = new SourceFiles(store, indexer::checkout);
        this.chat = new ChatHandlers(service, requests, slots);
        this.repoHandlers = new RepoHandlers(repos, watcher, requests);
        CodeTools tools = new CodeTools(
                service, repos, files, answer -> gated(slots, answer), Optional.of(embedder), () -> Optional.of(url()));
        this.sources = new SourceHandlers(files, tools);
        this.history = new HistoryHandlers(files, tools.history());
        this.pages = new PageHandlers(service, repos, embedder, sources, history, slots, boundary.csrfToken());
        this.mcpEndpoint = CoderagMcp.http(tools, options.allowWrites());
        this.mcp = new McpHandlers(mcpEndpoint, requests);
        this.login = new LoginHandlers(boundary, new SecureRandom());
        this.ops = new OpsHandlers(store, embedder, service, repos);
        this.app = Javalin.create(config -> {
            config.concurrency.useVirtualThreads = true;
            config.startup.showJavalinBanner = false;
            config.http.compressionStrategy = CompressionStrategy.NONE; // SSE must not sit in a gzip buffer
            config.http.maxRequestSize = 1_000_000;
            config.jsonMapper(new JavalinJackson(json, true));
            config.staticFiles.enableWebjars();
            config.staticFiles.add(sf -> {
                sf.hostedPath = "/static";
                sf.directory = "/dev/coderag/chat/web/static";
                sf.location = Location.CLASSPATH;
            });
            config.jetty.host = options.host();
            config.jetty.port = options.port();
            config.requestLogger.http(ops::record);
            routes(config.routes);
        });
    }

    /**
     * Starts a server over an open store and embedder (they stay owned by the caller; close them after
     * {@link #close()}); {@code indexer} runs the ingests that {@code POST /api/repos} asks for.
     *
     * @throws IllegalArgumentException with a one-line reason when {@code options} would expose the server
     *     beyond this machine without a token
     */
    public static ChatServer start(Store store, Embedder embedder, Indexer indexer, ServerOptions options) {
        ChatServer server = new ChatServer(
                Objects.requireNonNull(store, "store"),
                Objects.requireNonNull(embedder, "embedder"),
                Objects.requireNonNull(indexer, "indexer"),
                Objects.requireNonNull(options, "options"));
        server.app.start();
        server.watcher.start(server.repos);
        LOG.info("coderag {} serving {}", VERSION, server.url());
        return server;
    }

    /** The port actually bound (useful with port 0). */
    public int port() {
        return app.port();
    }

    /**
     * Every route Javalin serves, as {@code "METHOD /path"} (path parameters as {@code {name}}), in declaration
     * order: what {@code /openapi.json} must describe.
     */
    public List<String> routes() {
        return app.unsafe.internalRouter.allHttpHandlers().stream()
                .map(e -> e.endpoint)
                .filter(e -> e.method.isHttpMethod())
                .map(e -> e.method.name() + " " + e.path)
                .toList();
    }

    /** {@code http://host:port/}. */
    public String url() {
        return "http://" + displayHost() + ":" + port() + "/";
    }

    /**
     * A link that logs a browser in once ({@code …/login?once=CODE}, usable once within 15 minutes), for the
     * operator to open; {@link #url()} when the server has no token.
     */
    public String loginUrl() {
        return url() + login.oneTimeLink();
    }

    private String displayHost() {
        String h = app.unsafe.jetty.host;
        if (h == null || h.isBlank() || h.equals("0.0.0.0")) {
            return "127.0.0.1";
        }
        return h.contains(":") ? "[" + h + "]" : h;
    }

    public ChatService service() {
        return service;
    }

    /** The repositories it serves and the ingests it runs (e.g. to queue the operator's own sources). */
    public RepoManager repos() {
        return repos;
    }

    /** Stops accepting requests, lets running ones finish briefly, and stops background ingests. */
    @Override
    public void close() {
        app.stop();
        mcpEndpoint.close();
        watcher.close();
        repos.close();
    }

    /** All the routes, in one place. */
    private void routes(RoutesConfig r) {
        r.before(boundary::check); // host, cross-site, token, content type: before every route and static file

        r.get("/", pages::page);
        r.get("/login", login::page);
        r.post("/login", login::submit);
        r.get("/health", ops::health);
        r.get("/metrics", ops::metrics);

        r.post("/api/chat", chat::ask);
        r.get("/api/repos", repoHandlers::list);
        r.post("/api/repos", repoHandlers::add);
        r.get("/api/repos/{name}", repoHandlers::get);
        r.delete("/api/repos/{name}", repoHandlers::remove);
        r.post("/api/repos/{name}/reindex", repoHandlers::reindex);
        r.post("/api/repos/{name}/refresh", repoHandlers::refresh);
        r.get("/api/repos/{name}/skipped", repoHandlers::skipped);
        r.get("/api/chats", chat::list);
        r.post("/api/chats", chat::create);
        r.delete("/api/chats/{id}", chat::delete);
        r.get("/api/chats/{id}/messages", chat::messages);
        r.post("/api/chats/{id}/messages", chat::post);
        r.get("/api/source", sources::json);
        r.get("/api/commit", history::json);
        r.get("/api/last-change", history::lastChangeJson);
        r.get("/openapi.json", OpenApi::serve);

        r.post("/mcp", mcp::post);
        r.get("/mcp", mcp::notAllowed);
        r.delete("/mcp", mcp::notAllowed);

        r.get("/ui/repos", repoHandlers::listFragment);
        r.post("/ui/repos", repoHandlers::addFromForm);
        r.delete("/ui/repos/{name}", repoHandlers::removeFromPage);
        r.post("/ui/repos/{name}/reindex", repoHandlers::reindexFromPage);
        r.get("/ui/repos/{name}/skipped", repoHandlers::skippedFragment);
        r.post("/ui/ask", pages::ask);
        r.get("/ui/stream/{turn}", pages::stream);
        r.get("/ui/source", sources::fragment);
        r.get("/ui/definitions", sources::definitions);
        r.get("/ui/commit", history::fragment);
        r.get("/ui/last-change", history::lastChangeFragment);

        r.exception(Exception.class, HttpErrors::handle);
        r.error(404, HttpErrors::notFound);
    }

    /** An MCP {@code ask} in one of the answer slots the API's questions share; busy is a tool error. */
    private static ChatResponse gated(AnswerSlots slots, Supplier<ChatResponse> answer) {
        try {
            return slots.run(answer);
        } catch (HttpRefusal r) {
            throw new ChatException(ChatException.Reason.BUSY, r.getMessage());
        }
    }

    /** snake_case JSON for every response (the API contract). */
    public static ObjectMapper mapper() {
        return ApiContract.mapper();
    }
}
