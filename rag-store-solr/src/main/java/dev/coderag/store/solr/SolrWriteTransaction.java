package dev.coderag.store.solr;

import dev.coderag.store.HistoryMark;
import dev.coderag.store.RepoCatalog;
import dev.coderag.store.RepoRecord;
import dev.coderag.store.ResolvedFile;
import dev.coderag.store.SharedChunk;
import dev.coderag.store.SkippedFile;
import dev.coderag.store.VectorTier;
import dev.coderag.store.WriteTransaction;
import dev.coderag.store.spi.StoreRules;
import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CommitChunk;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.solr.client.solrj.request.UpdateRequest;
import org.apache.solr.common.SolrInputDocument;

/**
 * A write transaction on the collection, holding the {@link WriteLease} from begin to commit or close.
 *
 * <p>Solr has no multi-document transactions; this is how a batch still behaves like one. Chunks are sent as they
 * come, in requests of {@link #REQUEST_DOCS}, without a commit (invisible to searches); at a checkpoint or commit
 * the rest is sent in this order — the remaining chunks, then the deleted ids, then the file and repository
 * records — and one soft commit makes it all visible. A file's hash is recorded only after its chunks, so a writer
 * killed in the middle leaves files whose recorded hash is the old one: the next ingest re-plans them (reusing the
 * vectors already sent, by content hash) and finishes. Every request is idempotent (documents by id, deletes by
 * id) and retried while leaders move ({@link SolrConnection#write}). What a killed writer had sent but not committed
 * becomes visible with the next commit of anyone (docs/SCALE.md, "Consistency"). Not thread-safe.
 */
final class SolrWriteTransaction implements WriteTransaction {
    /** Chunk documents per update request (~5 MB with their vectors and text). */
    static final int REQUEST_DOCS = 500;

    private static final int DELETES_PER_REQUEST = 2000;

    private final SolrStore store;
    private final SolrConnection solr;
    private final SolrReads reads;
    private final WriteLease lease;
    /** Chunk documents not sent yet, by id. */
    private final Map<String, SolrInputDocument> chunks = new LinkedHashMap<>();
    /** File and repository records, sent last in a batch, by id. */
    private final Map<String, SolrInputDocument> records = new LinkedHashMap<>();
    /** Ids to delete at the end of the batch (never also in {@link #chunks} or {@link #records}). */
    private final Set<String> deletes = new LinkedHashSet<>();
    /** Ids of chunks written in this batch, per repo and path: a deleteFile must find them before they are visible. */
    private final Map<String, Set<String>> written = new HashMap<>();

    private boolean dirty;
    private boolean finished;

    SolrWriteTransaction(SolrStore store, SolrConnection solr, SolrReads reads, WriteLease lease) {
        this.store = store;
        this.solr = solr;
        this.reads = reads;
        this.lease = lease;
    }

    @Override
    public void putFile(String repo, String path, String fileHash, List<SharedChunk> shared) {
        Objects.requireNonNull(repo, "repo");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(fileHash, "fileHash");
        active();
        SolrInputDocument d = SolrDocs.file(repo, path, fileHash, List.copyOf(shared));
        String id = d.getFieldValue("id").toString();
        deletes.remove(id);
        records.put(id, d);
    }

    @Override
    public void deleteFile(String repo, String path) {
        Objects.requireNonNull(repo, "repo");
        Objects.requireNonNull(path, "path");
        active();
        Set<String> ids = new LinkedHashSet<>(written.getOrDefault(key(repo, path), Set.of()));
        reads.forEach(
                List.of(
                        SolrDocs.is("doc", SolrDocs.CHUNK),
                        SolrDocs.is("repo", repo),
                        SolrDocs.is("path", path),
                        SolrDocs.NOT_COMMIT),
                "id",
                "",
                "read a file's chunks",
                d -> ids.add(SolrDocs.string(d, "id")));
        ids.add(SolrDocs.fileId(repo, path));
        ids.add(SolrDocs.resolvedId(repo, path));
        ids.forEach(this::deleteId);
    }

    @Override
    public void putResolved(String repo, String fileHash, ResolvedFile file) {
        Objects.requireNonNull(repo, "repo");
        Objects.requireNonNull(fileHash, "fileHash");
        Objects.requireNonNull(file, "file");
        active();
        // One document holds the whole file, sent with the file records: it replaces the last one at once, and a
        // writer killed before the file's hash is recorded leaves references that do not count (their hash is not
        // the file index's).
        SolrInputDocument d = SolrResolvedDocs.doc(repo, fileHash, file);
        String id = d.getFieldValue("id").toString();
        deletes.remove(id);
        records.put(id, d);
    }

    @Override
    public void insert(Chunk chunk, float[] vector) {
        Objects.requireNonNull(chunk, "chunk");
        VectorTier tier = StoreRules.checkInsert(chunk, vector, store.dimension(), store.modelId());
        active();
        String id = chunk.id();
        deletes.remove(id);
        // The Solr store keeps no static tier (SolrStore#vectors): such a chunk is stored without a vector, found
        // by BM25, symbol and path until its full vector replaces it.
        float[] kept =
                switch (tier) {
                    case FULL -> vector;
                    case STATIC -> null;
                };
        chunks.put(id, SolrDocs.chunk(id, chunk, kept));
        // a commit chunk is no part of its file (deleteFile keeps it): kept under a key no path has
        String file = chunk instanceof CommitChunk ? HISTORY_KEY : chunk.path();
        written.computeIfAbsent(key(chunk.repo(), file), k -> new HashSet<>()).add(id);
        if (chunks.size() >= REQUEST_DOCS) {
            sendChunks();
        }
    }

    @Override
    public void delete(String chunkId) {
        Objects.requireNonNull(chunkId, "chunkId");
        active();
        deleteId(chunkId);
    }

    @Override
    public void deleteRepo(String repo) {
        Objects.requireNonNull(repo, "repo");
        active();
        Set<String> ids = new LinkedHashSet<>();
        written.forEach((k, v) -> {
            if (k.startsWith(repo + '\0')) {
                ids.addAll(v);
            }
        });
        for (Map.Entry<String, SolrInputDocument> e : records.entrySet()) {
            if (repo.equals(e.getValue().getFieldValue("repo"))) {
                ids.add(e.getKey());
            }
        }
        reads.forEach(
                List.of("doc:(chunk OR file OR resolved OR repo OR skipped OR history)", SolrDocs.is("repo", repo)),
                "id",
                "",
                "read a repository's documents",
                d -> ids.add(SolrDocs.string(d, "id")));
        ids.add(SolrDocs.repoId(repo));
        ids.forEach(this::deleteId);
    }

    @Override
    public void deleteHistory(String repo) {
        Objects.requireNonNull(repo, "repo");
        active();
        Set<String> ids = new LinkedHashSet<>(written.getOrDefault(key(repo, HISTORY_KEY), Set.of()));
        reads.forEach(
                List.of(
                        SolrDocs.is("doc", SolrDocs.CHUNK),
                        SolrDocs.is("repo", repo),
                        "kind:" + ChunkKind.COMMIT.table()),
                "id",
                "",
                "read a repository's history",
                d -> ids.add(SolrDocs.string(d, "id")));
        ids.add(SolrDocs.historyId(repo));
        ids.forEach(this::deleteId);
    }

    @Override
    public void putHistory(String repo, HistoryMark mark) {
        Objects.requireNonNull(repo, "repo");
        Objects.requireNonNull(mark, "mark");
        active();
        SolrInputDocument d = SolrDocs.history(repo, mark);
        String id = d.getFieldValue("id").toString();
        deletes.remove(id);
        records.put(id, d);
    }

    @Override
    public void putRepo(RepoRecord repo) {
        Objects.requireNonNull(repo, "repo");
        active();
        SolrInputDocument d = SolrDocs.repo(repo);
        String id = d.getFieldValue("id").toString();
        deletes.remove(id);
        records.put(id, d);
    }

    @Override
    public void putSkipped(String repo, List<SkippedFile> files) {
        Objects.requireNonNull(repo, "repo");
        active();
        records.values()
                .removeIf(d -> SolrDocs.SKIPPED.equals(d.getFieldValue("doc")) && repo.equals(d.getFieldValue("repo")));
        Set<String> kept = new HashSet<>();
        files.stream()
                .sorted(Comparator.comparing(SkippedFile::path))
                .limit(RepoCatalog.MAX_SKIPPED)
                .forEach(f -> {
                    SolrInputDocument d = SolrDocs.skipped(repo, f);
                    String id = d.getFieldValue("id").toString();
                    kept.add(id);
                    deletes.remove(id);
                    records.put(id, d);
                });
        reads.forEach(
                List.of(SolrDocs.is("doc", SolrDocs.SKIPPED), SolrDocs.is("repo", repo)),
                "id",
                "",
                "read a repository's skipped files",
                d -> {
                    String id = SolrDocs.string(d, "id");
                    if (!kept.contains(id)) {
                        deleteId(id);
                    }
                });
    }

    @Override
    public void checkpoint() {
        if (finished) {
            throw new IllegalStateException("the write transaction has already finished");
        }
        if (dirty) {
            flush();
        }
    }

    @Override
    public void commit() {
        if (finished) {
            throw new IllegalStateException("the write transaction has already finished");
        }
        try {
            if (dirty) {
                flush();
            }
        } finally {
            finish();
        }
    }

    @Override
    public void close() {
        if (!finished) {
            finish(); // what was not sent is dropped; what was sent stays uncommitted (class comment)
        }
    }

    private void flush() {
        sendChunks();
        List<String> ids = new ArrayList<>(deletes);
        for (int i = 0; i < ids.size(); i += DELETES_PER_REQUEST) {
            lease.check();
            solr.write(
                    new UpdateRequest().deleteById(ids.subList(i, Math.min(ids.size(), i + DELETES_PER_REQUEST))),
                    "delete chunks");
        }
        List<SolrInputDocument> docs = new ArrayList<>(records.values());
        for (int i = 0; i < docs.size(); i += REQUEST_DOCS) {
            lease.check();
            solr.write(
                    new UpdateRequest().add(docs.subList(i, Math.min(docs.size(), i + REQUEST_DOCS))), "record files");
        }
        lease.check();
        solr.commit("commit a batch");
        deletes.clear();
        records.clear();
        written.clear();
        dirty = false;
    }

    private void sendChunks() {
        if (chunks.isEmpty()) {
            return;
        }
        lease.check();
        solr.write(new UpdateRequest().add(new ArrayList<>(chunks.values())), "write chunks");
        chunks.clear();
    }

    private void deleteId(String id) {
        chunks.remove(id);
        records.remove(id);
        deletes.add(id);
    }

    private void active() {
        if (finished) {
            throw new IllegalStateException("the write transaction has already finished");
        }
        dirty = true;
    }

    private void finish() {
        finished = true;
        chunks.clear();
        records.clear();
        deletes.clear();
        written.clear();
        try {
            lease.close();
        } finally {
            store.transactionFinished(this);
        }
    }

    /** The {@link #written} key of a repository's commit chunks: no file's path is empty. */
    private static final String HISTORY_KEY = "";

    private static String key(String repo, String path) {
        return repo + '\0' + path;
    }
}
