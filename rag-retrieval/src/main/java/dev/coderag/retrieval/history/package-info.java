/**
 * Which commit last wrote each line of a file, from stored hunk headers alone (issue 34): git blame's algorithm on
 * {@code -U0} diffs, without move or copy detection, so the viewer can show the last change of the open lines and
 * chat can answer "who last changed this" from the index, offline, with no git at question time
 * ({@link dev.coderag.retrieval.history.LineHistory}). Pure; imports rag-types only.
 */
package dev.coderag.retrieval.history;
