package dev.coderag.store.solr;

import dev.coderag.store.CallGraph;
import dev.coderag.store.ChatLog;
import dev.coderag.store.FileIndex;
import dev.coderag.store.History;
import dev.coderag.store.LexicalSearch;
import dev.coderag.store.References;
import dev.coderag.store.RepoCatalog;
import dev.coderag.store.ScoredChunk;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.Store;
import dev.coderag.store.StoreException;
import dev.coderag.store.StoredChunks;
import dev.coderag.store.VectorSearch;
import dev.coderag.store.VectorTier;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.ChunkKind;
import java.nio.file.Path;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A {@link Store} on a SolrCloud collection (docs/SCALE.md): every concern — chunks with their vectors and BM25
 * text, the file index, call edges, resolved references, the repository catalog, chats, the store's metadata and the writer's lease — is
 * a kind of document in one collection ({@link SolrDocs}). Reads go to any replica; writes to the shard leaders,
 * retried while leaders move. The local directory holds only git clones. Thread-safe.
 */
final class SolrStore implements Store {
    private final SolrConnection solr;
    private final Path localDir;
    private final String modelId;
    private final int dimension;
    private final StoredChunks chunks;
    private final VectorSearch vectors;
    private final LexicalSearch lexical;
    private final FileIndex files;
    private final CallGraph calls;
    private final SolrReferences references;
    private final RepoCatalog repos;
    private final ChatLog chats;
    private final SolrReads reads;
    private final AtomicBoolean writing = new AtomicBoolean();
    private volatile SolrWriteTransaction openTransaction;

    private SolrStore(SolrConnection solr, Path localDir, String modelId, int dimension) {
        this.solr = solr;
        this.localDir = localDir;
        this.modelId = modelId;
        this.dimension = dimension;
        this.reads = new SolrReads(solr);
        this.chunks = new SolrChunkReads(reads);
        this.vectors = new SolrVectorSearch(reads, dimension);
        this.lexical = new SolrLexicalSearch(reads);
        this.files = new SolrFileIndex(reads);
        this.references = new SolrReferences(reads);
        this.calls = new SolrCallGraph(reads, references);
        this.repos = new SolrRepoCatalog(reads);
        this.chats = new SolrChatLog(solr, reads);
    }

    /** Opens (creating on first use) the collection of {@code url}; its schema version and model are checked. */
    static SolrStore open(SolrUrl url, Path localDir, String modelId, int dimension) {
        if (modelId == null || modelId.isBlank()) {
            throw new IllegalArgumentException("modelId must not be blank");
        }
        if (dimension <= 0) {
            throw new IllegalArgumentException("dimension must be positive: " + dimension);
        }
        SolrConnection solr = new SolrConnection(url);
        try {
            SolrSetup.ensure(solr, dimension);
            SolrSetup.checkModel(solr, modelId, dimension);
            return new SolrStore(solr, localDir.toAbsolutePath().normalize(), modelId, dimension);
        } catch (RuntimeException e) {
            solr.close();
            throw e;
        }
    }

    /** Deletes the collection (LOCKED while a writer holds the lease) and creates it empty. */
    static SolrStore recreate(SolrUrl url, Path localDir, String modelId, int dimension) {
        try (SolrConnection solr = new SolrConnection(url)) {
            if (SolrSetup.exists(solr)) {
                try (WriteLease lease = WriteLease.acquire(solr)) {
                    SolrSetup.delete(solr);
                }
            }
        }
        return open(url, localDir, modelId, dimension);
    }

    @Override
    public void publish() {
        solr.checkOpen(); // a Solr store is never staged (rebuild is refused), so there is nothing to swap in
    }

    @Override
    public boolean superseded() {
        return false;
    }

    @Override
    public Path directory() {
        return localDir;
    }

    @Override
    public String describe() {
        return solr.url().describe();
    }

    @Override
    public String modelId() {
        return modelId;
    }

    @Override
    public int dimension() {
        return dimension;
    }

    @Override
    public StoredChunks chunks() {
        return chunks;
    }

    /**
     * The full tier's kNN search; the static tier is empty: a Solr store is written by ingests that embed every
     * chunk with the full model (docs/SCALE.md), and static vectors sent to it are not stored.
     */
    @Override
    public VectorSearch vectors(VectorTier tier) {
        return switch (tier) {
            case FULL -> vectors;
            case STATIC -> EMPTY_TIER;
        };
    }

    /** The full tier: the only one this store keeps (see {@link #vectors(VectorTier)}). */
    @Override
    public Set<VectorTier> vectorTiers() {
        return EnumSet.of(VectorTier.FULL);
    }

    @Override
    public List<String> staticChunkIds(String repo, int limit) {
        return List.of();
    }

    private static final VectorSearch EMPTY_TIER = new VectorSearch() {
        @Override
        public List<ScoredChunk> search(ChunkKind table, float[] query, int k, SearchFilter filter) {
            return List.of();
        }

        @Override
        public Map<String, float[]> byContentHash(Collection<String> contentHashes) {
            return Map.of();
        }
    };

    @Override
    public LexicalSearch lexical() {
        return lexical;
    }

    @Override
    public FileIndex files() {
        return files;
    }

    @Override
    public CallGraph calls() {
        return calls;
    }

    @Override
    public References references() {
        return references;
    }

    @Override
    public RepoCatalog repos() {
        return repos;
    }

    @Override
    public History history() {
        return new SolrHistory(reads); // stateless over the shared reads
    }

    @Override
    public ChatLog chats() {
        return chats;
    }

    /** The store's connection; for tests. */
    SolrConnection connection() {
        return solr;
    }

    /** The connection's retry count (requests sent again while nodes or leaders were away); for tests. */
    long retries() {
        return solr.retries();
    }

    /** The searches this store has sent; for tests of a read's round trips. */
    long searches() {
        return solr.searches();
    }

    /** A chat log on this store's collection with other bounds; for tests. */
    ChatLog chatLog(long maxBytes, int maxChats) {
        return new SolrChatLog(solr, reads, maxBytes, maxChats);
    }

    @Override
    public WriteTransaction begin() {
        solr.checkOpen();
        if (!writing.compareAndSet(false, true)) {
            throw new StoreException(
                    StoreException.Reason.LOCKED,
                    "Store " + describe() + " is locked: a write transaction is already open in this process.");
        }
        try {
            SolrWriteTransaction tx = new SolrWriteTransaction(this, solr, reads, WriteLease.acquire(solr));
            openTransaction = tx;
            return tx;
        } catch (RuntimeException e) {
            writing.set(false);
            throw e;
        }
    }

    void transactionFinished(SolrWriteTransaction tx) {
        if (openTransaction == tx) {
            openTransaction = null;
            writing.set(false);
        }
    }

    @Override
    public void close() {
        if (solr.isClosed()) {
            return;
        }
        SolrWriteTransaction tx = openTransaction;
        if (tx != null) {
            tx.close();
        }
        solr.close();
    }
}
