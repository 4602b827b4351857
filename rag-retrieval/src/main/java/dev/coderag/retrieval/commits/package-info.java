/**
 * What a question about the history asks, and which stored commits answer it (issue 34): pure logic over the
 * question's text and {@link dev.coderag.store.History}, with no search of its own.
 *
 * <ul>
 *   <li>{@link dev.coderag.retrieval.commits.HistoryQuestion}: what is asked — when something was added, who last
 *       changed it, why it changed, or what changed — and the dates it names
 *       ({@link dev.coderag.retrieval.commits.TimeWindow}: "in March 2024", "between 2023-01-01 and 2023-06-30",
 *       "last month", "since 2024"), read by one linear scan of its words; the ask's words are data
 *       ({@code history.json});
 *   <li>{@link dev.coderag.retrieval.commits.DefinitionHistory}: a definition's own history, from its file's
 *       commits newest first, following renames back ({@code oldPath}), and the commit that answers the ask —
 *       the oldest that introduced the name, the newest that touched it, or those that touched it ranked by the
 *       question's words.
 * </ul>
 *
 * <p>The retrieval ({@code dev.coderag.retrieval}) calls these for a question whose route reads the commit table:
 * the commits found here are pinned first, and the time window filters the commit searches.
 */
package dev.coderag.retrieval.commits;
