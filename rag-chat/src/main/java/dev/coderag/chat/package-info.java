/**
 * The question-answering pipeline behind every front end: {@link dev.coderag.chat.ChatService} (validate,
 * retrieve, refuse or answer, cite, trace, remember), its request and response records, chat history and
 * metrics. May import rag-retrieval, rag-store, rag-types and this module's {@code answer} and {@code llm}
 * packages; never the web server ({@code http}, {@code web}) nor the ingester.
 */
package dev.coderag.chat;
