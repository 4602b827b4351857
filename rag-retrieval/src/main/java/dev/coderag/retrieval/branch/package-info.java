/**
 * A branch overlay read as the whole branch (docs/STORE.md, "Branches"): which of its base's chunks it shows, where,
 * and under which name. Retrieval ({@code ChunkSource}) and the MCP navigation tools read branches through it.
 */
package dev.coderag.retrieval.branch;
