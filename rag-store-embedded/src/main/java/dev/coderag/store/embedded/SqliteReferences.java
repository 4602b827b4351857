package dev.coderag.store.embedded;

import dev.coderag.store.ReferenceKind;
import dev.coderag.store.References;
import dev.coderag.store.Resolution;
import dev.coderag.store.SymbolRef;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@link References} over the {@code resolved}, {@code decls} and {@code refs} tables (written by {@link
 * ResolvedWrites}), linked by key when read. A file counts when its {@code resolved} row's hash is the one the file
 * index holds. Thread-safe.
 */
final class SqliteReferences implements References {
    /** Declarations read per key: past a handful the key is ambiguous anyway. */
    private static final int MAX_DECLARERS = 8;

    /** The join that keeps rows of files whose resolved references are current, for a table aliased {@code x}. */
    static final String CURRENT = " JOIN resolved rf ON rf.repo = x.repo AND rf.path = x.path"
            + " JOIN files ff ON ff.repo = rf.repo AND ff.path = rf.path AND ff.file_hash = rf.file_hash";

    private final StoreReads reads;

    SqliteReferences(StoreReads reads) {
        this.reads = reads;
    }

    /** A code chunk's place: its repo, file and lines. */
    record Place(String id, String repo, String path, int start, int end) {}

    @Override
    public List<SymbolRef> from(String chunkId) {
        reads.checkOpen();
        Objects.requireNonNull(chunkId, "chunkId");
        return reads.snapshot("read references", c -> {
            Optional<Place> p = place(c, chunkId);
            if (p.isEmpty() || !current(c, p.get().repo(), p.get().path())) {
                return List.of();
            }
            return from(c, p.get());
        });
    }

    List<SymbolRef> from(Connection c, Place p) throws SQLException {
        return read(c, p.repo(), p.path(), p.start(), p.end(), p.id());
    }

    @Override
    public List<SymbolRef> inFile(String repo, String path) {
        reads.checkOpen();
        Objects.requireNonNull(repo, "repo");
        Objects.requireNonNull(path, "path");
        return reads.snapshot(
                "read references",
                c -> current(c, repo, path) ? read(c, repo, path, 1, Integer.MAX_VALUE, null) : List.of());
    }

    /**
     * The linked references of one file on lines {@code from}–{@code to}; only those whose innermost chunk is
     * {@code chunkId}, unless it is null.
     */
    private static List<SymbolRef> read(Connection c, String repo, String path, int from, int to, String chunkId)
            throws SQLException {
        Innermost own = Innermost.of(c, repo, path);
        Map<String, Optional<SymbolRef.InRepo>> linked = new HashMap<>();
        Map<String, Innermost> files = new HashMap<>();
        files.put(path, own);
        List<SymbolRef> out = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement("SELECT line, kind, key, fallback, external, resolution"
                + " FROM refs WHERE repo = ? AND path = ? AND line BETWEEN ? AND ? ORDER BY line, ord")) {
            st.setString(1, repo);
            st.setString(2, path);
            st.setInt(3, from);
            st.setInt(4, to);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    int line = rs.getInt(1);
                    String owner = own.at(line);
                    if (chunkId != null && !owner.equals(chunkId)) {
                        continue;
                    }
                    SymbolRef.Target target;
                    String key = rs.getString(3);
                    if (key.isEmpty()) {
                        target = new SymbolRef.External(rs.getString(5));
                    } else {
                        String fallback = rs.getString(4);
                        String cacheKey = key + '\0' + fallback;
                        Optional<SymbolRef.InRepo> t = linked.get(cacheKey);
                        if (t == null) { // a loop rather than computeIfAbsent: link throws SQLException
                            t = link(c, repo, path, key, fallback, files);
                            linked.put(cacheKey, t);
                        }
                        if (t.isEmpty()) {
                            continue;
                        }
                        target = t.get();
                    }
                    out.add(new SymbolRef(
                            ReferenceKind.valueOf(rs.getString(2)),
                            repo,
                            path,
                            line,
                            owner,
                            target,
                            Resolution.valueOf(rs.getString(6))));
                }
            }
        }
        return out;
    }

    /** The declaration a reference from {@code fromPath} links to, by key, else by fallback key; none if ambiguous. */
    private static Optional<SymbolRef.InRepo> link(
            Connection c, String repo, String fromPath, String key, String fallback, Map<String, Innermost> files)
            throws SQLException {
        List<Declaration> at = declarers(c, repo, key);
        if (at.isEmpty() && !fallback.isEmpty()) {
            at = declarers(c, repo, fallback);
        }
        Declaration d = at.size() == 1
                ? at.getFirst()
                : at.stream().filter(x -> x.path().equals(fromPath)).findFirst().orElse(null);
        if (d == null) {
            return Optional.empty();
        }
        Innermost in = files.get(d.path());
        if (in == null) {
            in = Innermost.of(c, repo, d.path());
            files.put(d.path(), in);
        }
        return Optional.of(new SymbolRef.InRepo(d.path(), d.line(), d.qualified(), d.signature(), in.at(d.line())));
    }

    record Declaration(String path, int line, String key, String qualified, String signature) {}

    /** The current files' declarations of a key (at most {@link #MAX_DECLARERS}). */
    static List<Declaration> declarers(Connection c, String repo, String key) throws SQLException {
        List<Declaration> out = new ArrayList<>(1);
        try (PreparedStatement st = c.prepareStatement("SELECT x.path, x.line, x.qualified, x.signature FROM decls x"
                + CURRENT + " WHERE x.repo = ? AND x.key = ? ORDER BY x.path, x.line LIMIT " + MAX_DECLARERS)) {
            st.setString(1, repo);
            st.setString(2, key);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    Declaration d =
                            new Declaration(rs.getString(1), rs.getInt(2), key, rs.getString(3), rs.getString(4));
                    if (out.stream().noneMatch(o -> o.path().equals(d.path()))) {
                        out.add(d);
                    }
                }
            }
        }
        return out;
    }

    @Override
    public List<SymbolRef> to(String chunkId, Set<ReferenceKind> kinds, int limit) {
        reads.checkOpen();
        Objects.requireNonNull(chunkId, "chunkId");
        if (kinds.isEmpty() || limit < 1) {
            return List.of();
        }
        return reads.snapshot("read references", c -> {
            Optional<Place> p = place(c, chunkId);
            if (p.isEmpty() || !current(c, p.get().repo(), p.get().path())) {
                return List.of();
            }
            return IncomingReferences.find(c, p.get(), EnumSet.copyOf(kinds), limit);
        });
    }

    @Override
    public boolean resolved(String chunkId) {
        reads.checkOpen();
        Objects.requireNonNull(chunkId, "chunkId");
        return reads.snapshot("read references", c -> {
            Optional<Place> p = place(c, chunkId);
            return p.isPresent() && current(c, p.get().repo(), p.get().path());
        });
    }

    @Override
    public Map<String, String> resolvedHashes(String repo) {
        reads.checkOpen();
        Objects.requireNonNull(repo, "repo");
        return reads.read("read resolved files", c -> {
            Map<String, String> out = new LinkedHashMap<>();
            try (PreparedStatement st =
                    c.prepareStatement("SELECT path, file_hash FROM resolved WHERE repo = ? ORDER BY path")) {
                st.setString(1, repo);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        out.put(rs.getString(1), rs.getString(2));
                    }
                }
            }
            return out;
        });
    }

    @Override
    public Set<String> declaredKeys(String repo, String path) {
        reads.checkOpen();
        Objects.requireNonNull(repo, "repo");
        Objects.requireNonNull(path, "path");
        return reads.read("read declarations", c -> {
            Set<String> out = new LinkedHashSet<>();
            try (PreparedStatement st = c.prepareStatement("SELECT key FROM decls WHERE repo = ? AND path = ?")) {
                st.setString(1, repo);
                st.setString(2, path);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        out.add(rs.getString(1));
                    }
                }
            }
            return out;
        });
    }

    @Override
    public Set<String> referencing(String repo, Collection<String> keys, int limit) {
        reads.checkOpen();
        Objects.requireNonNull(repo, "repo");
        Set<String> distinct =
                keys.stream().filter(k -> !k.isEmpty()).collect(Collectors.toCollection(LinkedHashSet::new));
        return reads.snapshot("read references", c -> {
            Set<String> out = new java.util.TreeSet<>();
            for (String key : distinct) {
                for (String column : List.of("key", "fallback")) {
                    try (PreparedStatement st = c.prepareStatement(
                            "SELECT DISTINCT path FROM refs WHERE repo = ? AND " + column + " = ? LIMIT ?")) {
                        st.setString(1, repo);
                        st.setString(2, key);
                        st.setInt(3, limit);
                        try (ResultSet rs = st.executeQuery()) {
                            while (rs.next() && out.size() < limit) {
                                out.add(rs.getString(1));
                            }
                        }
                    }
                }
                if (out.size() >= limit) {
                    break;
                }
            }
            return out;
        });
    }

    static Optional<Place> place(Connection c, String chunkId) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(
                "SELECT repo, path, start_line, end_line FROM chunks WHERE id = ? AND kind = 'code'")) {
            st.setString(1, chunkId);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next()
                        ? Optional.of(new Place(chunkId, rs.getString(1), rs.getString(2), rs.getInt(3), rs.getInt(4)))
                        : Optional.empty();
            }
        }
    }

    /** Whether a file's resolved references are those of its current content. */
    static boolean current(Connection c, String repo, String path) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("SELECT 1 FROM resolved rf JOIN files ff ON ff.repo = rf.repo"
                + " AND ff.path = rf.path AND ff.file_hash = rf.file_hash WHERE rf.repo = ? AND rf.path = ?")) {
            st.setString(1, repo);
            st.setString(2, path);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next();
            }
        }
    }

    /**
     * The code chunks of one file by line: which is the innermost holding a line (smallest span, then the earlier
     * start), as {@link References} assigns lines.
     */
    record Innermost(List<Place> chunks) {
        static Innermost of(Connection c, String repo, String path) throws SQLException {
            List<Place> out = new ArrayList<>();
            try (PreparedStatement st = c.prepareStatement(
                    "SELECT id, start_line, end_line FROM chunks" + " WHERE repo = ? AND path = ? AND kind = 'code'")) {
                st.setString(1, repo);
                st.setString(2, path);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        out.add(new Place(rs.getString(1), repo, path, rs.getInt(2), rs.getInt(3)));
                    }
                }
            }
            out.sort(Comparator.comparingInt((Place x) -> x.end() - x.start()).thenComparingInt(Place::start));
            return new Innermost(out);
        }

        /** The id of the innermost chunk holding {@code line}; "" when none does. */
        String at(int line) {
            for (Place x : chunks) {
                if (x.start() <= line && line <= x.end()) {
                    return x.id();
                }
            }
            return "";
        }
    }
}
