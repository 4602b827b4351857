/**
 * The records every module shares: the sealed {@link dev.coderag.types.Chunk} (one variant per store table),
 * its kinds and languages, and the hashing that gives chunks their ids. Imports nothing of the project and no
 * library: the bottom floor.
 */
package dev.coderag.types;
