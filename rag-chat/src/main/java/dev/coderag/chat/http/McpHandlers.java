package dev.coderag.chat.http;

import dev.coderag.chat.mcp.CoderagMcp;
import io.javalin.http.Context;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code /mcp}: the MCP server's Streamable HTTP endpoint (stateless: one JSON response per POST, no session, no
 * SSE stream), as an ordinary route, so {@link Boundary} checks it like every other (host, cross-site, token,
 * JSON body) and the request log counts it. The SDK's servlet answers the POST; whatever it refuses with a bare
 * status (a body over the size limit, shutting down) becomes this API's one-line JSON error.
 */
final class McpHandlers {
    private final CoderagMcp.HttpEndpoint endpoint;
    private final Requests requests;

    McpHandlers(CoderagMcp.HttpEndpoint endpoint, Requests requests) {
        this.endpoint = endpoint;
        this.requests = requests;
    }

    /** {@code POST /mcp}: one JSON-RPC message. */
    void post(Context ctx) throws IOException, ServletException {
        endpoint.service(ctx.req(), new JsonErrors(ctx.res(), requests));
    }

    /** {@code GET} and {@code DELETE /mcp}: no SSE stream and no session to end on a stateless server. */
    void notAllowed(Context ctx) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", "this MCP endpoint is stateless: POST one JSON-RPC message per request");
        body.put("status", 405);
        ctx.header("Allow", "POST").status(405).contentType("application/json").result(requests.toJson(body));
    }

    /** A response whose {@code sendError} writes {@code {"error", "status"}} instead of the container's page. */
    private static final class JsonErrors extends HttpServletResponseWrapper {
        private final Requests requests;

        JsonErrors(HttpServletResponse response, Requests requests) {
            super(response);
            this.requests = requests;
        }

        @Override
        public void sendError(int status) throws IOException {
            sendError(status, status == 413 ? "the request body is too large" : "the request was refused");
        }

        @Override
        public void sendError(int status, String message) throws IOException {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("error", HttpErrors.oneLine(message));
            body.put("status", status);
            setStatus(status);
            setContentType("application/json");
            setCharacterEncoding("UTF-8");
            getWriter().write(requests.toJson(body));
            getWriter().flush();
        }
    }
}
