package dev.coderag.ingest;

import dev.coderag.store.FileEntry;
import dev.coderag.store.SharedChunk;
import dev.coderag.types.Chunk;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Reconcile: what must change in the store so that one repo's index equals what is on disk. Pure functions
 * of their arguments (no I/O, no store access); thread-safe.
 *
 * <p>Two steps, because parsing sits between them: {@link #files} decides from hashes alone which files are
 * unchanged, changed, new or deleted (and so which must be parsed); {@link #plan} then compares the parsed
 * chunks of those files with the stored chunk ids. Chunk ids are deterministic, so a changed file whose
 * chunk keeps its text and line range keeps its id and is neither deleted nor re-inserted. A rename is a
 * delete plus a new file.
 */
final class Reconciler {
    private Reconciler() {}

    /** Paths by what happened to them, each set sorted. */
    record FilePlan(
            SortedSet<String> unchanged,
            SortedSet<String> changed,
            SortedSet<String> added,
            SortedSet<String> deleted) {

        /** Files whose chunks must be (re)computed: changed and new ones, or every current file when full. */
        SortedSet<String> toParse(boolean full) {
            TreeSet<String> parse = new TreeSet<>(changed);
            parse.addAll(added);
            if (full) {
                parse.addAll(unchanged);
            }
            return Collections.unmodifiableSortedSet(parse);
        }

        boolean isEmpty() {
            return changed.isEmpty() && added.isEmpty() && deleted.isEmpty();
        }
    }

    /**
     * Everything to write for one repo.
     *
     * @param putFiles path → file hash to record, for every parsed file
     * @param inserts chunks to insert, in path order, without duplicate ids
     * @param deleteChunkIds stored chunk ids to delete (none of them is also inserted)
     * @param deleteFiles stored files gone from disk
     * @param deletesByPath the same ids as {@code deleteChunkIds}, by the path whose stored version holds them
     *     (paths with nothing to delete are absent)
     * @param shared path → the base's chunks a branch overlay's file shows without storing them, recorded with the
     *     file (paths of {@code putFiles} only; empty outside an overlay)
     */
    record Plan(
            FilePlan files,
            Map<String, String> putFiles,
            List<Chunk> inserts,
            List<String> deleteChunkIds,
            List<String> deleteFiles,
            Map<String, List<String>> deletesByPath,
            Map<String, List<SharedChunk>> shared) {

        /** This plan recording {@code shared} with its files. */
        Plan withShared(Map<String, List<SharedChunk>> shared) {
            return new Plan(files, putFiles, inserts, deleteChunkIds, deleteFiles, deletesByPath, Map.copyOf(shared));
        }

        /** The shared chunks to record with {@code path}. */
        List<SharedChunk> shared(String path) {
            return shared.getOrDefault(path, List.of());
        }

        /** True when the store already matches the disk. */
        boolean isEmpty() {
            return files.isEmpty() && inserts.isEmpty() && deleteChunkIds.isEmpty();
        }
    }

    /**
     * Classifies files by comparing current hashes with the stored index.
     *
     * @param current path → file hash of every file on disk that is to be indexed
     * @param stored path → entry of every indexed file of the repo
     */
    static FilePlan files(Map<String, String> current, Map<String, FileEntry> stored) {
        TreeSet<String> unchanged = new TreeSet<>();
        TreeSet<String> changed = new TreeSet<>();
        TreeSet<String> added = new TreeSet<>();
        TreeSet<String> deleted = new TreeSet<>();
        current.forEach((path, hash) -> {
            FileEntry entry = stored.get(path);
            if (entry == null) {
                added.add(path);
            } else if (entry.fileHash().equals(hash)) {
                unchanged.add(path);
            } else {
                changed.add(path);
            }
        });
        for (String path : stored.keySet()) {
            if (!current.containsKey(path)) {
                deleted.add(path);
            }
        }
        return new FilePlan(
                Collections.unmodifiableSortedSet(unchanged),
                Collections.unmodifiableSortedSet(changed),
                Collections.unmodifiableSortedSet(added),
                Collections.unmodifiableSortedSet(deleted));
    }

    /**
     * The full plan.
     *
     * @param parsed path → chunks, for at least every path of {@code files(current, stored).toParse(full)}
     * @param full re-insert every chunk of the repo (to be re-embedded), even when its id is stored
     * @throws IllegalArgumentException when a file that must be parsed has no entry in {@code parsed}
     */
    static Plan plan(
            Map<String, String> current, Map<String, FileEntry> stored, Map<String, List<Chunk>> parsed, boolean full) {
        FilePlan files = files(current, stored);
        Map<String, String> putFiles = new TreeMap<>();
        Map<String, Chunk> inserts = new LinkedHashMap<>();
        Set<String> keptIds = new HashSet<>();
        for (String path : files.toParse(full)) {
            List<Chunk> chunks = parsed.get(path);
            if (chunks == null) {
                throw new IllegalArgumentException("no parse result for " + path);
            }
            putFiles.put(path, current.get(path));
            FileEntry entry = stored.get(path);
            Set<String> storedIds = entry == null ? Set.of() : new HashSet<>(entry.chunkIds());
            // a file whose chunks were committed before their vectors: every chunk is written again, with its
            // vector (stored by content hash when one was embedded since, else embedded now)
            boolean again = full || (entry != null && entry.pending());
            for (Chunk chunk : chunks) {
                String id = chunk.id();
                if (again || !storedIds.contains(id)) {
                    inserts.putIfAbsent(id, chunk);
                } else {
                    keptIds.add(id);
                }
            }
        }
        List<String> deleteIds = new ArrayList<>();
        List<String> deleteFiles = new ArrayList<>();
        Map<String, List<String>> deletesByPath = new TreeMap<>();
        for (var e : new TreeMap<>(stored).entrySet()) {
            String path = e.getKey();
            boolean gone = files.deleted().contains(path);
            boolean reparsed = putFiles.containsKey(path);
            if (gone) {
                deleteFiles.add(path);
            }
            if (gone || reparsed) {
                for (String id : e.getValue().chunkIds()) {
                    if (!inserts.containsKey(id) && !keptIds.contains(id)) {
                        deleteIds.add(id);
                        deletesByPath
                                .computeIfAbsent(path, p -> new ArrayList<>())
                                .add(id);
                    }
                }
            }
        }
        return new Plan(
                files,
                Collections.unmodifiableMap(putFiles),
                List.copyOf(inserts.values()),
                List.copyOf(deleteIds),
                List.copyOf(deleteFiles),
                Collections.unmodifiableMap(deletesByPath),
                Map.of());
    }
}
