/**
 * Parsing one file into chunks: tree-sitter code (one handler and its query files per language: definitions, doc
 * comments, calls), Markdown sections, build manifests (TOML through jackson-dataformat-toml, JSON, XML through
 * the JDK; Gradle, setup.py, setup.cfg, CMake and requirements files through small linear-time scanners) and
 * module docs, cut into windows the embedding model can take. Pure apart from reading grammar resources; may
 * import rag-types and the parsing libraries, never the store.
 */
package dev.coderag.ingest.parse;
