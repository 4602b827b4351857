package dev.coderag.store.embedded.vectors;

import dev.coderag.store.StoreException;
import dev.coderag.store.VectorTier;
import dev.coderag.store.embedded.db.Schema;
import dev.coderag.store.spi.ChunkCodec;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/** The reads {@link VectorTables} makes of {@code store.db}: vector rows (streamed in batches), live row ids, tombstones. */
final class VectorRows {
    /** Rows read from SQLite per batch while loading. */
    static final int LOAD_BATCH = 4_096;

    private final Path dir;
    private final int dimension;
    private final String table;

    VectorRows(Path dir, int dimension, VectorTier tier) {
        this.dir = dir;
        this.dimension = dimension;
        this.table = Schema.vectorTable(tier);
    }

    /** A tier's table as derived file names spell it: {@code code}, {@code static-code}. */
    static String fileTable(VectorTier tier, ChunkKind kind) {
        return switch (tier) {
            case FULL -> kind.table();
            case STATIC -> "static-" + kind.table();
        };
    }

    static long[] tombstones(Connection c, ChunkKind kind, long afterSeq) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("SELECT rid FROM tombstones WHERE seq > ? AND kind = ?")) {
            st.setLong(1, afterSeq);
            st.setString(2, kind.table());
            return longs(st);
        }
    }

    long[] liveRids(Connection c, ChunkKind kind) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("SELECT rid FROM " + table + " WHERE kind = ?")) {
            st.setString(1, kind.table());
            return longs(st);
        }
    }

    private static long[] longs(PreparedStatement st) throws SQLException {
        try (ResultSet rs = st.executeQuery()) {
            long[] out = new long[1024];
            int n = 0;
            while (rs.next()) {
                if (n == out.length) {
                    out = Arrays.copyOf(out, n * 2);
                }
                out[n++] = rs.getLong(1);
            }
            return Arrays.copyOf(out, n);
        }
    }

    long countAfter(Connection c, ChunkKind kind, long afterRid) throws SQLException {
        try (PreparedStatement st =
                c.prepareStatement("SELECT count(*) FROM " + table + " WHERE kind = ? AND rid > ?")) {
            st.setString(1, kind.table());
            st.setLong(2, afterRid);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0;
            }
        }
    }

    List<VectorRow> all(Connection c, ChunkKind kind, long afterRid) throws SQLException {
        List<VectorRow> out = new ArrayList<>();
        forEachBatch(c, kind, afterRid, out::addAll);
        return out;
    }

    /** The rows above {@code afterRid}, in row-id order, handed over in batches of {@link #LOAD_BATCH}. */
    void forEachBatch(Connection c, ChunkKind kind, long afterRid, Consumer<List<VectorRow>> sink) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("SELECT rid, repo, path, language, symbol_kind, vector"
                + " FROM " + table + " WHERE kind = ? AND rid > ? ORDER BY rid")) {
            st.setString(1, kind.table());
            st.setLong(2, afterRid);
            st.setFetchSize(1024);
            try (ResultSet rs = st.executeQuery()) {
                List<VectorRow> out = new ArrayList<>();
                while (rs.next()) {
                    if (out.size() == LOAD_BATCH) {
                        sink.accept(out);
                        out = new ArrayList<>();
                    }
                    String symbolKind = rs.getString(5);
                    float[] vector;
                    try {
                        vector = ChunkCodec.fromBlob(rs.getBytes(6), dimension);
                    } catch (IllegalArgumentException e) {
                        throw new StoreException(
                                StoreException.Reason.CORRUPT,
                                "Store " + dir + " is corrupt: row " + rs.getLong(1) + " " + e.getMessage()
                                        + "; re-ingest with --full to rebuild it.");
                    }
                    out.add(new VectorRow(
                            rs.getLong(1),
                            rs.getString(2),
                            rs.getString(3),
                            Language.fromId(rs.getString(4)),
                            symbolKind == null ? null : SymbolKind.fromId(symbolKind),
                            vector));
                }
                sink.accept(out);
            }
        }
    }
}
