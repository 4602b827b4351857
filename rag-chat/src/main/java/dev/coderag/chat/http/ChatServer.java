package dev.coderag.chat.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.coderag.chat.AnswerListener;
import dev.coderag.chat.ChatException;
import dev.coderag.chat.ChatInfo;
import dev.coderag.chat.ChatMessage;
import dev.coderag.chat.ChatRequest;
import dev.coderag.chat.ChatResponse;
import dev.coderag.chat.ChatService;
import dev.coderag.chat.Metrics;
import dev.coderag.chat.answer.Markdown;
import dev.coderag.chat.repos.Indexer;
import dev.coderag.chat.repos.RepoManager;
import dev.coderag.chat.repos.RepoStatus;
import dev.coderag.chat.repos.SourceFiles;
import dev.coderag.chat.repos.SourceView;
import dev.coderag.chat.web.WebUi;
import dev.coderag.store.Embedder;
import dev.coderag.store.Store;
import dev.coderag.types.ChunkKind;
import io.javalin.Javalin;
import io.javalin.compression.CompressionStrategy;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.staticfiles.Location;
import io.javalin.json.JavalinJackson;
import java.io.IOException;
import java.io.InputStream;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP face of coderag: the JSON API, SSE streaming and the htmx web chat, on Javalin with virtual
 * threads. Every route is declared in {@link #routes}; every error goes through {@link HttpErrors}.
 *
 * <p>Nothing here opens an outbound connection unless an LLM endpoint is configured or a client asks to add
 * a git URL.
 */
public final class ChatServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ChatServer.class);
    public static final String VERSION = loadVersion();
    private static final long TURN_TTL_NANOS = TimeUnit.MINUTES.toNanos(15);

    private final Store store;
    private final Embedder embedder;
    private final ChatService service;
    private final RepoManager repos;
    private final SourceFiles sources;
    private final Metrics metrics;
    private final ObjectMapper json;
    private final Javalin app;
    private final Map<String, PendingTurn> turns = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();

    /** A question posted from the page, answered when its SSE stream connects. */
    private record PendingTurn(
            String query,
            String chatId,
            Optional<String> repo,
            AtomicBoolean started,
            CompletableFuture<String> html,
            long createdNanos) {}

    private ChatServer(Store store, Embedder embedder, Indexer indexer, ServerOptions options) {
        this.store = store;
        this.embedder = embedder;
        this.service = ChatService.create(store, embedder, options.chat());
        this.metrics = service.metrics();
        this.repos = new RepoManager(store, indexer);
        this.sources = new SourceFiles(store, indexer::checkout);
        this.json = mapper();
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
            config.requestLogger.http(this::recordRequest);
            routes(config.routes);
        });
    }

    /**
     * Starts a server over an open store and embedder (they stay owned by the caller; close them after
     * {@link #close()}); {@code indexer} runs the ingests that {@code POST /api/repos} asks for.
     */
    public static ChatServer start(Store store, Embedder embedder, Indexer indexer, ServerOptions options) {
        ChatServer server = new ChatServer(
                Objects.requireNonNull(store, "store"),
                Objects.requireNonNull(embedder, "embedder"),
                Objects.requireNonNull(indexer, "indexer"),
                Objects.requireNonNull(options, "options"));
        server.app.start();
        LOG.info("coderag {} serving {}", VERSION, server.url());
        return server;
    }

    /** The port actually bound (useful with port 0). */
    public int port() {
        return app.port();
    }

    /** {@code http://host:port/}. */
    public String url() {
        return "http://" + displayHost() + ":" + port() + "/";
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

    /** Stops accepting requests, lets running ones finish briefly, and stops background ingests. */
    @Override
    public void close() {
        app.stop();
        repos.close();
    }

    // ---------------------------------------------------------------------------------------------------------
    // Routes: all of them, in one place

    private void routes(RoutesConfig r) {
        r.get("/", this::page);
        r.get("/health", this::health);
        r.get("/metrics", this::metricsText);

        r.post("/api/chat", this::apiChat);
        r.get("/api/repos", ctx -> ctx.json(Map.of("repos", repos.list())));
        r.post("/api/repos", this::apiAddRepo);
        r.get("/api/repos/{name}", this::apiRepo);
        r.get("/api/chats", ctx -> ctx.json(Map.of("chats", service.chats())));
        r.post("/api/chats", this::apiNewChat);
        r.get(
                "/api/chats/{id}/messages",
                ctx -> ctx.json(
                        Map.of("chat_id", ctx.pathParam("id"), "messages", service.messages(ctx.pathParam("id")))));
        r.post("/api/chats/{id}/messages", this::apiChatMessage);
        r.get("/api/source", this::apiSource);

        r.get("/ui/repos", ctx -> ctx.html(WebUi.repoList(repos.list()).render()));
        r.post("/ui/repos", this::uiAddRepo);
        r.post("/ui/ask", this::uiAsk);
        r.get("/ui/stream/{turn}", this::uiStream);
        r.get("/ui/source", this::uiSource);

        r.exception(Exception.class, this::handleError);
        r.error(404, ctx -> {
            if (ctx.result() == null || ctx.result().isEmpty()) {
                respondError(ctx, 404, "no such endpoint: " + ctx.method() + " " + ctx.path());
            }
        });
    }

    // ---------------------------------------------------------------------------------------------------------
    // JSON API

    private void apiChat(Context ctx) {
        JsonNode body = jsonBody(ctx);
        ChatRequest request =
                new ChatRequest(requiredText(body, "query"), optionalText(body, "repo"), optionalText(body, "chat_id"));
        answer(ctx, request);
    }

    private void apiChatMessage(Context ctx) {
        String id = ctx.pathParam("id");
        if (service.chat(id).isEmpty()) {
            throw new ChatException(
                    ChatException.Reason.NOT_FOUND, "unknown chat '" + ChatService.abbreviate(id) + "'");
        }
        JsonNode body = jsonBody(ctx);
        answer(ctx, new ChatRequest(requiredText(body, "content"), optionalText(body, "repo"), Optional.of(id)));
    }

    /** Answers as JSON, or as SSE when the client asks for {@code text/event-stream}. */
    private void answer(Context ctx, ChatRequest request) {
        if (!wantsEventStream(ctx)) {
            ctx.json(service.ask(request));
            return;
        }
        SseWriter sse = new SseWriter(ctx.res());
        try {
            ChatResponse response = service.ask(request, new AnswerListener() {
                @Override
                public void onToken(String token) {
                    sse.send("token", toJson(Map.of("text", token)));
                }

                @Override
                public void onReset(String warning) {
                    sse.send("reset", toJson(Map.of("warning", warning)));
                }
            });
            sse.send("sources", toJson(response.sources()));
            sse.send("done", toJson(response));
        } catch (RuntimeException e) {
            if (!sse.started()) {
                throw e; // nothing streamed yet: an ordinary HTTP error with the right status
            }
            HttpErrors.HttpError err = logged(e);
            sse.send("error", toJson(Map.of("status", err.status(), "error", err.message())));
        }
    }

    private void apiNewChat(Context ctx) {
        JsonNode body = ctx.body().isBlank() ? json.createObjectNode() : jsonBody(ctx);
        ChatInfo chat = service.newChat(optionalText(body, "repo"));
        ctx.status(201).json(Map.of("chat_id", chat.id(), "chat", chat));
    }

    private void apiAddRepo(Context ctx) {
        JsonNode body = jsonBody(ctx);
        RepoStatus status =
                repos.add(optionalText(body, "path"), optionalText(body, "url"), optionalText(body, "name"));
        ctx.status(202).header("Location", "/api/repos/" + status.name()).json(status);
    }

    private void apiRepo(Context ctx) {
        String name = ctx.pathParam("name");
        ctx.json(repos.get(name)
                .orElseThrow(() -> new ChatException(
                        ChatException.Reason.NOT_FOUND, "unknown repository '" + ChatService.abbreviate(name) + "'")));
    }

    private void apiSource(Context ctx) {
        ctx.json(sources.read(
                ctx.queryParam("repo"), ctx.queryParam("path"), intParam(ctx, "start"), intParam(ctx, "end")));
    }

    private void health(Context ctx) {
        Map<String, Integer> chunks = new LinkedHashMap<>();
        Map<ChunkKind, Integer> counts = store.chunks().counts();
        for (ChunkKind kind : ChunkKind.values()) {
            chunks.put(kind.table(), counts.getOrDefault(kind, 0));
        }
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("status", "ok");
        h.put("version", VERSION);
        h.put("model", embedder.modelId());
        h.put("generator", service.generator().id());
        h.put("repos", store.repos().list().size());
        h.put("indexing", repos.active());
        h.put("chunks", chunks);
        ctx.json(h);
    }

    private void metricsText(Context ctx) {
        ctx.contentType("text/plain; version=0.0.4; charset=utf-8").result(metrics.render());
    }

    // ---------------------------------------------------------------------------------------------------------
    // Web page and htmx fragments

    private void page(Context ctx) {
        Optional<ChatInfo> chat = Optional.ofNullable(ctx.queryParam("chat")).flatMap(service::chat);
        List<ChatMessage> messages = chat.map(c -> service.messages(c.id())).orElse(List.of());
        ctx.html(WebUi.page(new WebUi.PageModel(
                VERSION, embedder.modelId(), service.generator().id(), repos.list(), chat, messages)));
    }

    private void uiAddRepo(Context ctx) {
        String source = Objects.requireNonNullElse(ctx.formParam("source"), "").strip();
        Optional<String> name = Optional.ofNullable(ctx.formParam("name")).filter(n -> !n.isBlank());
        boolean url = source.contains("://") || source.matches("^[\\w.-]+@[\\w.-]+:.+");
        try {
            repos.add(url ? Optional.empty() : Optional.of(source), url ? Optional.of(source) : Optional.empty(), name);
            ctx.html(WebUi.repoList(repos.list()).render());
        } catch (ChatException e) {
            // keep the list, show why the form was refused
            ctx.status(HttpErrors.status(e.reason()))
                    .html(WebUi.repoList(repos.list(), e.getMessage()).render());
        }
    }

    private void uiAsk(Context ctx) {
        String query = Objects.requireNonNullElse(ctx.formParam("query"), "").strip();
        if (query.isEmpty()) {
            throw new ChatException(ChatException.Reason.EMPTY_QUERY, "Type a question first.");
        }
        if (query.length() > service.options().maxQueryChars()) {
            throw new ChatException(
                    ChatException.Reason.QUERY_TOO_LONG,
                    "The question is " + query.length() + " characters; the limit is "
                            + service.options().maxQueryChars() + ".");
        }
        Optional<String> repo = Optional.ofNullable(ctx.formParam("repo")).filter(r -> !r.isBlank());
        String chatId = Optional.ofNullable(ctx.formParam("chat_id"))
                .filter(id -> !id.isBlank() && service.chat(id).isPresent())
                .orElseGet(() -> service.newChat(repo).id());
        long now = System.nanoTime();
        turns.values().removeIf(t -> now - t.createdNanos() > TURN_TTL_NANOS);
        String turnId = randomId();
        turns.put(turnId, new PendingTurn(query, chatId, repo, new AtomicBoolean(), new CompletableFuture<>(), now));
        ctx.header("HX-Push-Url", "/?chat=" + chatId);
        ctx.html(WebUi.pendingTurn(turnId, query, chatId));
    }

    private void uiStream(Context ctx) {
        String turnId = ctx.pathParam("turn");
        PendingTurn turn = turns.get(turnId);
        SseWriter sse = new SseWriter(ctx.res());
        if (turn == null) {
            sse.send("done", WebUi.errorMessage(turnId, "This answer is no longer available; ask again."));
            return;
        }
        if (!turn.started().compareAndSet(false, true)) {
            // the browser reconnected: never answer twice, just deliver the result
            try {
                sse.send("done", turn.html().get(5, TimeUnit.MINUTES));
            } catch (Exception e) {
                sse.send("done", WebUi.errorMessage(turnId, "The answer did not complete; ask again."));
            }
            return;
        }
        String html;
        try {
            ChatResponse r = service.ask(
                    new ChatRequest(turn.query(), turn.repo(), Optional.of(turn.chatId())), new AnswerListener() {
                        @Override
                        public void onToken(String token) {
                            sse.send("token", Markdown.escape(token));
                        }

                        @Override
                        public void onReset(String warning) {
                            sse.send("token", "<hr class=\"reset\">");
                        }
                    });
            html = WebUi.assistantMessage(
                    turnId,
                    r.answer(),
                    r.sources(),
                    r.intent(),
                    r.warnings(),
                    Map.of("generator", r.trace().generator()));
        } catch (RuntimeException e) {
            html = WebUi.errorMessage(turnId, logged(e).message());
        }
        turn.html().complete(html);
        sse.send("done", html);
    }

    private void uiSource(Context ctx) {
        Integer start = intParam(ctx, "start");
        Integer end = intParam(ctx, "end");
        int from = start == null ? 1 : Math.max(1, start - 200);
        Integer to = end == null ? null : end + 200;
        SourceView view = sources.read(ctx.queryParam("repo"), ctx.queryParam("path"), from, to);
        int hlStart = start == null ? view.start() : start;
        int hlEnd = end == null ? hlStart : end;
        ctx.html(WebUi.codeView(view, hlStart, hlEnd));
    }

    // ---------------------------------------------------------------------------------------------------------
    // Errors, parsing, metrics

    private void handleError(Exception e, Context ctx) {
        HttpErrors.HttpError err = logged(e);
        respondError(ctx, err.status(), err.message());
    }

    private void respondError(Context ctx, int status, String message) {
        ctx.status(status);
        if (ctx.path().startsWith("/ui/") || ctx.path().equals("/")) {
            ctx.html(WebUi.errorFragment(message));
        } else {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("error", message);
            body.put("status", status);
            ctx.json(body);
        }
    }

    /** Maps an exception; unexpected ones are logged with their stack trace (server side only). */
    private static HttpErrors.HttpError logged(Throwable e) {
        HttpErrors.HttpError err = HttpErrors.of(e);
        if (err.status() >= 500) {
            LOG.error("request failed: {}", err.message(), e);
        }
        return err;
    }

    private void recordRequest(Context ctx, Float ms) {
        String route;
        try {
            route = ctx.endpoint().path;
        } catch (RuntimeException e) {
            route = "unmatched";
        }
        if (route.startsWith("/webjars") || route.startsWith("/static")) {
            route = "static";
        }
        String method = ctx.method().name();
        String status = Integer.toString(ctx.statusCode());
        metrics.increment(
                "rag_http_requests_total",
                "HTTP requests by route, method and status",
                "route",
                route,
                "method",
                method,
                "status",
                status);
        metrics.observe(
                "rag_http_request_seconds", "HTTP request latency", ms / 1000.0, "route", route, "method", method);
    }

    private JsonNode jsonBody(Context ctx) {
        String body = ctx.body();
        if (body.isBlank()) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "request body must be a JSON object");
        }
        try {
            JsonNode node = json.readTree(body);
            if (node == null || !node.isObject()) {
                throw new ChatException(ChatException.Reason.BAD_REQUEST, "request body must be a JSON object");
            }
            return node;
        } catch (IOException e) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "malformed JSON in request body");
        }
    }

    private static String requiredText(JsonNode body, String field) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) {
            throw new ChatException(ChatException.Reason.EMPTY_QUERY, "\"" + field + "\" is required");
        }
        if (!v.isTextual()) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "\"" + field + "\" must be a string");
        }
        return v.asText();
    }

    private static Optional<String> optionalText(JsonNode body, String field) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) {
            return Optional.empty();
        }
        if (!v.isTextual()) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "\"" + field + "\" must be a string");
        }
        return Optional.of(v.asText()).filter(s -> !s.isBlank());
    }

    private static Integer intParam(Context ctx, String name) {
        String v = ctx.queryParam(name);
        if (v == null || v.isBlank()) {
            return null;
        }
        try {
            int n = Integer.parseInt(v.strip());
            if (n < 1) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new ChatException(
                    ChatException.Reason.BAD_REQUEST, "\"" + name + "\" must be a positive line number");
        }
    }

    private static boolean wantsEventStream(Context ctx) {
        String accept = ctx.header("Accept");
        return accept != null && accept.toLowerCase(Locale.ROOT).contains("text/event-stream");
    }

    private String toJson(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (IOException e) {
            throw new IllegalStateException(
                    "cannot serialise " + value.getClass().getSimpleName(), e);
        }
    }

    private String randomId() {
        byte[] b = new byte[12];
        random.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    /** snake_case JSON for every response (the API contract). */
    public static ObjectMapper mapper() {
        return new ObjectMapper()
                .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
    }

    private static String loadVersion() {
        try (InputStream in = ChatServer.class.getResourceAsStream("version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            String v = p.getProperty("version", "dev");
            return v.startsWith("${") ? "dev" : v;
        } catch (IOException e) {
            return "dev";
        }
    }
}
