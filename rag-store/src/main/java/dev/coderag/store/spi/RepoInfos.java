package dev.coderag.store.spi;

import dev.coderag.store.IndexState;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.RepoRecord;
import dev.coderag.types.ChunkKind;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * How every backend assembles {@link RepoInfo}s from what it stores: the repository records and the counts of
 * chunks, code languages and files per repository. A repository with chunks or files but no record is listed
 * too, with empty metadata and {@link IndexState#COMPLETE}. Pure.
 */
public final class RepoInfos {
    private RepoInfos() {}

    /**
     * The repositories named in any of the maps, by name.
     *
     * @param records the stored record of each repository that has one
     * @param chunks chunk counts per table (absent tables count 0)
     * @param languages code chunk counts per language id
     * @param files indexed files
     * @param staticVectors chunks with a static-tier vector (absent repositories count 0)
     */
    public static List<RepoInfo> assemble(
            Map<String, RepoRecord> records,
            Map<String, Map<ChunkKind, Integer>> chunks,
            Map<String, Map<String, Integer>> languages,
            Map<String, Integer> files,
            Map<String, Integer> staticVectors) {
        TreeSet<String> names = new TreeSet<>(records.keySet());
        names.addAll(chunks.keySet());
        names.addAll(files.keySet());
        List<RepoInfo> out = new ArrayList<>(names.size());
        for (String name : names) {
            Map<ChunkKind, Integer> perKind = new EnumMap<>(ChunkKind.class);
            for (ChunkKind kind : ChunkKind.values()) {
                perKind.put(kind, chunks.getOrDefault(name, Map.of()).getOrDefault(kind, 0));
            }
            Optional<RepoRecord> record = Optional.ofNullable(records.get(name));
            out.add(new RepoInfo(
                    name,
                    record.map(RepoRecord::source).orElse(""),
                    record.map(RepoRecord::commit).orElse(""),
                    record.map(RepoRecord::indexedAt),
                    perKind,
                    languages.getOrDefault(name, Map.of()),
                    files.getOrDefault(name, 0),
                    record.map(RepoRecord::state).orElse(IndexState.COMPLETE),
                    record.map(RepoRecord::pendingFiles).orElse(0),
                    record.map(RepoRecord::branch).orElse(""),
                    staticVectors.getOrDefault(name, 0)));
        }
        return out;
    }
}
