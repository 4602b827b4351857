package dev.coderag.store;

import dev.coderag.types.ChunkKind;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads of stored chunks by id, symbol and path. Every chunk comes with the id it is stored under
 * ({@link StoredChunk}), so readers never recompute it. Thread-safe; reads see the last committed state; failures
 * are {@link StoreException}s.
 */
public interface StoredChunks {

    /** The chunk with that id, if stored. */
    Optional<StoredChunk> get(String id);

    /** The chunks with those ids that are stored, in the order given (missing ids are skipped). */
    List<StoredChunk> getAll(Collection<String> ids);

    /**
     * Code chunks whose symbol (or qualified name) equals {@code symbol}, optionally in one repo; ordered by repo,
     * path and start line.
     */
    List<StoredChunk> bySymbol(String symbol, Optional<String> repo);

    /**
     * Chunks of files whose path equals {@code pathOrSuffix} or ends with "/" + it, optionally in one repo;
     * ordered by repo, path and start line. Leading "./" and "/" are ignored; a blank path finds nothing.
     */
    List<StoredChunk> byPath(String pathOrSuffix, Optional<String> repo);

    /** Chunk counts per table over all repos (every kind present, zero included). Counts every row: not per question. */
    Map<ChunkKind, Integer> counts();

    /**
     * True when the store holds no chunk at all. Cheap (it looks for one row): what a question checks before it
     * runs, where {@link #counts()} would count every row of a large store on every request.
     */
    default boolean isEmpty() {
        return counts().values().stream().mapToInt(Integer::intValue).sum() == 0;
    }
}
