/**
 * The composition root: {@code ./rag}'s entry point and one front end per command ({@code ingest}/{@code status},
 * {@code serve}/{@code ask}, {@code eval}) sharing one picocli setup and one usage-error type
 * ({@link dev.coderag.cli.CliSupport}, {@link dev.coderag.cli.UsageException}), and {@link dev.coderag.cli.IngesterIndexer}, which wires the ingester into the chat server. The only
 * package that may import every module.
 */
package dev.coderag.cli;
