/**
 * The ranking stack of the production path: after fusion, a pure function re-scores the candidates from what the
 * question's form and words say about code — definitions of the symbols it names, file and directory names that
 * match its words, files with several matching chunks — and spreads the first places over files. Its weights are
 * data ({@code ranking.json}), each step switchable for ablation. Imports rag-types only.
 */
package dev.coderag.retrieval.rank;
