package dev.coderag.store;

import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.sqlite.SQLiteConfig;

/**
 * The store: SQLite ({@code store.db}, WAL) holds chunks, vectors, the BM25 index (FTS5), the file index, call
 * edges and repo metadata, and is the only source of truth; {@link VectorTables} derives in-memory vector indexes
 * (exact below a size, JVector graphs above) from it. See {@link VectorStore} for the contract.
 */
final class SqliteVectorStore implements VectorStore {
    static final String DB_FILE = "store.db";
    /** Every file the store creates in its directory (graph files are added by the vector side). */
    static final List<String> STORE_FILES = List.of(DB_FILE, DB_FILE + "-wal", DB_FILE + "-shm", DB_FILE + "-journal");

    private static final int WRITER_BUSY_MILLIS = 10_000;
    /** Weights of the FTS columns (names, body): a hit in a symbol, path or heading counts more. */
    private static final String BM25 = "3.0, 1.0";

    private final Path dir;
    private final Path dbFile;
    private final String modelId;
    private final int dimension;
    private final ReaderPool readers;
    private final VectorTables vectors;
    private final LexicalIndexes lexical;
    /** Set while a transaction of this store object is open (or being opened). */
    private final AtomicBoolean writing = new AtomicBoolean();

    private volatile SqliteWriteTransaction openTransaction;
    private final Map<ChunkKind, long[]> docCounts = new EnumMap<>(ChunkKind.class);
    private volatile boolean closed;

    private SqliteVectorStore(Path dir, String storeId, String modelId, int dimension, StoreOptions options) {
        this.dir = dir;
        this.dbFile = dir.resolve(DB_FILE);
        this.modelId = modelId;
        this.dimension = dimension;
        this.readers =
                new ReaderPool(dir, dbFile, Math.max(4, 2 * Runtime.getRuntime().availableProcessors()));
        this.vectors = new VectorTables(dir, storeId, dimension, options, readers);
        this.lexical = new LexicalIndexes(
                options.memoryBm25Above(),
                options.backgroundGraph(),
                dir.getFileName() == null ? "store" : dir.getFileName().toString(),
                readers,
                (table, c) ->
                        LexicalIndex.build(c, table, Schema.metaLong(c, "seq"), json -> decode(table.table(), json)));
    }

    static VectorStore open(Path dir, String modelId, int dimension) {
        return open(dir, modelId, dimension, StoreOptions.fromSystemProperties());
    }

    static SqliteVectorStore open(Path dir, String modelId, int dimension, StoreOptions options) {
        Objects.requireNonNull(dir, "dir");
        if (modelId == null || modelId.isBlank()) {
            throw new IllegalArgumentException("modelId must not be blank");
        }
        if (dimension <= 0) {
            throw new IllegalArgumentException("dimension must be positive: " + dimension);
        }
        Path abs = dir.toAbsolutePath().normalize();
        ensureDirectory(abs);
        Path db = abs.resolve(DB_FILE);
        if (Files.exists(db) && !Files.isRegularFile(db)) {
            throw new StoreException(
                    StoreException.Reason.CORRUPT, "Store " + abs + " is unreadable: " + db + " is not a file.");
        }
        String storeId;
        try (Connection c = Sql.open(db, true, WRITER_BUSY_MILLIS)) {
            if (!Schema.hasMeta(c)) {
                create(abs, c, modelId, dimension);
            }
            check(abs, c, modelId, dimension);
            storeId = Schema.meta(c, "store_id").orElse(null);
            if (storeId == null) { // stores from before store ids: give it one
                Sql.exec(c, "INSERT OR IGNORE INTO meta (key, value) VALUES ('store_id', '" + UUID.randomUUID() + "')");
                storeId = Schema.meta(c, "store_id").orElseThrow();
            }
        } catch (SQLException e) {
            throw Sql.error(abs, "open the store", e);
        }
        GraphFiles.deleteStaleTemporaries(abs);
        return new SqliteVectorStore(abs, storeId, modelId, dimension, options);
    }

    static VectorStore recreate(Path dir, String modelId, int dimension) {
        return recreate(dir, modelId, dimension, StoreOptions.fromSystemProperties());
    }

    static SqliteVectorStore recreate(Path dir, String modelId, int dimension, StoreOptions options) {
        Objects.requireNonNull(dir, "dir");
        Path abs = dir.toAbsolutePath().normalize();
        ensureDirectory(abs);
        WriteLock lock = WriteLock.acquire(abs);
        try {
            for (String name : STORE_FILES) {
                Files.deleteIfExists(abs.resolve(name));
            }
            GraphFiles.deleteAll(abs);
        } catch (IOException e) {
            throw new StoreException(
                    StoreException.Reason.IO,
                    "Store " + abs + ": could not delete the old store files (" + Sql.firstLine(e.getMessage()) + ").",
                    e);
        } finally {
            lock.close();
        }
        return open(abs, modelId, dimension, options);
    }

    static Optional<String> storedModelId(Path dir) {
        Path abs = dir.toAbsolutePath().normalize();
        Path db = abs.resolve(DB_FILE);
        if (!Files.isRegularFile(db)) {
            return Optional.empty();
        }
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setBusyTimeout(WRITER_BUSY_MILLIS);
        try (Connection c = config.createConnection("jdbc:sqlite:" + db)) {
            if (!Schema.hasMeta(c)) {
                if (Schema.isEmpty(c)) {
                    return Optional.empty();
                }
                throw notAStore(abs);
            }
            return Schema.meta(c, "model_id");
        } catch (SQLException e) {
            throw Sql.error(abs, "read the store's model id", e);
        }
    }

    private static void ensureDirectory(Path abs) {
        if (Files.exists(abs) && !Files.isDirectory(abs)) {
            throw new StoreException(StoreException.Reason.IO, "Store " + abs + " is not a directory.");
        }
        try {
            Files.createDirectories(abs);
        } catch (IOException e) {
            throw new StoreException(
                    StoreException.Reason.IO,
                    "Store " + abs + ": could not create the directory (" + Sql.firstLine(e.getMessage()) + ").",
                    e);
        }
    }

    private static StoreException notAStore(Path abs) {
        return new StoreException(
                StoreException.Reason.CORRUPT,
                "Store " + abs + " is unreadable: " + DB_FILE
                        + " is a database but not a coderag store; move it away or re-ingest with --full.");
    }

    private static void create(Path abs, Connection c, String modelId, int dimension) throws SQLException {
        Sql.exec(c, "BEGIN IMMEDIATE");
        try {
            if (!Schema.hasMeta(c) && !Schema.isEmpty(c)) {
                throw notAStore(abs);
            }
            for (String ddl : Schema.ddl()) {
                Sql.exec(c, ddl);
            }
            try (PreparedStatement st = c.prepareStatement("INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)")) {
                Object[][] initial = {
                    {"schema_version", Schema.VERSION},
                    {"model_id", modelId},
                    {"dimension", dimension},
                    {"seq", 0},
                    {"store_id", UUID.randomUUID().toString()},
                    {"tombstone_floor", 0},
                    {"created_at", Instant.now().toString()}
                };
                for (Object[] kv : initial) {
                    st.setString(1, (String) kv[0]);
                    st.setObject(2, kv[1]);
                    st.executeUpdate();
                }
            }
            Sql.exec(c, "COMMIT");
        } catch (SQLException | RuntimeException e) {
            try {
                Sql.exec(c, "ROLLBACK");
            } catch (SQLException ignored) {
                // The original failure is what matters.
            }
            throw e;
        }
    }

    private static void check(Path abs, Connection c, String modelId, int dimension) throws SQLException {
        long version = Schema.metaLong(c, "schema_version");
        if (version != Schema.VERSION) {
            throw new StoreException(
                    StoreException.Reason.CORRUPT,
                    "Store " + abs + " has schema version " + version + " but this coderag reads version "
                            + Schema.VERSION + "; re-ingest with --full to rebuild it.");
        }
        String storedModel = Schema.meta(c, "model_id").orElse("");
        long storedDimension = Schema.metaLong(c, "dimension");
        if (!storedModel.equals(modelId) || storedDimension != dimension) {
            String run = storedModel.equals(modelId) ? modelId + " (" + dimension + "-d)" : modelId;
            throw new StoreException(
                    StoreException.Reason.MODEL_MISMATCH,
                    "Store " + abs + " was built with " + storedModel + " (" + storedDimension
                            + "-d) but this run uses " + run + "; re-ingest with --full to rebuild it.");
        }
    }

    // ---- reads -------------------------------------------------------------------------------------------

    @Override
    public Path directory() {
        return dir;
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
    public Optional<Chunk> get(String id) {
        Objects.requireNonNull(id, "id");
        List<Chunk> found = getAll(List.of(id));
        return found.isEmpty() ? Optional.empty() : Optional.of(found.getFirst());
    }

    @Override
    public List<Chunk> getAll(Collection<String> ids) {
        checkOpen();
        List<String> distinct = new ArrayList<>(new LinkedHashSet<>(ids));
        if (distinct.isEmpty()) {
            return List.of();
        }
        Map<String, Chunk> byId = readers.snapshot("read chunks", c -> {
            Map<String, Chunk> out = new HashMap<>();
            for (List<String> part : Sql.partition(distinct)) {
                String sql = "SELECT id, kind, body FROM chunks WHERE id IN (" + Sql.placeholders(part.size()) + ")";
                try (PreparedStatement st = c.prepareStatement(sql)) {
                    Sql.bind(st, 1, part);
                    try (ResultSet rs = st.executeQuery()) {
                        while (rs.next()) {
                            out.put(rs.getString(1), decode(rs.getString(2), rs.getString(3)));
                        }
                    }
                }
            }
            return out;
        });
        List<Chunk> result = new ArrayList<>();
        for (String id : ids) {
            Chunk chunk = byId.get(id);
            if (chunk != null) {
                result.add(chunk);
            }
        }
        return result;
    }

    @Override
    public List<ScoredChunk> search(ChunkKind table, float[] query, int k, SearchFilter filter) {
        checkOpen();
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(filter, "filter");
        if (query == null || query.length != dimension) {
            throw new IllegalArgumentException("query vector must have " + dimension + " dimensions, got "
                    + (query == null ? "null" : query.length));
        }
        if (k <= 0) {
            return List.of();
        }
        long seq = readers.read("read the commit sequence", c -> Schema.metaLong(c, "seq"));
        List<VectorIndex.Hit> hits = vectors.current(table, seq).search(query, k, filter);
        if (hits.isEmpty()) {
            return List.of();
        }
        Map<Long, Chunk> byRid = byRid(hits.stream().map(VectorIndex.Hit::rid).toList());
        List<ScoredChunk> out = new ArrayList<>(hits.size());
        for (VectorIndex.Hit hit : hits) {
            Chunk chunk = byRid.get(hit.rid());
            if (chunk != null) { // absent only when deleted by a commit during this search
                out.add(new ScoredChunk(chunk, Math.min(1.0, Math.max(0.0, hit.cosine()))));
            }
        }
        return out;
    }

    private Map<Long, Chunk> byRid(List<Long> rids) {
        return readers.read("read chunks", c -> {
            Map<Long, Chunk> out = new HashMap<>();
            String sql = "SELECT rid, kind, body FROM chunks WHERE rid IN (" + Sql.placeholders(rids.size()) + ")";
            try (PreparedStatement st = c.prepareStatement(sql)) {
                for (int i = 0; i < rids.size(); i++) {
                    st.setLong(i + 1, rids.get(i));
                }
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        out.put(rs.getLong(1), decode(rs.getString(2), rs.getString(3)));
                    }
                }
            }
            return out;
        });
    }

    @Override
    public List<ScoredChunk> lexicalSearch(ChunkKind table, String query, int k, SearchFilter filter) {
        checkOpen();
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(filter, "filter");
        if (query == null || k <= 0) {
            return List.of();
        }
        List<LexicalText.QueryTerm> terms = LexicalText.queryTerms(query);
        if (terms.isEmpty()) {
            return List.of();
        }
        return readers.snapshot("run a lexical search", c -> {
            long seq = Schema.metaLong(c, "seq");
            long rows = docCount(c, table, seq);
            LexicalIndex memory = LexicalIndex.supports(filter) ? lexical.at(table, seq, rows, c) : null;
            if (memory != null) {
                return bodies(c, memory.search(LexicalQuery.select(memory, terms), k, filter));
            }
            List<String> selected = LexicalQuery.select(c, table, terms, rows);
            if (selected.isEmpty()) {
                return List.of();
            }
            String fts = Schema.fts(table);
            FilterSql where = FilterSql.of(filter, "c");
            // Rank first, then read the bodies of the top k only: selecting c.body in the ranking query made
            // SQLite read every matching chunk's text into the sorter (3x slower at 100k chunks). The chunks
            // join stays in the ranking query only when a filter needs its columns.
            String ranked = "SELECT " + fts + ".rowid AS rid, bm25(" + fts + ", " + BM25 + ") AS rank FROM " + fts
                    + (where.sql().isEmpty() ? "" : " JOIN chunks c ON c.rid = " + fts + ".rowid")
                    + " WHERE " + fts + " MATCH ?" + where.sql() + " ORDER BY rank LIMIT ?";
            String sql = "SELECT b.kind, b.body, h.rank FROM (" + ranked + ") h JOIN chunks b ON b.rid = h.rid"
                    + " ORDER BY h.rank";
            try (PreparedStatement st = c.prepareStatement(sql)) {
                int i = 1;
                st.setString(i++, LexicalQuery.match(selected));
                i = where.bind(st, i);
                st.setInt(i, k);
                try (ResultSet rs = st.executeQuery()) {
                    List<ScoredChunk> out = new ArrayList<>();
                    while (rs.next()) {
                        out.add(new ScoredChunk(
                                decode(rs.getString(1), rs.getString(2)), lexicalScore(rs.getDouble(3))));
                    }
                    return out;
                }
            }
        });
    }

    /** The in-memory BM25 copies of this store's tables. For tests. */
    LexicalIndexes lexicalIndexes() {
        return lexical;
    }

    /** The store's lexical score in [0, 1) from an FTS5 bm25 value (negative, smaller is better). */
    private static double lexicalScore(double bm25) {
        double s = Math.max(0.0, -bm25);
        return s / (s + 1.0);
    }

    /** The chunks of in-memory BM25 hits, in hit order. */
    private List<ScoredChunk> bodies(Connection c, List<LexicalIndex.Hit> hits) throws SQLException {
        if (hits.isEmpty()) {
            return List.of();
        }
        Map<Long, Chunk> byRid = new HashMap<>();
        List<Long> rids = hits.stream().map(LexicalIndex.Hit::rid).toList();
        for (List<Long> part : Sql.partition(rids)) {
            try (PreparedStatement st = c.prepareStatement(
                    "SELECT rid, kind, body FROM chunks WHERE rid IN (" + Sql.placeholders(part.size()) + ")")) {
                int i = 1;
                for (long rid : part) {
                    st.setLong(i++, rid);
                }
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        byRid.put(rs.getLong(1), decode(rs.getString(2), rs.getString(3)));
                    }
                }
            }
        }
        List<ScoredChunk> out = new ArrayList<>(hits.size());
        for (LexicalIndex.Hit hit : hits) {
            Chunk chunk = byRid.get(hit.rid());
            if (chunk != null) {
                out.add(new ScoredChunk(chunk, lexicalScore(hit.bm25())));
            }
        }
        return out;
    }

    /** Number of chunks in a table, cached per commit. */
    private long docCount(Connection c, ChunkKind table, long seq) throws SQLException {
        synchronized (docCounts) {
            long[] cached = docCounts.get(table);
            if (cached != null && cached[0] == seq) {
                return cached[1];
            }
        }
        long count;
        try (PreparedStatement st = c.prepareStatement("SELECT count(*) FROM vectors WHERE kind = ?")) {
            st.setString(1, table.table());
            try (ResultSet rs = st.executeQuery()) {
                count = rs.next() ? rs.getLong(1) : 0;
            }
        }
        synchronized (docCounts) {
            docCounts.put(table, new long[] {seq, count});
        }
        return count;
    }

    @Override
    public List<Chunk> findBySymbol(String symbol, Optional<String> repo) {
        checkOpen();
        Objects.requireNonNull(symbol, "symbol");
        Objects.requireNonNull(repo, "repo");
        // Only code chunks have symbols. "+repo" keeps the planner on the symbol indexes.
        String sql = "SELECT kind, body FROM chunks WHERE (symbol = ? OR qualified = ?)"
                + (repo.isPresent() ? " AND +repo = ?" : "") + " ORDER BY repo, path, start_line";
        return readers.read("find a symbol", c -> {
            try (PreparedStatement st = c.prepareStatement(sql)) {
                st.setString(1, symbol);
                st.setString(2, symbol);
                if (repo.isPresent()) {
                    st.setString(3, repo.get());
                }
                return chunks(st);
            }
        });
    }

    @Override
    public List<Chunk> findByPath(String pathOrSuffix, Optional<String> repo) {
        checkOpen();
        Objects.requireNonNull(pathOrSuffix, "pathOrSuffix");
        Objects.requireNonNull(repo, "repo");
        String path = pathOrSuffix.strip();
        while (path.startsWith("./")) {
            path = path.substring(2);
        }
        while (path.startsWith("/")) {
            path = path.substring(1);
        }
        if (path.isEmpty()) {
            return List.of();
        }
        // rpath is the reversed path, so "equals path or ends with /path" is a prefix range on its index
        // (reversed path, then end of string or '/'), checked exactly by the length/substr condition.
        String reversed = new StringBuilder(path).reverse().toString();
        String upper =
                reversed.substring(0, reversed.length() - 1) + (char) (reversed.charAt(reversed.length() - 1) + 1);
        int length = reversed.length();
        String sql = "SELECT kind, body FROM chunks WHERE rpath >= ? AND rpath < ?"
                + " AND (length(rpath) = ? OR substr(rpath, ? + 1, 1) = '/')"
                + (repo.isPresent() ? " AND +repo = ?" : "") + " ORDER BY repo, path, start_line";
        return readers.read("find a path", c -> {
            try (PreparedStatement st = c.prepareStatement(sql)) {
                st.setString(1, reversed);
                st.setString(2, upper);
                st.setInt(3, length);
                st.setInt(4, length);
                if (repo.isPresent()) {
                    st.setString(5, repo.get());
                }
                return chunks(st);
            }
        });
    }

    @Override
    public Map<String, FileEntry> fileIndex(String repo) {
        checkOpen();
        Objects.requireNonNull(repo, "repo");
        return readers.snapshot("read the file index", c -> {
            Map<String, String> hashes = fileHashes(c, repo);
            Map<String, List<String>> ids = new HashMap<>();
            Sql.forEachPair(
                    c,
                    "SELECT path, id FROM chunks WHERE repo = ? ORDER BY path, start_line, kind",
                    List.of(repo),
                    (path, id) ->
                            ids.computeIfAbsent(path, p -> new ArrayList<>()).add(id));
            return entries(repo, hashes, ids);
        });
    }

    @Override
    public Map<String, String> fileHashes(String repo) {
        checkOpen();
        Objects.requireNonNull(repo, "repo");
        return readers.snapshot("read the file index", c -> fileHashes(c, repo));
    }

    private static Map<String, String> fileHashes(Connection c, String repo) throws SQLException {
        Map<String, String> hashes = new TreeMap<>();
        Sql.forEachPair(c, "SELECT path, file_hash FROM files WHERE repo = ?", List.of(repo), hashes::put);
        return hashes;
    }

    @Override
    public Map<String, FileEntry> fileIndex(String repo, Collection<String> paths) {
        checkOpen();
        Objects.requireNonNull(repo, "repo");
        List<String> wanted = new ArrayList<>(new TreeSet<>(paths));
        if (wanted.isEmpty()) {
            return Map.of();
        }
        return readers.snapshot("read the file index", c -> {
            Map<String, String> hashes = new TreeMap<>();
            Map<String, List<String>> ids = new HashMap<>();
            for (List<String> part : Sql.partition(wanted)) {
                List<String> params = new ArrayList<>(part.size() + 1);
                params.add(repo);
                params.addAll(part);
                String in = " AND path IN (" + Sql.placeholders(part.size()) + ")";
                Sql.forEachPair(c, "SELECT path, file_hash FROM files WHERE repo = ?" + in, params, hashes::put);
                Sql.forEachPair(
                        c,
                        "SELECT path, id FROM chunks WHERE repo = ?" + in + " ORDER BY path, start_line, kind",
                        params,
                        (path, id) -> ids.computeIfAbsent(path, p -> new ArrayList<>())
                                .add(id));
            }
            return entries(repo, hashes, ids);
        });
    }

    private static Map<String, FileEntry> entries(
            String repo, Map<String, String> hashes, Map<String, List<String>> ids) {
        Map<String, FileEntry> out = new LinkedHashMap<>();
        hashes.forEach(
                (path, hash) -> out.put(path, new FileEntry(repo, path, hash, ids.getOrDefault(path, List.of()))));
        return out;
    }

    @Override
    public Map<String, float[]> vectorsByContentHash(Collection<String> contentHashes) {
        checkOpen();
        List<String> distinct = new ArrayList<>(new LinkedHashSet<>(contentHashes));
        if (distinct.isEmpty()) {
            return Map.of();
        }
        return readers.snapshot("read stored vectors", c -> {
            Map<String, float[]> out = new HashMap<>();
            for (List<String> part : Sql.partition(distinct)) {
                String sql = "SELECT c.content_hash, v.vector FROM chunks c JOIN vectors v ON v.rid = c.rid"
                        + " WHERE c.content_hash IN (" + Sql.placeholders(part.size()) + ")";
                try (PreparedStatement st = c.prepareStatement(sql)) {
                    Sql.bind(st, 1, part);
                    try (ResultSet rs = st.executeQuery()) {
                        while (rs.next()) {
                            out.putIfAbsent(rs.getString(1), ChunkCodec.fromBlob(rs.getBytes(2), dimension));
                        }
                    }
                }
            }
            return out;
        });
    }

    @Override
    public List<CallEdge> callees(String chunkId) {
        checkOpen();
        Objects.requireNonNull(chunkId, "chunkId");
        return readers.snapshot("read call edges", c -> {
            List<String[]> edges = new ArrayList<>();
            String repo = null;
            try (PreparedStatement st = c.prepareStatement("SELECT e.repo, e.callee_name, e.callee_key FROM edges e"
                    + " JOIN chunks c ON c.rid = e.caller_rid WHERE c.id = ? ORDER BY e.ord")) {
                st.setString(1, chunkId);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        repo = rs.getString(1);
                        edges.add(new String[] {rs.getString(2), rs.getString(3)});
                    }
                }
            }
            Map<String, Optional<String>> resolved = new HashMap<>();
            List<CallEdge> out = new ArrayList<>(edges.size());
            for (String[] edge : edges) {
                String r = repo;
                Optional<String> callee = resolved.computeIfAbsent(edge[1], key -> resolveUnchecked(c, r, key));
                out.add(new CallEdge(chunkId, edge[0], callee));
            }
            return out;
        });
    }

    @Override
    public List<CallEdge> callers(String chunkId) {
        checkOpen();
        Objects.requireNonNull(chunkId, "chunkId");
        return readers.snapshot("read call edges", c -> {
            String repo;
            String symbol;
            try (PreparedStatement st =
                    c.prepareStatement("SELECT repo, symbol FROM chunks WHERE id = ? AND kind = 'code'")) {
                st.setString(1, chunkId);
                try (ResultSet rs = st.executeQuery()) {
                    if (!rs.next()) {
                        return List.of();
                    }
                    repo = rs.getString(1);
                    symbol = rs.getString(2);
                }
            }
            Optional<String> callee = resolve(c, repo, CallKeys.key(symbol));
            List<CallEdge> out = new ArrayList<>();
            try (PreparedStatement st = c.prepareStatement("SELECT c.id, e.callee_name FROM edges e"
                    + " JOIN chunks c ON c.rid = e.caller_rid WHERE e.repo = ? AND e.callee_key = ?"
                    + " ORDER BY c.path, c.start_line, e.ord")) {
                st.setString(1, repo);
                st.setString(2, CallKeys.key(symbol));
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        out.add(new CallEdge(rs.getString(1), rs.getString(2), callee));
                    }
                }
            }
            return out;
        });
    }

    private Optional<String> resolveUnchecked(Connection c, String repo, String key) {
        try {
            return resolve(c, repo, key);
        } catch (SQLException e) {
            throw Sql.error(dir, "resolve a call", e);
        }
    }

    /**
     * The chunk defining {@code key} in {@code repo} when exactly one definition has that name. Parts of one
     * definition split over several chunks (same path, qualified name and signature) count once; the first part
     * is returned.
     */
    private static Optional<String> resolve(Connection c, String repo, String key) throws SQLException {
        try (PreparedStatement st =
                c.prepareStatement("SELECT id, path, qualified, signature FROM chunks INDEXED BY chunks_symbol"
                        + " WHERE symbol = ? AND repo = ? ORDER BY path, start_line")) {
            st.setString(1, key);
            st.setString(2, repo);
            try (ResultSet rs = st.executeQuery()) {
                String first = null;
                String definition = null;
                while (rs.next()) {
                    String def = rs.getString(2) + '\0' + rs.getString(3) + '\0' + rs.getString(4);
                    if (definition == null) {
                        definition = def;
                        first = rs.getString(1);
                    } else if (!definition.equals(def)) {
                        return Optional.empty();
                    }
                }
                return Optional.ofNullable(first);
            }
        }
    }

    @Override
    public List<RepoInfo> repos() {
        checkOpen();
        return readers.snapshot("list repositories", c -> repoInfos(c, null));
    }

    @Override
    public Optional<RepoInfo> repo(String name) {
        checkOpen();
        Objects.requireNonNull(name, "name");
        List<RepoInfo> found = readers.snapshot("read a repository", c -> repoInfos(c, name));
        return found.isEmpty() ? Optional.empty() : Optional.of(found.getFirst());
    }

    private static List<RepoInfo> repoInfos(Connection c, String only) throws SQLException {
        String where = only == null ? "" : " WHERE repo = ?";
        Map<String, String[]> records = new HashMap<>();
        try (PreparedStatement st = c.prepareStatement(
                "SELECT name, source, commit_sha, indexed_at FROM repos" + (only == null ? "" : " WHERE name = ?"))) {
            if (only != null) {
                st.setString(1, only);
            }
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    records.put(rs.getString(1), new String[] {rs.getString(2), rs.getString(3), rs.getString(4)});
                }
            }
        }
        Map<String, Map<ChunkKind, Integer>> counts = new HashMap<>();
        try (PreparedStatement st =
                c.prepareStatement("SELECT repo, kind, count(*) FROM chunks" + where + " GROUP BY repo, kind")) {
            if (only != null) {
                st.setString(1, only);
            }
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    counts.computeIfAbsent(rs.getString(1), r -> new EnumMap<>(ChunkKind.class))
                            .put(ChunkKind.fromTable(rs.getString(2)), rs.getInt(3));
                }
            }
        }
        Map<String, Map<String, Integer>> languages = new HashMap<>();
        try (PreparedStatement st = c.prepareStatement("SELECT repo, language, count(*) FROM chunks"
                + (only == null ? " WHERE kind = 'code'" : " WHERE repo = ? AND kind = 'code'")
                + " GROUP BY repo, language")) {
            if (only != null) {
                st.setString(1, only);
            }
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    languages
                            .computeIfAbsent(rs.getString(1), r -> new TreeMap<>())
                            .put(rs.getString(2), rs.getInt(3));
                }
            }
        }
        Map<String, Integer> files = new HashMap<>();
        try (PreparedStatement st = c.prepareStatement("SELECT repo, count(*) FROM files" + where + " GROUP BY repo")) {
            if (only != null) {
                st.setString(1, only);
            }
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    files.put(rs.getString(1), rs.getInt(2));
                }
            }
        }
        TreeSet<String> names = new TreeSet<>();
        names.addAll(records.keySet());
        names.addAll(counts.keySet());
        names.addAll(files.keySet());
        List<RepoInfo> out = new ArrayList<>();
        for (String name : names) {
            String[] record = records.get(name);
            Map<ChunkKind, Integer> perKind = new EnumMap<>(ChunkKind.class);
            for (ChunkKind kind : ChunkKind.values()) {
                perKind.put(kind, counts.getOrDefault(name, Map.of()).getOrDefault(kind, 0));
            }
            out.add(new RepoInfo(
                    name,
                    record == null ? "" : record[0],
                    record == null ? "" : record[1],
                    record == null ? Optional.empty() : Optional.of(Instant.ofEpochMilli(Long.parseLong(record[2]))),
                    perKind,
                    languages.getOrDefault(name, Map.of()),
                    files.getOrDefault(name, 0)));
        }
        return out;
    }

    @Override
    public Map<ChunkKind, Integer> counts() {
        checkOpen();
        return readers.read("count chunks", c -> {
            Map<ChunkKind, Integer> out = new EnumMap<>(ChunkKind.class);
            for (ChunkKind kind : ChunkKind.values()) {
                out.put(kind, 0);
            }
            try (PreparedStatement st = c.prepareStatement("SELECT kind, count(*) FROM chunks GROUP BY kind");
                    ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.put(ChunkKind.fromTable(rs.getString(1)), rs.getInt(2));
                }
            }
            return out;
        });
    }

    // ---- writes ------------------------------------------------------------------------------------------

    @Override
    public WriteTransaction begin() {
        checkOpen();
        if (!writing.compareAndSet(false, true)) {
            throw new StoreException(
                    StoreException.Reason.LOCKED,
                    "Store " + dir + " is locked: a write transaction is already open in this process.");
        }
        WriteLock lock = null;
        Connection c = null;
        try {
            lock = WriteLock.acquire(dir);
            c = Sql.open(dbFile, true, WRITER_BUSY_MILLIS);
            Sql.exec(c, "BEGIN IMMEDIATE");
            long seq = Schema.metaLong(c, "seq");
            SqliteWriteTransaction tx = new SqliteWriteTransaction(this, c, lock, seq + 1);
            openTransaction = tx;
            return tx;
        } catch (SQLException e) {
            cleanUpFailedBegin(lock, c);
            throw Sql.error(dir, "start a write transaction", e);
        } catch (RuntimeException e) {
            cleanUpFailedBegin(lock, c);
            throw e;
        }
    }

    private void cleanUpFailedBegin(WriteLock lock, Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // Already failing.
            }
        }
        if (lock != null) {
            lock.close();
        }
        writing.set(false);
    }

    /** Called by a transaction when it has finished (committed or rolled back) and released its resources. */
    void transactionFinished(SqliteWriteTransaction tx, boolean committed) {
        if (openTransaction == tx) {
            openTransaction = null;
            writing.set(false);
        }
        if (committed && !closed) {
            vectors.afterCommit();
        }
    }

    Path dir() {
        return dir;
    }

    /** Runs pending vector-index work (graph building, compaction, saving) now; for tests and benchmarks. */
    void awaitIdle() {
        vectors.awaitIdle();
    }

    /** The loaded vector index of a table, or null; for tests. */
    VectorIndex loadedIndex(ChunkKind kind) {
        return vectors.loaded(kind);
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        SqliteWriteTransaction tx = openTransaction;
        if (tx != null) {
            tx.close();
        }
        vectors.close();
        lexical.close();
        readers.close();
    }

    private void checkOpen() {
        if (closed) {
            throw new StoreException(StoreException.Reason.IO, "Store " + dir + " is closed.");
        }
    }

    // ---- helpers -----------------------------------------------------------------------------------------

    private Chunk decode(String kind, String json) {
        try {
            return ChunkCodec.fromJson(ChunkKind.fromTable(kind), json);
        } catch (IllegalArgumentException e) {
            throw new StoreException(
                    StoreException.Reason.CORRUPT,
                    "Store " + dir + " is corrupt: " + Sql.firstLine(e.getMessage())
                            + "; re-ingest with --full to rebuild it.",
                    e);
        }
    }

    private List<Chunk> chunks(PreparedStatement st) throws SQLException {
        try (ResultSet rs = st.executeQuery()) {
            List<Chunk> out = new ArrayList<>();
            while (rs.next()) {
                out.add(decode(rs.getString(1), rs.getString(2)));
            }
            return out;
        }
    }
}
