/**
 * The records every module shares: the sealed {@link dev.coderag.types.Chunk} (one variant per store table),
 * its kinds and languages (the {@link dev.coderag.types.Language} registry), the hashing that gives chunks their
 * ids, and the few text helpers several modules need ({@link dev.coderag.types.Texts}). Imports nothing of the
 * project and no library: the bottom floor.
 */
package dev.coderag.types;
