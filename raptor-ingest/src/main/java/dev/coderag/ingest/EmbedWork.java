package dev.coderag.ingest;

import dev.coderag.types.Chunk;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which chunk texts need the model. Chunks to insert are grouped by content hash (one embedding serves every
 * chunk with the same text); a hash with a stored vector reuses it.
 *
 * @param byHash content hash → the chunks to insert with that hash, in insert order
 * @param reused content hash → stored vector, for the hashes that need no embedding
 * @param toEmbed the other hashes, longest text first (similar lengths share a batch, so less padding, and the
 *     ETA errs on the safe side), ties by hash
 * @param texts content hash → embedding text, for the hashes in {@code toEmbed}
 */
record EmbedWork(
        Map<String, List<Chunk>> byHash, Map<String, float[]> reused, List<String> toEmbed, Map<String, String> texts) {

    /** Content hash → chunks, in the order of {@code inserts}. */
    static Map<String, List<Chunk>> byContentHash(List<Chunk> inserts) {
        Map<String, List<Chunk>> byHash = new LinkedHashMap<>();
        for (Chunk c : inserts) {
            byHash.computeIfAbsent(c.contentHash(), h -> new ArrayList<>()).add(c);
        }
        return byHash;
    }

    /**
     * @param byHash from {@link #byContentHash}
     * @param reused the stored vectors found for some of its hashes (none when re-embedding everything)
     */
    static EmbedWork of(Map<String, List<Chunk>> byHash, Map<String, float[]> reused) {
        List<String> toEmbed = new ArrayList<>();
        for (String hash : byHash.keySet()) {
            if (!reused.containsKey(hash)) {
                toEmbed.add(hash);
            }
        }
        Map<String, String> texts = new HashMap<>();
        for (String hash : toEmbed) {
            texts.put(hash, byHash.get(hash).getFirst().embeddingText());
        }
        toEmbed.sort(Comparator.comparingInt((String h) -> texts.get(h).length())
                .reversed()
                .thenComparing(Comparator.naturalOrder()));
        return new EmbedWork(byHash, reused, toEmbed, texts);
    }
}
