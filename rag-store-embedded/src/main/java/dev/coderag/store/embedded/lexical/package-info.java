/**
 * BM25 ranking with Lucene: one memory-mapped index per table, derived from {@code store.db} and committed with
 * every store commit (or brought up to date in the background), ranked with FTS5's formula so that either answers
 * alike. Uses {@code db} and the shared lexical analysis of the SPI.
 */
package dev.coderag.store.embedded.lexical;
