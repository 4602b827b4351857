package dev.coderag.chat.http;

import dev.coderag.chat.ApiContract;
import dev.coderag.chat.ChatException;
import dev.coderag.chat.web.WebUi;
import dev.coderag.embed.EmbedException;
import dev.coderag.store.StoreException;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one mapping from exceptions to HTTP status codes and user-facing messages, and the one shape of an
 * error response: a JSON {@code {"error", "status"}} object for the API, an HTML fragment for the page. Typed
 * exceptions map by reason in exhaustive switches (a new reason fails to compile until it is mapped here);
 * anything else is a 500 with a generic message — never a stack trace, never the exception's own text (it may
 * hold internals).
 */
final class HttpErrors {
    private static final Logger LOG = LoggerFactory.getLogger(ChatServer.class); // the server's log, as ever

    private HttpErrors() {}

    /** @param message one line, at most {@link #MAX_MESSAGE_CHARS} characters (folded here) */
    record HttpError(int status, String message) {
        HttpError {
            message = oneLine(message);
        }
    }

    static HttpError of(Throwable e) {
        return switch (e) {
            case HttpRefusal r -> new HttpError(status(r.reason()), r.getMessage());
            case ChatException c -> new HttpError(status(c.reason()), c.getMessage());
            case StoreException s -> new HttpError(status(s.reason()), s.getMessage());
            case EmbedException m -> new HttpError(503, m.getMessage());
            case HttpResponseException h -> new HttpError(h.getStatus(), h.getMessage());
            default -> new HttpError(500, "internal error; see the server log");
        };
    }

    static int status(ChatException.Reason reason) {
        return switch (reason) {
            case EMPTY_QUERY, QUERY_TOO_LONG, BAD_REQUEST -> 400;
            case FORBIDDEN -> 403;
            case NOT_FOUND -> 404;
            case CONFLICT -> 409;
            case BUSY -> 429;
            case INDEXING_FAILED -> 422;
            case NO_DATA -> 503;
            case LLM_UNAVAILABLE -> 502;
        };
    }

    static int status(HttpRefusal.Reason reason) {
        return switch (reason) {
            case FOREIGN_HOST -> 421;
            case CROSS_SITE -> 403;
            case UNAUTHENTICATED -> 401;
            case NOT_JSON -> 415;
            case BUSY -> 503;
            case MALFORMED_PATH -> 400;
        };
    }

    static int status(StoreException.Reason reason) {
        return switch (reason) {
            // the server was started on a store built with another model: an operator problem, not the client's
            case MODEL_MISMATCH, LOCKED -> 503;
            case CORRUPT, IO -> 500;
        };
    }

    /** Maps an exception; unexpected ones are logged with their stack trace (server side only). */
    static HttpError logged(Throwable e) {
        HttpError err = of(e);
        if (err.status() >= 500) {
            switch (e) {
                // our own typed failures say what happened in their message: one line, no stack trace
                case ChatException c -> LOG.warn("request failed: {}", oneLine(err.message()));
                case HttpRefusal r -> LOG.warn("request refused: {}", oneLine(err.message()));
                default -> LOG.error("request failed: {}", oneLine(err.message()), e);
            }
        }
        return err;
    }

    /** Seconds a client told 429 should wait before it retries ({@code Retry-After}). */
    static final int RETRY_AFTER_SECONDS = 30;

    /**
     * Sets the status of a refusal whose body the caller writes, with {@code Retry-After} when it is 429; marks
     * the response answered, so that a 404 keeps the caller's body.
     */
    static Context status(Context ctx, int status) {
        if (status == 429) {
            ctx.header("Retry-After", String.valueOf(RETRY_AFTER_SECONDS));
        }
        ctx.attribute(ANSWERED, Boolean.TRUE);
        return ctx.status(status);
    }

    /** The exception handler for every route. */
    static void handle(Exception e, Context ctx) {
        if (e instanceof HttpRefusal r) {
            switch (r.reason()) {
                case BUSY -> ctx.header("Retry-After", "2");
                case UNAUTHENTICATED -> ctx.header("WWW-Authenticate", "Bearer realm=\"coderag\"");
                case FOREIGN_HOST, CROSS_SITE, NOT_JSON -> {}
            }
        }
        HttpError err = logged(e);
        respond(ctx, err.status(), err.message());
    }

    /** The 404 handler: says which endpoint does not exist, unless our own error response is already there. */
    static void notFound(Context ctx) {
        if (ctx.attribute(ANSWERED) == null) {
            respond(ctx, 404, "no such endpoint: " + ctx.method() + " " + ctx.path());
        }
    }

    /** Set on a response this class wrote (Javalin's own "Endpoint … not found" text is replaced). */
    private static final String ANSWERED = "coderag.error-answered";

    /** At most this many characters of a message reach the client. */
    static final int MAX_MESSAGE_CHARS = 500;

    /**
     * A message as one printable line of bounded length: line breaks and other control characters (which could
     * forge lines in a client's log or ours) become spaces. Linear time.
     */
    static String oneLine(String message) {
        return ApiContract.oneLine(message, MAX_MESSAGE_CHARS);
    }

    private static void respond(Context ctx, int status, String raw) {
        String message = oneLine(raw);
        ctx.attribute(ANSWERED, Boolean.TRUE);
        status(ctx, status);
        if (ctx.path().startsWith("/ui/") || ctx.path().equals("/")) {
            ctx.html(WebUi.errorFragment(message));
        } else {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("error", message);
            body.put("status", status);
            ctx.json(body);
        }
    }
}
