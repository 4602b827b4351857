/**
 * Repositories as the server sees them: their status ({@link dev.coderag.chat.repos.RepoState}, and the phase of a
 * running ingest, {@link dev.coderag.chat.repos.IndexPhase}), the
 * background queue of ingests requested through the API, the {@link dev.coderag.chat.repos.Indexer} interface
 * through which the server asks for indexing (implemented by the composition root, so this module never
 * imports the ingester), and reading the lines of indexed files for the source viewer. May import the chat
 * pipeline's exceptions and rag-store.
 */
package dev.coderag.chat.repos;
