/**
 * The web chat's HTML: the page, its htmx fragments and its static files ({@code static/app.js},
 * {@code static/app.css}), rendered with j2html so every text and attribute value is escaped. The ids, classes,
 * htmx attributes and {@code data-testid}s listed on {@link dev.coderag.chat.web.WebUi} are a contract with the
 * browser tests.
 *
 * <p>No request handling: nothing here sees a request, a response or Javalin, and nothing here imports
 * {@code dev.coderag.chat.http}; it turns values (the chat pipeline's records, repository statuses, source
 * views) into HTML, with answer Markdown through {@link dev.coderag.chat.answer.Markdown}.
 */
package dev.coderag.chat.web;
