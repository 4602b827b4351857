package dev.coderag.chat.http;

import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * {@code GET /openapi.json}: the OpenAPI 3.1 description of every route of {@link ChatServer}, written by hand in
 * {@code openapi.json} beside this class and held to the routes by a test (a route added without it, or
 * described without being served, fails the build).
 */
final class OpenApi {
    /** The document, as served. */
    static final String DOCUMENT = load();

    private OpenApi() {}

    static void serve(Context ctx) {
        ctx.contentType("application/json; charset=utf-8").result(DOCUMENT);
    }

    private static String load() {
        try (InputStream in = OpenApi.class.getResourceAsStream("openapi.json")) {
            if (in == null) {
                throw new IllegalStateException("openapi.json is missing from the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("openapi.json cannot be read", e);
        }
    }
}
