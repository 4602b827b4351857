package dev.coderag.store.embedded;

import dev.coderag.store.StoreException;
import dev.coderag.store.StoredChunk;
import dev.coderag.store.embedded.db.ReaderPool;
import dev.coderag.store.embedded.db.Sql;
import dev.coderag.store.spi.ChunkCodec;
import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What every read view of a {@link SqliteStore} shares: the directory (for messages), the reader connections,
 * whether the store is closed, and turning stored chunk rows into {@link StoredChunk}s. Thread-safe.
 */
final class StoreReads {
    private final Path dir;
    private final ReaderPool readers;
    private volatile boolean closed;

    StoreReads(Path dir, ReaderPool readers) {
        this.dir = dir;
        this.readers = readers;
    }

    Path dir() {
        return dir;
    }

    /** Fails with {@link StoreException.Reason#IO} once the store is closed; every public read starts with it. */
    void checkOpen() {
        if (closed) {
            throw new StoreException(StoreException.Reason.IO, "Store " + dir + " is closed.");
        }
    }

    boolean isClosed() {
        return closed;
    }

    /** Makes every later read fail; the connections are closed by {@link #close()}. */
    void markClosed() {
        closed = true;
    }

    void close() {
        closed = true;
        readers.close();
    }

    /** See {@link ReaderPool#read}: each statement sees the latest commit. */
    <T> T read(String action, Sql.SqlFunction<T> body) {
        return readers.read(action, body);
    }

    /** See {@link ReaderPool#snapshot}: every statement sees the same commit. */
    <T> T snapshot(String action, Sql.SqlFunction<T> body) {
        return readers.snapshot(action, body);
    }

    /** Parses a stored chunk body; a body that does not parse means a corrupt store. */
    Chunk decode(ChunkKind kind, String json) {
        try {
            return ChunkCodec.fromJson(kind, json);
        } catch (IllegalArgumentException e) {
            throw new StoreException(
                    StoreException.Reason.CORRUPT,
                    "Store " + dir + " is corrupt: " + Sql.firstLine(e.getMessage())
                            + "; re-ingest with --full to rebuild it.",
                    e);
        }
    }

    /** A chunk row from its id, kind (table name) and body columns. */
    StoredChunk chunk(String id, String kind, String json) {
        return new StoredChunk(id, decode(ChunkKind.fromTable(kind), json));
    }

    /** Every row of a query selecting {@code id, kind, body}, in result order. */
    List<StoredChunk> chunks(PreparedStatement st) throws SQLException {
        try (ResultSet rs = st.executeQuery()) {
            List<StoredChunk> out = new ArrayList<>();
            while (rs.next()) {
                out.add(chunk(rs.getString(1), rs.getString(2), rs.getString(3)));
            }
            return out;
        }
    }

    /**
     * The chunks with these row ids, by row id; rows deleted meanwhile are absent. Vector and Lucene BM25 hits
     * name rows by row id, and both read their chunks here.
     */
    Map<Long, StoredChunk> byRid(Connection c, List<Long> rids) throws SQLException {
        Map<Long, StoredChunk> out = HashMap.newHashMap(rids.size());
        for (List<Long> part : Sql.partition(rids)) {
            try (PreparedStatement st = c.prepareStatement(
                    "SELECT rid, id, kind, body FROM chunks WHERE rid IN (" + Sql.placeholders(part.size()) + ")")) {
                int i = 1;
                for (long rid : part) {
                    st.setLong(i++, rid);
                }
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        out.put(rs.getLong(1), chunk(rs.getString(2), rs.getString(3), rs.getString(4)));
                    }
                }
            }
        }
        return out;
    }
}
