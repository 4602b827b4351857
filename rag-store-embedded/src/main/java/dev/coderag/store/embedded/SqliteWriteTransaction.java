package dev.coderag.store.embedded;

import dev.coderag.store.HistoryMark;
import dev.coderag.store.RepoCatalog;
import dev.coderag.store.RepoRecord;
import dev.coderag.store.ResolvedFile;
import dev.coderag.store.SharedChunk;
import dev.coderag.store.SkippedFile;
import dev.coderag.store.VectorTier;
import dev.coderag.store.WriteTransaction;
import dev.coderag.store.embedded.db.Schema;
import dev.coderag.store.embedded.db.Sql;
import dev.coderag.store.embedded.db.WriteLock;
import dev.coderag.store.embedded.lexical.LuceneWriter;
import dev.coderag.store.spi.CallKeys;
import dev.coderag.store.spi.ChunkCodec;
import dev.coderag.store.spi.LexicalText;
import dev.coderag.store.spi.StoreRules;
import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CodeChunk;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One SQLite transaction ({@code BEGIN IMMEDIATE} … {@code COMMIT}) on its own connection, holding the store's
 * cross-process write lock from {@link SqliteStore#begin()} until it finishes. A commit bumps the
 * store's commit sequence number, which is how readers (in any process) notice that they must catch up.
 */
public final class SqliteWriteTransaction implements WriteTransaction {
    private final SqliteStore store;
    private final Connection connection;
    private final WriteLock lock;
    /** The sequence number the open SQLite transaction will commit as. */
    private long seq;
    /** True while a SQLite transaction is open: from begin, and again from the first write after a checkpoint. */
    private boolean active = true;

    /** The Lucene side, committed in step with SQLite; null when Lucene is off. */
    private final LuceneWriter lucene;

    private final StatementCache statements;
    private boolean finished;

    SqliteWriteTransaction(SqliteStore store, Connection connection, WriteLock lock, long seq, LuceneWriter lucene) {
        this.store = store;
        this.lucene = lucene;
        this.connection = connection;
        this.lock = lock;
        this.seq = seq;
        this.statements = new StatementCache(connection);
    }

    @Override
    public void putFile(String repo, String path, String fileHash, List<SharedChunk> shared) {
        Objects.requireNonNull(repo, "repo");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(fileHash, "fileHash");
        List<SharedChunk> chunks = List.copyOf(shared);
        run("record a file", () -> {
            PreparedStatement st = statements.get("INSERT INTO files (repo, path, file_hash) VALUES (?, ?, ?)"
                    + " ON CONFLICT (repo, path) DO UPDATE SET file_hash = excluded.file_hash");
            st.setString(1, repo);
            st.setString(2, path);
            st.setString(3, fileHash);
            st.executeUpdate();
            SharedRows.put(statements::get, repo, path, chunks);
        });
    }

    @Override
    public void deleteFile(String repo, String path) {
        Objects.requireNonNull(repo, "repo");
        Objects.requireNonNull(path, "path");
        run("delete a file", () -> {
            deleteChunksWhere("repo = ? AND path = ? AND kind <> 'commit'", repo, path);
            ResolvedWrites.delete(statements::get, "repo = ? AND path = ?", repo, path);
            PreparedStatement st = statements.get("DELETE FROM files WHERE repo = ? AND path = ?");
            st.setString(1, repo);
            st.setString(2, path);
            st.executeUpdate();
            SharedRows.put(statements::get, repo, path, List.of());
        });
    }

    @Override
    public void insert(Chunk chunk, float[] vector) {
        VectorTier tier = StoreRules.checkInsert(chunk, vector, store.dimension(), store.modelId());
        String id = chunk.id();
        run("insert a chunk", () -> {
            deleteChunksWhere("id = ?", id);
            long rid = ChunkRows.insert(statements::get, chunk, id);
            if (vector != null) { // without a vector: no vectors row, so vector search never finds it
                PreparedStatement v = statements.get("INSERT INTO " + Schema.vectorTable(tier)
                        + " (rid, kind, repo, path, language, symbol_kind, vector) VALUES (?, ?, ?, ?, ?, ?, ?)");
                v.setLong(1, rid);
                v.setString(2, chunk.kind().table());
                v.setString(3, chunk.repo());
                v.setString(4, chunk.path());
                v.setString(5, chunk.language().id());
                v.setString(
                        6, chunk instanceof CodeChunk code ? code.symbolKind().id() : null);
                v.setBytes(7, ChunkCodec.toBlob(vector));
                v.executeUpdate();
            }
            String[] text = LexicalText.columns(chunk);
            PreparedStatement f = statements.get(
                    "INSERT INTO " + Schema.fts(chunk.kind()) + " (rowid, names, body) VALUES (?, ?, ?)");
            f.setLong(1, rid);
            f.setString(2, text[0]);
            f.setString(3, text[1]);
            f.executeUpdate();
            if (lucene != null) {
                lucene.add(chunk.kind(), rid, chunk);
            }
            if (chunk instanceof CodeChunk code && !code.calls().isEmpty()) {
                PreparedStatement e = statements.get("INSERT OR IGNORE INTO edges"
                        + " (caller_rid, ord, repo, callee_name, callee_key) VALUES (?, ?, ?, ?, ?)");
                int ord = 0;
                for (String callee : code.calls()) {
                    e.setLong(1, rid);
                    e.setInt(2, ord++);
                    e.setString(3, code.repo());
                    e.setString(4, callee);
                    e.setString(5, CallKeys.key(callee));
                    e.addBatch();
                }
                e.executeBatch();
            }
        });
    }

    @Override
    public void delete(String chunkId) {
        Objects.requireNonNull(chunkId, "chunkId");
        run("delete a chunk", () -> {
            deleteChunksWhere("id = ?", chunkId);
        });
    }

    @Override
    public void putResolved(String repo, String fileHash, ResolvedFile file) {
        Objects.requireNonNull(repo, "repo");
        Objects.requireNonNull(fileHash, "fileHash");
        run("record resolved references", () -> ResolvedWrites.put(statements::get, repo, fileHash, file));
    }

    @Override
    public void deleteRepo(String repo) {
        Objects.requireNonNull(repo, "repo");
        run("delete a repository", () -> {
            deleteChunksWhere("repo = ?", repo);
            ResolvedWrites.delete(statements::get, "repo = ?", repo);
            for (String sql : List.of(
                    "DELETE FROM files WHERE repo = ?",
                    "DELETE FROM shared WHERE repo = ?",
                    "DELETE FROM skipped WHERE repo = ?",
                    "DELETE FROM history WHERE repo = ?",
                    "DELETE FROM repos WHERE name = ?")) {
                PreparedStatement st = statements.get(sql);
                st.setString(1, repo);
                st.executeUpdate();
            }
        });
    }

    @Override
    public void deleteHistory(String repo) {
        Objects.requireNonNull(repo, "repo");
        run("delete a history", () -> {
            deleteChunksWhere("repo = ? AND kind = 'commit'", repo);
            PreparedStatement st = statements.get("DELETE FROM history WHERE repo = ?");
            st.setString(1, repo);
            st.executeUpdate();
        });
    }

    @Override
    public void putHistory(String repo, HistoryMark mark) {
        Objects.requireNonNull(repo, "repo");
        run("record a history mark", () -> {
            PreparedStatement st = statements.get(
                    "INSERT OR REPLACE INTO history (repo, head, commits, max_commits)" + " VALUES (?, ?, ?, ?)");
            st.setString(1, repo);
            st.setString(2, mark.head());
            st.setInt(3, mark.commits());
            st.setInt(4, mark.maxCommits());
            st.executeUpdate();
        });
    }

    @Override
    public void putSkipped(String repo, List<SkippedFile> files) {
        Objects.requireNonNull(repo, "repo");
        List<SkippedFile> kept = files.stream()
                .sorted(java.util.Comparator.comparing(SkippedFile::path))
                .limit(RepoCatalog.MAX_SKIPPED)
                .toList();
        run("record skipped files", () -> {
            PreparedStatement clear = statements.get("DELETE FROM skipped WHERE repo = ?");
            clear.setString(1, repo);
            clear.executeUpdate();
            PreparedStatement st =
                    statements.get("INSERT OR REPLACE INTO skipped (repo, path, reason) VALUES (?, ?, ?)");
            for (SkippedFile f : kept) {
                st.setString(1, repo);
                st.setString(2, f.path());
                st.setString(3, f.reason());
                st.executeUpdate();
            }
        });
    }

    @Override
    public void putRepo(RepoRecord repo) {
        Objects.requireNonNull(repo, "repo");
        run("record a repository", () -> {
            PreparedStatement st = statements.get(
                    "INSERT INTO repos (name, source, commit_sha, indexed_at, state, pending_files, branch)"
                            + " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (name) DO UPDATE SET source = excluded.source,"
                            + " commit_sha = excluded.commit_sha, indexed_at = excluded.indexed_at,"
                            + " state = excluded.state, pending_files = excluded.pending_files,"
                            + " branch = excluded.branch");
            st.setString(1, repo.name());
            st.setString(2, repo.source());
            st.setString(3, repo.commit());
            st.setLong(4, repo.indexedAt().toEpochMilli());
            st.setString(5, repo.state().id());
            st.setInt(6, repo.pendingFiles());
            st.setString(7, repo.branch());
            st.executeUpdate();
        });
    }

    @Override
    public void checkpoint() {
        if (finished) {
            throw new IllegalStateException("the write transaction has already finished");
        }
        if (!active) {
            return;
        }
        run("commit a batch", this::commitSql);
        active = false;
        store.batchCommitted();
    }

    @Override
    public void commit() {
        if (active) {
            run("commit", this::commitSql);
        } else if (finished) {
            throw new IllegalStateException("the write transaction has already finished");
        }
        try {
            // Keeps the planner's statistics current as the store grows; cheap when nothing needs analysing.
            Sql.exec(connection, "PRAGMA optimize");
        } catch (SQLException ignored) {
            // Only statistics: the commit is done.
        }
        active = false;
        finish(true);
    }

    private void commitSql() throws SQLException {
        Schema.putMeta(connection, "seq", seq);
        long floor = seq - Schema.TOMBSTONE_COMMITS;
        if (floor > 0) {
            PreparedStatement prune = statements.get("DELETE FROM tombstones WHERE seq <= ?");
            prune.setLong(1, floor);
            prune.executeUpdate();
            Schema.putMeta(connection, "tombstone_floor", floor);
        }
        statements.close();
        if (lucene != null) {
            lucene.prepare(connection, seq);
        }
        try {
            Sql.exec(connection, "COMMIT");
        } catch (SQLException e) {
            if (lucene != null) {
                lucene.abort();
            }
            throw e;
        }
        if (lucene != null) {
            lucene.committed();
        }
    }

    @Override
    public void close() {
        if (finished) {
            return;
        }
        try {
            statements.close();
            if (lucene != null) {
                lucene.abort();
            }
            if (active) {
                Sql.exec(connection, "ROLLBACK");
            }
        } catch (SQLException ignored) {
            // Closing the connection without COMMIT discards the transaction as well.
        }
        finish(false);
    }

    private void finish(boolean committed) {
        finished = true;
        if (lucene != null) {
            lucene.close();
        }
        try {
            connection.close();
        } catch (SQLException ignored) {
            // Nothing more to release.
        }
        lock.close();
        store.transactionFinished(this, committed);
    }

    /**
     * Deletes the chunks a condition on the chunks table selects ({@code where}, with string parameters), from
     * every table, recording tombstones.
     */
    private void deleteChunksWhere(String where, String... params) throws SQLException {
        PreparedStatement select = statements.get("SELECT rid, kind FROM chunks WHERE " + where);
        for (int i = 0; i < params.length; i++) {
            select.setString(i + 1, params[i]);
        }
        List<long[]> rows = new ArrayList<>();
        List<ChunkKind> kinds = new ArrayList<>();
        try (ResultSet rs = select.executeQuery()) {
            while (rs.next()) {
                rows.add(new long[] {rs.getLong(1)});
                kinds.add(ChunkKind.fromTable(rs.getString(2)));
            }
        }
        for (int i = 0; i < rows.size(); i++) {
            long rid = rows.get(i)[0];
            ChunkKind kind = kinds.get(i);
            PreparedStatement fts = statements.get("DELETE FROM " + Schema.fts(kind) + " WHERE rowid = ?");
            fts.setLong(1, rid);
            fts.executeUpdate();
            if (lucene != null) {
                lucene.delete(kind, rid);
            }
            for (String sql : List.of(
                    "DELETE FROM vectors WHERE rid = ?",
                    "DELETE FROM static_vectors WHERE rid = ?",
                    "DELETE FROM edges WHERE caller_rid = ?",
                    "DELETE FROM chunks WHERE rid = ?")) {
                PreparedStatement st = statements.get(sql);
                st.setLong(1, rid);
                st.executeUpdate();
            }
            PreparedStatement tomb = statements.get("INSERT INTO tombstones (seq, kind, rid) VALUES (?, ?, ?)");
            tomb.setLong(1, seq);
            tomb.setString(2, kind.table());
            tomb.setLong(3, rid);
            tomb.executeUpdate();
        }
    }

    private void run(String action, Sql.SqlAction body) {
        if (finished) {
            throw new IllegalStateException("the write transaction has already finished");
        }
        try {
            if (!active) { // the first write after a checkpoint starts the next batch
                Sql.exec(connection, "BEGIN IMMEDIATE");
                seq = Schema.metaLong(connection, "seq") + 1;
                active = true;
            }
            body.run();
        } catch (SQLException e) {
            throw Sql.error(store.dir(), action, e);
        }
    }
}
