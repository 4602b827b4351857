/**
 * Code through tree-sitter: {@link dev.coderag.ingest.parse.code.CodeChunker} (the one public entry), the handler
 * of each code {@link dev.coderag.types.Language} and its query files ({@code .scm} resources next to these
 * classes: definitions, doc comments, calls), the doc-comment rules, and the extraction that turns a syntax tree
 * into definition chunks, split parts and module code. Everything but the entry is package-private. May import
 * rag-types, tree-sitter, the {@code parse} package's records and text primitives and {@code parse.text}'s
 * windows.
 */
package dev.coderag.ingest.parse.code;
