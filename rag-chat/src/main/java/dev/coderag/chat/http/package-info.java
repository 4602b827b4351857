/**
 * The HTTP layer: {@link dev.coderag.chat.http.ChatServer} declares every route in one table, {@code Boundary}
 * checks every request before it (host, cross-site, page and bearer tokens, content type), the handler
 * classes parse requests and write responses (JSON, HTML fragments, SSE through {@code SseWriter}), and
 * {@code HttpErrors} is the one place exceptions become status codes and error bodies.
 *
 * <p>May use the chat pipeline ({@code dev.coderag.chat}), answer rendering ({@code dev.coderag.chat.answer}),
 * repositories ({@code dev.coderag.chat.repos}), the page's HTML ({@code dev.coderag.chat.web}), the store's
 * interfaces and Javalin. Holds no business logic: a handler reads the request, calls one service, renders the
 * result. Of production code, only the launcher ({@code rag-cli}) uses it.
 */
package dev.coderag.chat.http;
