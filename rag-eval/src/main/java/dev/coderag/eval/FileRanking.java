package dev.coderag.eval;

import dev.coderag.store.ScoredChunk;
import dev.coderag.types.Chunk;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns a ranked chunk list into the ranked lists the metrics are computed on. Pure; thread-safe. */
final class FileRanking {
    private FileRanking() {}

    /** A file in a ranking, with the score of its best chunk. */
    record RankedFile(String path, double score) {}

    /**
     * The distinct files of {@code hits} in rank order: a file takes the place of its first (best-ranked) chunk
     * and that chunk's score. Hits are taken in the order given (the retriever's rank order), not re-sorted.
     */
    static List<RankedFile> files(List<ScoredChunk> hits) {
        Map<String, RankedFile> byPath = new LinkedHashMap<>();
        for (ScoredChunk h : hits) {
            byPath.putIfAbsent(h.chunk().path(), new RankedFile(h.chunk().path(), h.score()));
        }
        return List.copyOf(byPath.values());
    }

    static List<String> paths(List<RankedFile> files) {
        List<String> out = new ArrayList<>(files.size());
        for (RankedFile f : files) {
            out.add(f.path());
        }
        return out;
    }

    /** The chunks as line ranges, in rank order (function level); duplicates of the same range dropped. */
    static List<Metrics.RankedRange> ranges(List<ScoredChunk> hits) {
        Map<String, Metrics.RankedRange> seen = new LinkedHashMap<>();
        for (ScoredChunk h : hits) {
            Chunk c = h.chunk();
            seen.putIfAbsent(
                    c.path() + ':' + c.startLine() + '-' + c.endLine(),
                    new Metrics.RankedRange(c.path(), c.startLine(), c.endLine()));
        }
        return List.copyOf(seen.values());
    }
}
