/**
 * Parsing one file into chunks: tree-sitter code (one handler and one query file per language: definitions, doc
 * comments, calls), Markdown sections, build manifests (TOML through jackson-dataformat-toml, JSON, XML) and
 * module docs, cut into windows the embedding model can take. Pure apart from reading grammar resources; may
 * import rag-types and the parsing libraries, never the store.
 */
package dev.coderag.ingest.parse;
