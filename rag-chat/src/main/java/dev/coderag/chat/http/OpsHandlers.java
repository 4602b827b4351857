package dev.coderag.chat.http;

import dev.coderag.chat.ChatService;
import dev.coderag.chat.Metrics;
import dev.coderag.chat.repos.RepoManager;
import dev.coderag.embed.Embedder;
import dev.coderag.store.Store;
import dev.coderag.types.ChunkKind;
import io.javalin.http.Context;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What an operator asks of a running server: {@code /health} (version, model, generator, what is indexed),
 * Prometheus text at {@code /metrics}, and the per-request counters and latencies behind it.
 */
final class OpsHandlers {
    private final Store store;
    private final Embedder embedder;
    private final ChatService service;
    private final RepoManager repos;
    private final Metrics metrics;

    OpsHandlers(Store store, Embedder embedder, ChatService service, RepoManager repos) {
        this.store = store;
        this.embedder = embedder;
        this.service = service;
        this.repos = repos;
        this.metrics = service.metrics();
    }

    /** {@code GET /health}. */
    void health(Context ctx) {
        Map<String, Integer> chunks = new LinkedHashMap<>();
        Map<ChunkKind, Integer> counts = store.chunks().counts();
        for (ChunkKind kind : ChunkKind.values()) {
            chunks.put(kind.table(), counts.getOrDefault(kind, 0));
        }
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("status", "ok");
        h.put("version", ChatServer.VERSION);
        h.put("model", embedder.modelId());
        h.put("generator", service.generator().id());
        h.put("repos", store.repos().list().size());
        h.put("indexing", repos.active());
        h.put("chunks", chunks);
        // A rebuild (another model) swapped a new index in since this server opened the store: it keeps
        // answering from the index it opened, whole; a restart serves the new one.
        h.put("store_superseded", store.superseded());
        ctx.json(h);
    }

    /** {@code GET /metrics}. */
    void metrics(Context ctx) {
        ctx.contentType("text/plain; version=0.0.4; charset=utf-8").result(metrics.render());
    }

    /** Javalin's request logger: counts and times every request by route (static files as one route). */
    void record(Context ctx, Float ms) {
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
}
