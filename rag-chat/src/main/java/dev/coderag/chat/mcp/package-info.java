/**
 * coderag for coding agents: the Model Context Protocol server. {@link dev.coderag.chat.mcp.CodeTools} is what the
 * tools do (search, ask, symbols, references, files, repositories, status, re-indexing), independent of the
 * protocol; {@code McpTools} binds them to the tool table in {@code tools.json} (names, hints, input and output
 * schemas) and renders results; {@link dev.coderag.chat.mcp.CoderagMcp} builds the SDK's server on stdio or on
 * the stateless Streamable HTTP transport.
 *
 * <p>May use the chat pipeline ({@code dev.coderag.chat}), answer text ({@code dev.coderag.chat.answer}),
 * repositories and source files ({@code dev.coderag.chat.repos}), the web page's link format
 * ({@code dev.coderag.chat.web.WebUi#viewerLink}), retrieval, the store's interfaces and the MCP SDK (with the
 * servlet API its HTTP transport is written against). Never Javalin: the HTTP route that mounts the endpoint
 * lives in {@code dev.coderag.chat.http}, behind its {@code Boundary}.
 */
package dev.coderag.chat.mcp;
