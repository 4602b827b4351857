package dev.coderag.chat.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.chat.mcp.CoderagMcp;
import io.javalin.http.Context;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code /mcp}: the MCP server's Streamable HTTP endpoint (stateless: one JSON response per POST, no session, no
 * SSE stream), as an ordinary route, so {@link Boundary} checks it like every other (host, cross-site, token,
 * JSON body) and the request log counts it.
 *
 * <p>The SDK's servlet answers the POST into a buffer. A success (a JSON-RPC response, or 202 for a notification)
 * is passed on as it is; a refusal (400 for a malformed message or a wrong {@code Accept}, 413, 503) becomes this
 * API's one-line {@code {"error", "status"}} — the SDK would otherwise serialise its exception whole, stack trace
 * included.
 */
final class McpHandlers {
    private final CoderagMcp.HttpEndpoint endpoint;
    private final Requests requests;
    private final ObjectMapper json = new ObjectMapper();

    McpHandlers(CoderagMcp.HttpEndpoint endpoint, Requests requests) {
        this.endpoint = endpoint;
        this.requests = requests;
    }

    /** {@code POST /mcp}: one JSON-RPC message. */
    void post(Context ctx) throws IOException, ServletException {
        Buffered res = new Buffered(ctx.res());
        endpoint.service(ctx.req(), res);
        byte[] body = res.body();
        if (res.status < 400) {
            ctx.status(res.status).result(body);
            return;
        }
        error(ctx, res.status, res.message != null ? res.message : messageOf(body));
    }

    /** {@code GET} and {@code DELETE /mcp}: no SSE stream and no session to end on a stateless server. */
    void notAllowed(Context ctx) {
        ctx.header("Allow", "POST");
        error(ctx, 405, "this MCP endpoint is stateless: POST one JSON-RPC message per request");
    }

    private void error(Context ctx, int status, String message) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", HttpErrors.oneLine(message));
        body.put("status", status);
        ctx.status(status).contentType("application/json").result(requests.toJson(body));
    }

    /** The {@code message} of the SDK's error body, or a generic reason. */
    private String messageOf(byte[] body) {
        try {
            JsonNode node = json.readTree(body);
            JsonNode m = node == null ? null : node.get("message");
            if (m != null && m.isTextual() && !m.asText().isBlank()) {
                return m.asText();
            }
        } catch (IOException e) {
            // not JSON: fall through
        }
        return "the MCP request was refused";
    }

    /** A response held in memory with its status; headers and content type go through. */
    private static final class Buffered extends HttpServletResponseWrapper {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private PrintWriter writer;
        private ServletOutputStream stream;
        private int status = 200;
        private String message;

        Buffered(HttpServletResponse response) {
            super(response);
        }

        byte[] body() {
            if (writer != null) {
                writer.flush();
            }
            return bytes.toByteArray();
        }

        @Override
        public void setStatus(int sc) {
            status = sc;
        }

        @Override
        public int getStatus() {
            return status;
        }

        @Override
        public void sendError(int sc) {
            status = sc;
            message = sc == 413 ? "the request body is too large" : null;
        }

        @Override
        public void sendError(int sc, String msg) {
            status = sc;
            message = msg;
        }

        @Override
        public PrintWriter getWriter() {
            if (writer == null) {
                writer = new PrintWriter(new OutputStreamWriter(bytes, StandardCharsets.UTF_8));
            }
            return writer;
        }

        @Override
        public ServletOutputStream getOutputStream() {
            if (stream == null) {
                stream = new ServletOutputStream() {
                    @Override
                    public void write(int b) {
                        bytes.write(b);
                    }

                    @Override
                    public boolean isReady() {
                        return true;
                    }

                    @Override
                    public void setWriteListener(WriteListener listener) {
                        throw new UnsupportedOperationException("blocking only");
                    }
                };
            }
            return stream;
        }

        @Override
        public void flushBuffer() {
            // held until the handler writes it
        }
    }
}
