/**
 * Measuring code-navigation edges against a compiler: the edge format both sides write ({@link
 * dev.coderag.bench.edges.Edge}, one JSON object per line), the oracles that derive the true edges of a
 * repository, and the scoring of one edge file against another (precision and recall per kind).
 */
package dev.coderag.bench.edges;
