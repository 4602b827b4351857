/**
 * Prose and plain text: Markdown cut into sections by heading ({@link
 * dev.coderag.ingest.parse.text.MarkdownChunker}), and the line windows that fit the embedding model's token window
 * ({@link dev.coderag.ingest.parse.text.TextWindows}, {@link dev.coderag.ingest.parse.text.LineSplitter}), used
 * for plain-text files and by {@code parse.code} for long definitions and module code. May import rag-types and the
 * {@code parse} package's records and text primitives.
 */
package dev.coderag.ingest.parse.text;
