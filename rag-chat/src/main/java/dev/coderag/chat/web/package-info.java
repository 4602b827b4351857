/**
 * The web chat's HTML: the page, its htmx fragments and its static files ({@code static/app.js},
 * {@code static/app.css}, {@code static/code.css}), rendered with j2html so every text and attribute value is
 * escaped. The code viewer ({@code CodeView}) is highlighted in the browser by highlight.js from its webjar
 * ({@code Highlighter} names the grammar), links identifiers to definitions ({@code SymbolLinks}) and each answer
 * has a "why these sources" panel ({@code TracePanel}). The ids, classes,
 * htmx attributes and {@code data-testid}s listed on {@link dev.coderag.chat.web.WebUi} are a contract with the
 * browser tests.
 *
 * <p>No request handling: nothing here sees a request, a response or Javalin, and nothing here imports
 * {@code dev.coderag.chat.http}; it turns values (the chat pipeline's records, repository statuses, source
 * views) into HTML, with answer Markdown through {@link dev.coderag.chat.answer.Markdown}.
 */
package dev.coderag.chat.web;
