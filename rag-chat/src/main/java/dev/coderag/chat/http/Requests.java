package dev.coderag.chat.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.chat.ChatException;
import io.javalin.http.Context;
import java.io.IOException;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads what a client sent — JSON bodies, query parameters, the Accept header — and writes JSON for SSE events
 * with the API's mapper. A malformed input is a {@link ChatException} with reason {@code BAD_REQUEST} (or
 * {@code EMPTY_QUERY} for a missing required field), never a raw parser exception.
 */
final class Requests {
    private final ObjectMapper json;

    Requests(ObjectMapper json) {
        this.json = json;
    }

    /** The body as a JSON object; a blank, malformed or non-object body is refused. */
    JsonNode jsonBody(Context ctx) {
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

    /** Like {@link #jsonBody}, but an empty body is an empty object (every field optional). */
    JsonNode optionalJsonBody(Context ctx) {
        return ctx.body().isBlank() ? json.createObjectNode() : jsonBody(ctx);
    }

    /** The value as JSON text (for an SSE event's data). */
    String toJson(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (IOException e) {
            throw new IllegalStateException(
                    "cannot serialise " + value.getClass().getSimpleName(), e);
        }
    }

    static String requiredText(JsonNode body, String field) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) {
            throw new ChatException(ChatException.Reason.EMPTY_QUERY, "\"" + field + "\" is required");
        }
        return text(v, field);
    }

    /** Empty when absent, null or blank. */
    static Optional<String> optionalText(JsonNode body, String field) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) {
            return Optional.empty();
        }
        return Optional.of(text(v, field)).filter(s -> !s.isBlank());
    }

    private static String text(JsonNode v, String field) {
        if (!v.isTextual()) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "\"" + field + "\" must be a string");
        }
        return v.asText();
    }

    /** A positive line number, or null when the parameter is absent or blank. */
    static Integer lineParam(Context ctx, String name) {
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

    /** A form field stripped, empty when absent. */
    static String formText(Context ctx, String name) {
        return Optional.ofNullable(ctx.formParam(name)).orElse("").strip();
    }

    /** A form field, empty when absent or blank. */
    static Optional<String> optionalForm(Context ctx, String name) {
        return Optional.ofNullable(ctx.formParam(name)).filter(v -> !v.isBlank());
    }

    static boolean wantsEventStream(Context ctx) {
        String accept = ctx.header("Accept");
        return accept != null && accept.toLowerCase(Locale.ROOT).contains("text/event-stream");
    }
}
