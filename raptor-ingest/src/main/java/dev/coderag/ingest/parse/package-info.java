/**
 * Parsing one file into chunks: the entry point ({@link dev.coderag.ingest.parse.ChunkParser}, which picks a file's
 * category by its name and the {@link dev.coderag.types.Language} registry), its options and results, and the text
 * primitives every reader shares ({@code SourceText}, {@code ModuleNames}). The readers live in the subpackages:
 * {@code code} (tree-sitter, one handler per language), {@code manifest} (build manifests) and {@code text}
 * (Markdown sections and plain-text windows). Pure apart from reading grammar resources; may import rag-types, the
 * parsing libraries and its subpackages, never the store.
 */
package dev.coderag.ingest.parse;
