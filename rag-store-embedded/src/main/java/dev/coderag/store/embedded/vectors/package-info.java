/**
 * Vector search: per table, exact search below a size and JVector graphs above it, kept in memory (or, above a
 * larger size, as product-quantization codes with the full vectors in a file) and saved to graph files so that a
 * restart does not rebuild them. Derived from {@code store.db}; uses {@code db}.
 */
package dev.coderag.store.embedded.vectors;
