package dev.coderag.store;

import dev.coderag.types.ChunkKind;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * A repository in the store.
 *
 * @param source the local path or git URL it was ingested from
 * @param commit the HEAD commit sha at the last ingest, or "" when not a git checkout
 * @param indexedAt when the last ingest committed, empty if never
 * @param chunks chunk counts per table (every kind present, zero included)
 * @param languages code chunk counts per language id
 * @param files number of indexed files
 */
public record RepoInfo(
        String name,
        String source,
        String commit,
        Optional<Instant> indexedAt,
        Map<ChunkKind, Integer> chunks,
        Map<String, Integer> languages,
        int files) {
    public RepoInfo {
        chunks = Map.copyOf(chunks);
        languages = Map.copyOf(languages);
    }
}
