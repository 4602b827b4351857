package dev.coderag.store.embedded;

import dev.coderag.store.CallEdge;
import dev.coderag.store.CallGraph;
import dev.coderag.store.ReferenceKind;
import dev.coderag.store.SymbolRef;
import dev.coderag.store.spi.CallKeys;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link CallGraph} over the resolved references ({@link SqliteReferences}) of a file that has current ones, else
 * over the {@code edges} table, resolving callee names against the chunks' symbols. Thread-safe.
 */
final class SqliteCallGraph implements CallGraph {
    /** The most resolved callers read for one chunk. */
    private static final int MAX_CALLERS = 5000;

    private final StoreReads reads;
    private final SqliteReferences references;

    SqliteCallGraph(StoreReads reads) {
        this.reads = reads;
        this.references = new SqliteReferences(reads);
    }

    SqliteReferences references() {
        return references;
    }

    @Override
    public List<CallEdge> callees(String chunkId) {
        reads.checkOpen();
        Objects.requireNonNull(chunkId, "chunkId");
        return reads.snapshot("read call edges", c -> {
            Optional<SqliteReferences.Place> place = SqliteReferences.place(c, chunkId);
            if (place.isPresent()
                    && SqliteReferences.current(
                            c, place.get().repo(), place.get().path())) {
                List<CallEdge> out = new ArrayList<>();
                for (SymbolRef r : references.from(c, place.get())) {
                    if (r.kind() == ReferenceKind.CALL
                            && r.target() instanceof SymbolRef.InRepo t
                            && !t.chunkId().isEmpty()) {
                        out.add(new CallEdge(chunkId, t.simpleName(), Optional.of(t.chunkId()), r.resolution()));
                    }
                }
                return out;
            }
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
                Optional<String> callee = resolved.get(edge[1]);
                if (callee == null) { // a loop rather than computeIfAbsent: resolve throws SQLException
                    callee = resolve(c, repo, edge[1]);
                    resolved.put(edge[1], callee);
                }
                out.add(new CallEdge(chunkId, edge[0], callee));
            }
            return out;
        });
    }

    @Override
    public List<CallEdge> callers(String chunkId) {
        reads.checkOpen();
        Objects.requireNonNull(chunkId, "chunkId");
        return reads.snapshot("read call edges", c -> {
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
            List<CallEdge> out = new ArrayList<>();
            Optional<SqliteReferences.Place> place = SqliteReferences.place(c, chunkId);
            boolean resolvedTarget =
                    SqliteReferences.current(c, repo, place.orElseThrow().path());
            if (resolvedTarget) {
                for (SymbolRef r :
                        IncomingReferences.find(c, place.get(), EnumSet.of(ReferenceKind.CALL), MAX_CALLERS)) {
                    if (!r.fromChunkId().isEmpty() && r.target() instanceof SymbolRef.InRepo t) {
                        out.add(new CallEdge(r.fromChunkId(), t.simpleName(), Optional.of(chunkId), r.resolution()));
                    }
                }
            }
            Optional<String> callee = resolve(c, repo, CallKeys.key(symbol));
            // name edges from files a compiler resolved are superseded by their resolved references
            try (PreparedStatement st = c.prepareStatement("SELECT c.id, e.callee_name FROM edges e"
                    + " JOIN chunks c ON c.rid = e.caller_rid WHERE e.repo = ? AND e.callee_key = ?"
                    + (resolvedTarget
                            ? " AND NOT EXISTS (SELECT 1 FROM resolved rf JOIN files ff ON ff.repo = rf.repo"
                                    + " AND ff.path = rf.path AND ff.file_hash = rf.file_hash"
                                    + " WHERE rf.repo = c.repo AND rf.path = c.path)"
                            : "")
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
}
