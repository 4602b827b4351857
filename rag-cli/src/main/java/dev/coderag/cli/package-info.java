/**
 * The composition root: {@code ./rag}'s entry point and one front end per command (picocli), one usage-error
 * type, and {@link dev.coderag.cli.IngesterIndexer}, which wires the ingester into the chat server. The only
 * package that may import every module.
 */
package dev.coderag.cli;
