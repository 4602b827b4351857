/**
 * For store backends only: the {@link dev.coderag.store.spi.StoreBackend} service interface and the rules every
 * backend shares, written once — the insert check and chunk serialisation ({@link dev.coderag.store.spi.StoreRules}),
 * the lexical analysis and term choice ({@link dev.coderag.store.spi.LexicalText},
 * {@link dev.coderag.store.spi.LexicalQuery}, the Porter stemmer), call keys, the path glob
 * ({@link dev.coderag.store.spi.PathGlob}: the matcher and its Lucene regular expression) and the assembly of
 * {@link dev.coderag.store.RepoInfo}s ({@link dev.coderag.store.spi.RepoInfos}). Nothing outside a backend imports
 * this package. May import the store API, rag-types, OpenNLP (stemming) and Jackson (chunk JSON).
 */
package dev.coderag.store.spi;
