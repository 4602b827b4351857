/**
 * A repository's history as evidence (issue 34): {@link dev.coderag.ingest.history.HistoryReader} streams the
 * commits of a range newest-first as {@link dev.coderag.ingest.history.CommitDiff}s — the commit's metadata and, per
 * file, its {@code -U0} hunk headers, a capped hunk text and the names of the current snapshot's definitions the
 * change touched — in bounded memory and linear time whatever the history holds (a 100 MB one-line diff, 100,000
 * commits, a message with NUL, HTML or fake diff lines). git runs through a {@link
 * dev.coderag.ingest.history.GitRunner}, which the ingest package implements with its isolation
 * ({@link dev.coderag.ingest.GitPolicy#historyGit()}); this package imports rag-types and nothing else of the
 * project.
 */
package dev.coderag.ingest.history;
