package dev.coderag.store.solr;

import dev.coderag.store.FileEntry;
import dev.coderag.store.FileIndex;
import dev.coderag.store.SharedChunk;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@link FileIndex} on the file documents (repo, path, hash) and the chunks' paths. Chunk ids come in reading order
 * (path, start line, table), as the embedded store gives them. Thread-safe.
 */
final class SolrFileIndex implements FileIndex {
    private static final String CHUNK_ORDER = "path asc,start_line asc,kind asc";

    private final SolrReads reads;

    SolrFileIndex(SolrReads reads) {
        this.reads = reads;
    }

    @Override
    public Map<String, FileEntry> entries(String repo) {
        Objects.requireNonNull(repo, "repo");
        reads.connection().checkOpen();
        Map<String, String> hashes = hashes(repo, List.of());
        Map<String, List<String>> ids = chunkIds(repo, List.of());
        return entries(repo, hashes, ids);
    }

    @Override
    public Map<String, FileEntry> entries(String repo, Collection<String> paths) {
        Objects.requireNonNull(repo, "repo");
        reads.connection().checkOpen();
        List<String> wanted = new ArrayList<>(new TreeSet<>(paths));
        if (wanted.isEmpty()) {
            return Map.of();
        }
        Map<String, String> hashes = new TreeMap<>();
        Map<String, List<String>> ids = new HashMap<>();
        for (int i = 0; i < wanted.size(); i += SolrReads.BATCH) {
            List<String> part = wanted.subList(i, Math.min(wanted.size(), i + SolrReads.BATCH));
            String filter = SolrDocs.anyOf("path", part);
            hashes.putAll(hashes(repo, List.of(filter)));
            ids.putAll(chunkIds(repo, List.of(filter)));
        }
        return entries(repo, hashes, ids);
    }

    @Override
    public Map<String, String> hashes(String repo) {
        Objects.requireNonNull(repo, "repo");
        reads.connection().checkOpen();
        return hashes(repo, List.of());
    }

    @Override
    public Map<String, List<SharedChunk>> shared(String repo) {
        Objects.requireNonNull(repo, "repo");
        reads.connection().checkOpen();
        Map<String, List<SharedChunk>> out = new TreeMap<>();
        reads.forEach(
                List.of(SolrDocs.is("doc", SolrDocs.FILE), SolrDocs.is("repo", repo)),
                "path,body",
                "",
                "read the shared chunks",
                d -> {
                    List<SharedChunk> shared = SolrDocs.shared(SolrDocs.string(d, "body"));
                    if (!shared.isEmpty()) {
                        out.put(SolrDocs.string(d, "path"), shared);
                    }
                });
        return out;
    }

    private Map<String, String> hashes(String repo, List<String> more) {
        List<String> fq = new ArrayList<>(List.of(SolrDocs.is("doc", SolrDocs.FILE), SolrDocs.is("repo", repo)));
        fq.addAll(more);
        Map<String, String> out = new TreeMap<>();
        reads.forEach(
                fq,
                "path,file_hash",
                "",
                "read the file index",
                d -> out.put(SolrDocs.string(d, "path"), SolrDocs.string(d, "file_hash")));
        return out;
    }

    private Map<String, List<String>> chunkIds(String repo, List<String> more) {
        // a file's history (commit chunks) is no part of it: only a rewritten history deletes those
        List<String> fq = new ArrayList<>(
                List.of(SolrDocs.is("doc", SolrDocs.CHUNK), SolrDocs.is("repo", repo), SolrDocs.NOT_COMMIT));
        fq.addAll(more);
        Map<String, List<String>> out = new HashMap<>();
        reads.forEach(fq, "id,path", CHUNK_ORDER, "read the file index", d -> out.computeIfAbsent(
                        SolrDocs.string(d, "path"), p -> new ArrayList<>())
                .add(SolrDocs.string(d, "id")));
        return out;
    }

    private static Map<String, FileEntry> entries(
            String repo, Map<String, String> hashes, Map<String, List<String>> ids) {
        Map<String, FileEntry> out = new LinkedHashMap<>();
        hashes.forEach(
                (path, hash) -> out.put(path, new FileEntry(repo, path, hash, ids.getOrDefault(path, List.of()))));
        return out;
    }
}
