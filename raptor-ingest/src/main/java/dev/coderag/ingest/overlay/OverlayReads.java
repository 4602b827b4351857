package dev.coderag.ingest.overlay;

import dev.coderag.store.FileEntry;
import dev.coderag.store.SharedChunk;
import dev.coderag.store.Store;
import dev.coderag.store.StoredChunk;
import dev.coderag.types.Chunk;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** What an overlay's plan reads of its base: the store side of {@link ChunkSharing}. */
public final class OverlayReads {
    private OverlayReads() {}

    /** Ids per store read: well under every backend's limit on one request. */
    private static final int BATCH = 500;

    /**
     * The parsed files of an overlay split against its base.
     *
     * @param own path → the chunks to store (every parsed path)
     * @param shared path → the base's chunks shown instead (paths that share none are absent)
     */
    public record Shares(Map<String, List<Chunk>> own, Map<String, List<SharedChunk>> shared) {
        public Shares {
            own = Map.copyOf(own);
            shared = Map.copyOf(shared);
        }
    }

    /** {@code parsed} (path → the branch's chunks) split against {@code base}'s stored chunks of the same paths. */
    public static Shares shares(Store store, String base, Map<String, List<Chunk>> parsed) {
        Map<String, FileEntry> entries = store.files().entries(base, parsed.keySet());
        List<String> ids =
                entries.values().stream().flatMap(e -> e.chunkIds().stream()).toList();
        Map<String, List<StoredChunk>> baseChunks = new HashMap<>();
        for (StoredChunk c : read(store, ids)) {
            baseChunks.computeIfAbsent(c.chunk().path(), p -> new ArrayList<>()).add(c);
        }
        Map<String, List<Chunk>> own = new TreeMap<>();
        Map<String, List<SharedChunk>> shared = new TreeMap<>();
        parsed.forEach((path, chunks) -> {
            ChunkSharing.Split split = ChunkSharing.split(chunks, baseChunks.getOrDefault(path, List.of()));
            own.put(path, split.own());
            if (!split.shared().isEmpty()) {
                shared.put(path, split.shared());
            }
        });
        return new Shares(own, shared);
    }

    /**
     * The overlay's stored hashes with the files whose shared chunks its base no longer holds marked pending
     * ({@link ChunkSharing#staleAsPending}).
     */
    public static Map<String, String> staleShared(Store store, String overlay, Map<String, String> storedHashes) {
        Map<String, List<SharedChunk>> shared = store.files().shared(overlay);
        if (shared.isEmpty()) {
            return storedHashes;
        }
        Set<String> present = new HashSet<>();
        read(store, ChunkSharing.ids(shared.values())).forEach(c -> present.add(c.id()));
        return ChunkSharing.staleAsPending(storedHashes, shared, present);
    }

    private static List<StoredChunk> read(Store store, List<String> ids) {
        List<StoredChunk> out = new ArrayList<>();
        for (int i = 0; i < ids.size(); i += BATCH) {
            out.addAll(store.chunks().getAll(ids.subList(i, Math.min(ids.size(), i + BATCH))));
        }
        return out;
    }
}
