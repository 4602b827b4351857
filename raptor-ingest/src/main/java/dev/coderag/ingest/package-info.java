/**
 * Ingest: from repository sources (paths, git URLs; {@link dev.coderag.ingest.RepoSources} holds the rules for
 * sources and names) to committed chunks — walk under ignore rules, hash, reconcile with the file index
 * ({@link dev.coderag.ingest.Reconciler}, pure), parse, embed, write. The {@code ingest}/{@code status}
 * command lives in rag-cli. May import the {@code parse} package (not its subpackages), rag-store and rag-types;
 * never retrieval, chat or a web server.
 */
package dev.coderag.ingest;
