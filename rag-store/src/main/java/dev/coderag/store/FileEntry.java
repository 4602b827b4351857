package dev.coderag.store;

import java.util.List;

/**
 * What the store knows of one indexed file.
 *
 * @param fileHash SHA-256 of the file's bytes (line endings normalised) when it was indexed
 * @param chunkIds ids of the chunks that came from it (possibly none)
 */
public record FileEntry(String repo, String path, String fileHash, List<String> chunkIds) {
    public FileEntry {
        chunkIds = List.copyOf(chunkIds);
    }
}
