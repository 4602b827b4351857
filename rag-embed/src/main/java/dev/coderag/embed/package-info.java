/**
 * The embedders: {@link dev.coderag.embed.Embedder} turns text into unit vectors in-process —
 * {@link dev.coderag.embed.Embedder#open} is DJL + ONNX Runtime running bge-small-en-v1.5
 * ({@link dev.coderag.embed.EmbeddingModel}: fp32 or int8, shipped inside Maven jars, nothing downloaded), with
 * length-sorted batches, token windows for long documents and a bounded predictor pool;
 * {@link dev.coderag.embed.Embedder#openStatic} is the model's static tier (token vectors distilled from it once and
 * cached, a text embedded by table look-up), and {@link dev.coderag.embed.Embedder#openTwoTier} the model with that
 * tier attached; failures are {@link dev.coderag.embed.EmbedException}s. Used by ingest, retrieval and the
 * composition roots, never by a store. Public: the interface, the model enum and the exception; the implementations
 * are package-private. May import DJL, ONNX Runtime and the JDK; no type of theirs appears in the public API.
 */
package dev.coderag.embed;
