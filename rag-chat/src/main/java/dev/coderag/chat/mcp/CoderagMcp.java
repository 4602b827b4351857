package dev.coderag.chat.mcp;

import dev.coderag.chat.ApiContract;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.server.McpStatelessSyncServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStatelessServerTransport;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;

/**
 * coderag's Model Context Protocol server, on the official Java SDK ({@code io.modelcontextprotocol.sdk}, JSON
 * through Jackson 2): the tools of {@link CodeTools} over stdio ({@code ./rag mcp}) or over Streamable HTTP
 * ({@code POST /mcp} of {@code ./rag serve}). The SDK speaks the protocol — JSON-RPC framing, initialisation,
 * version negotiation, input and output schema checks; this class only chooses the transport.
 *
 * <p>Over HTTP the server is stateless (the SDK's {@link HttpServletStatelessServerTransport}): each POST is
 * answered with one JSON response, no session is kept and no SSE stream is opened, so nothing grows with the
 * number of clients; the tools need no server-to-client requests. The web server mounts it as an ordinary route,
 * behind the same boundary checks as the rest of the API.
 */
public final class CoderagMcp {
    /** The server's name in {@code initialize}. */
    public static final String NAME = "coderag";

    /** What a client is told about the server in {@code initialize}. */
    static final String INSTRUCTIONS = "coderag answers questions about the indexed code repositories with exact"
            + " files and lines. Start with search_code (or ask for a cited answer); find_symbol and"
            + " find_references navigate definitions and calls; read_file reads indexed files; list_repos and"
            + " index_status say what is indexed. Every result keeps to max_tokens (default 5000): text is cut"
            + " before whole results, never a result's file and lines; call again with next_cursor for the rest.";

    /** The longest JSON-RPC message read (a question is at most 32,000 characters). */
    public static final int MAX_MESSAGE_BYTES = 1_000_000;

    /** How long a tool call may run: an answer from a slow LLM included. */
    static final Duration REQUEST_TIMEOUT = Duration.ofMinutes(5);

    private CoderagMcp() {}

    /**
     * A server on one stdio session: messages are read from {@code in} (newline-delimited JSON, each at most
     * {@link #MAX_MESSAGE_BYTES}), and only protocol messages are written to {@code out}. Returns at once; the
     * session ends when {@code in} ends.
     *
     * @param allowWrites whether {@code reindex} is offered
     */
    public static McpSyncServer stdio(CodeTools tools, boolean allowWrites, InputStream in, OutputStream out) {
        var transport = new SerializedStdio(
                new StdioServerTransportProvider(McpJsonDefaults.getMapper(), in, out, MAX_MESSAGE_BYTES));
        List<McpServerFeatures.SyncToolSpecification> specs = new McpTools(tools)
                .bound(allowWrites).stream()
                        .map(b -> new McpServerFeatures.SyncToolSpecification(
                                b.tool(), (exchange, request) -> b.call().apply(request.arguments())))
                        .toList();
        return McpServer.sync(transport)
                .serverInfo(NAME, ApiContract.VERSION)
                .instructions(INSTRUCTIONS)
                .capabilities(
                        McpSchema.ServerCapabilities.builder().tools(false).build())
                .requestTimeout(REQUEST_TIMEOUT)
                .tools(specs)
                .build();
    }

    /**
     * The Streamable HTTP endpoint, stateless.
     *
     * @param allowWrites whether {@code reindex} is offered
     */
    public static HttpEndpoint http(CodeTools tools, boolean allowWrites) {
        HttpServletStatelessServerTransport transport = HttpServletStatelessServerTransport.builder()
                .jsonMapper(McpJsonDefaults.getMapper())
                .messageEndpoint("/mcp")
                .maxRequestSize(MAX_MESSAGE_BYTES)
                .build();
        List<McpStatelessServerFeatures.SyncToolSpecification> specs = new McpTools(tools)
                .bound(allowWrites).stream()
                        .map(b -> new McpStatelessServerFeatures.SyncToolSpecification(
                                b.tool(), (context, request) -> b.call().apply(request.arguments())))
                        .toList();
        McpStatelessSyncServer server = McpServer.sync(transport)
                .serverInfo(NAME, ApiContract.VERSION)
                .instructions(INSTRUCTIONS)
                .capabilities(
                        McpSchema.ServerCapabilities.builder().tools(false).build())
                .requestTimeout(REQUEST_TIMEOUT)
                .immediateExecution(true) // the servlet blocks its (virtual) request thread anyway
                .tools(specs)
                .build();
        return new HttpEndpoint(transport, server);
    }

    /** {@code /mcp} of the web server: serves a POST with one JSON-RPC message. Thread-safe. */
    public static final class HttpEndpoint implements AutoCloseable {
        private final HttpServletStatelessServerTransport transport;
        private final McpStatelessSyncServer server;

        private HttpEndpoint(HttpServletStatelessServerTransport transport, McpStatelessSyncServer server) {
            this.transport = transport;
            this.server = server;
        }

        /**
         * Answers one request with the SDK's servlet; the caller has checked the boundary (host, cross-site,
         * token). The SDK checks the {@code Accept} header, reads at most {@link #MAX_MESSAGE_BYTES} and answers
         * a malformed message with a JSON-RPC error.
         */
        public void service(HttpServletRequest request, HttpServletResponse response)
                throws IOException, ServletException {
            transport.service(request, response);
        }

        @Override
        public void close() {
            server.close();
        }
    }
}
