/**
 * The embedded store in one directory, served for every {@link dev.coderag.store.StoreLocation.Directory} by
 * {@link dev.coderag.store.embedded.EmbeddedBackend} (found by {@link java.util.ServiceLoader}): SQLite is the one
 * source of truth ({@code store.db}: chunk rows, FTS5, file index, call edges, repo records, skipped files; chats in
 * {@code chats.db}), with derived Lucene BM25 indexes ({@code lexical}) and vector indexes ({@code vectors}) beside
 * it. This package opens, checks, rebuilds and swaps the store's files, holds the write transaction and the read
 * views; {@code db} is the SQLite plumbing every part shares. Nothing compiles against this module: its classes are
 * public only where a sibling package of the module needs them. May import the store API and SPI, rag-types, SQLite,
 * Lucene and JVector.
 */
package dev.coderag.store.embedded;
