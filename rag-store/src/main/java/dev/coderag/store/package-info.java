/**
 * The store and the embedder. {@link dev.coderag.store.Store} keeps the chunks of every ingested repository in
 * one directory and answers by concern — {@code chunks()}, {@code vectors()}, {@code lexical()}, {@code files()},
 * {@code calls()}, {@code repos()} — with one cross-process writer ({@link dev.coderag.store.WriteTransaction});
 * {@link dev.coderag.store.Embedder} turns text into vectors in-process (DJL + ONNX Runtime). Public: the
 * interfaces and records; every implementation is package-private. May import rag-types and the storage and
 * model libraries (SQLite, Lucene, JVector, DJL, OpenNLP), none of whose types appear in the public API.
 */
package dev.coderag.store;
