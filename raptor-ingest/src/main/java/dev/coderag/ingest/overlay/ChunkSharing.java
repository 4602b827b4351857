package dev.coderag.ingest.overlay;

import dev.coderag.store.FileEntry;
import dev.coderag.store.SharedChunk;
import dev.coderag.store.StoredChunk;
import dev.coderag.types.Chunk;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Splits a branch's chunks of a file its base repository also has into those the overlay must store and those it
 * shows from the base: a chunk equal to one of the base's chunks of the same path in everything but its repository
 * and lines (same text, symbol, calls; the model may differ) is shared, at its line in the branch. Pure; thread-safe.
 */
public final class ChunkSharing {
    private ChunkSharing() {}

    /**
     * One file of an overlay.
     *
     * @param own the chunks the overlay stores, in the branch's order
     * @param shared the base's chunks it shows instead, by their branch line
     */
    public record Split(List<Chunk> own, List<SharedChunk> shared) {
        public Split {
            own = List.copyOf(own);
            shared = List.copyOf(shared);
        }
    }

    /**
     * @param branch the branch's chunks of one file (parsed under the overlay's name)
     * @param base the base's stored chunks of the same path (any order)
     * @return each branch chunk either own or shared; a base chunk is shared at most once (a branch that repeats a
     *     chunk stores the repetition)
     */
    public static Split split(List<Chunk> branch, List<StoredChunk> base) {
        Map<Chunk, Deque<StoredChunk>> byContent = new HashMap<>();
        base.stream()
                .sorted(Comparator.comparingInt((StoredChunk s) -> s.chunk().startLine()))
                .forEach(s -> byContent
                        .computeIfAbsent(placeless(s.chunk(), s.chunk().repo()), k -> new ArrayDeque<>())
                        .add(s));
        List<Chunk> own = new ArrayList<>();
        List<SharedChunk> shared = new ArrayList<>();
        for (Chunk c : branch) {
            Deque<StoredChunk> same = base.isEmpty()
                    ? null
                    : byContent.get(placeless(c, base.getFirst().chunk().repo()));
            if (same == null || same.isEmpty()) {
                own.add(c);
            } else {
                shared.add(new SharedChunk(same.removeFirst().id(), c.startLine()));
            }
        }
        shared.sort(Comparator.comparingInt(SharedChunk::startLine));
        return new Split(own, shared);
    }

    /**
     * A chunk with its place and model taken out: the key two chunks of one path share when only their lines differ
     * (a base chunk still of the static tier names the static model, the branch's parse the full one).
     */
    private static Chunk placeless(Chunk c, String repo) {
        return c.movedTo(repo, 1).withModelId(PLACELESS_MODEL);
    }

    private static final String PLACELESS_MODEL = "any";

    /**
     * The overlay's stored hashes with every file whose shared chunks are not all in its base any more (the base was
     * indexed again since) {@link FileEntry#pendingHash marked pending}, so that the overlay's ingest reads and
     * splits it again.
     *
     * @param storedHashes the overlay's file index (path → hash)
     * @param shared the overlay's shared chunks by path
     * @param present the ids of {@code shared} the store still holds
     */
    public static Map<String, String> staleAsPending(
            Map<String, String> storedHashes, Map<String, List<SharedChunk>> shared, Set<String> present) {
        Map<String, String> out = new LinkedHashMap<>(storedHashes);
        shared.forEach((path, chunks) -> {
            String hash = out.get(path);
            if (hash != null
                    && !FileEntry.isPending(hash)
                    && !chunks.stream().allMatch(c -> present.contains(c.chunkId()))) {
                out.put(path, FileEntry.pendingHash(hash));
            }
        });
        return out;
    }

    /** Every chunk id of {@code shared}. */
    public static List<String> ids(Collection<List<SharedChunk>> shared) {
        return shared.stream().flatMap(List::stream).map(SharedChunk::chunkId).toList();
    }
}
