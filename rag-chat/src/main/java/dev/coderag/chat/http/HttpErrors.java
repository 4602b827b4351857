package dev.coderag.chat.http;

import dev.coderag.chat.ChatException;
import dev.coderag.store.StoreException;
import io.javalin.http.HttpResponseException;

/**
 * The one mapping from exceptions to HTTP status codes and user-facing messages. Typed exceptions map by
 * reason in exhaustive switches (a new reason fails to compile until it is mapped here); anything else is a
 * 500 with a generic message — never a stack trace, never the exception's own text (it may hold internals).
 */
final class HttpErrors {
    private HttpErrors() {}

    record HttpError(int status, String message) {}

    static HttpError of(Throwable e) {
        return switch (e) {
            case ChatException c -> new HttpError(status(c.reason()), c.getMessage());
            case StoreException s -> new HttpError(status(s.reason()), s.getMessage());
            case HttpResponseException h -> new HttpError(h.getStatus(), h.getMessage());
            default -> new HttpError(500, "internal error; see the server log");
        };
    }

    static int status(ChatException.Reason reason) {
        return switch (reason) {
            case EMPTY_QUERY, QUERY_TOO_LONG, BAD_REQUEST -> 400;
            case NOT_FOUND -> 404;
            case CONFLICT -> 409;
            case INDEXING_FAILED -> 422;
            case NO_DATA -> 503;
            case LLM_UNAVAILABLE -> 502;
        };
    }

    static int status(StoreException.Reason reason) {
        return switch (reason) {
            // the server was started on a store built with another model: an operator problem, not the client's
            case MODEL_MISMATCH, MODEL_UNAVAILABLE, LOCKED -> 503;
            case CORRUPT, IO -> 500;
        };
    }
}
