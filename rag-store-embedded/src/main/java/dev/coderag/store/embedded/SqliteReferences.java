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

    /** A reference row before it is linked. */
    private record Row(int line, String owner, String kind, String key, String fallback, String external, String how) {}

    /**
     * The linked references of one file on lines {@code from}–{@code to}; only those whose innermost chunk is
     * {@code chunkId}, unless it is null. A fixed number of statements whatever the number of references: the keys'
     * declarations and the target files' chunks are read in batches (answers read this for every retrieved chunk).
     */
    private static List<SymbolRef> read(Connection c, String repo, String path, int from, int to, String chunkId)
            throws SQLException {
        List<Row> rows = rows(c, repo, path, from, to, chunkId);
        Set<String> keys = new LinkedHashSet<>();
        rows.forEach(r -> {
            if (!r.key().isEmpty()) {
                keys.add(r.key());
            }
        });
        Map<String, List<Declaration>> declared = declarers(c, repo, keys);
        Set<String> fallbacks = new LinkedHashSet<>();
        rows.forEach(r -> {
            if (!r.key().isEmpty()
                    && !declared.containsKey(r.key())
                    && !r.fallback().isEmpty()) {
                fallbacks.add(r.fallback());
            }
        });
        declared.putAll(declarers(c, repo, fallbacks));
        Map<String, Declaration> chosen = new HashMap<>();
        for (Row r : rows) {
            if (!r.key().isEmpty()) {
                List<Declaration> at = declared.getOrDefault(r.key(), declared.getOrDefault(r.fallback(), List.of()));
                Declaration d = at.size() == 1
                        ? at.getFirst()
                        : at.stream()
                                .filter(x -> x.path().equals(path))
                                .findFirst()
                                .orElse(null);
                if (d != null) {
                    chosen.put(r.key() + '\0' + r.fallback(), d);
                }
            }
        }
        Map<String, Innermost> files = Innermost.ofAll(
                c, repo, chosen.values().stream().map(Declaration::path).collect(Collectors.toSet()));
        List<SymbolRef> out = new ArrayList<>(rows.size());
        for (Row r : rows) {
            SymbolRef.Target target;
            if (r.key().isEmpty()) {
                target = new SymbolRef.External(r.external());
            } else {
                Declaration d = chosen.get(r.key() + '\0' + r.fallback());
                if (d == null) {
                    continue; // a key no current file declares, or several do and none is this file
                }
                target = new SymbolRef.InRepo(
                        d.path(),
                        d.line(),
                        d.qualified(),
                        d.signature(),
                        files.get(d.path()).at(d.line()));
            }
            out.add(new SymbolRef(
                    ReferenceKind.valueOf(r.kind()),
                    repo,
                    path,
                    r.line(),
                    r.owner(),
                    target,
                    Resolution.valueOf(r.how())));
        }
        return out;
    }

    /** The reference rows of a file's lines, each with its innermost chunk; only {@code chunkId}'s unless null. */
    private static List<Row> rows(Connection c, String repo, String path, int from, int to, String chunkId)
            throws SQLException {
        Innermost own = Innermost.of(c, repo, path);
        List<Row> rows = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement("SELECT line, kind, key, fallback, external, resolution"
                + " FROM refs WHERE repo = ? AND path = ? AND line BETWEEN ? AND ? ORDER BY line, ord")) {
            st.setString(1, repo);
            st.setString(2, path);
            st.setInt(3, from);
            st.setInt(4, to);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    String owner = own.at(rs.getInt(1));
                    if (chunkId == null || owner.equals(chunkId)) {
                        rows.add(new Row(
                                rs.getInt(1),
                                owner,
                                rs.getString(2),
                                rs.getString(3),
                                rs.getString(4),
                                rs.getString(5),
                                rs.getString(6)));
                    }
                }
            }
        }
        return rows;
    }

    /** The current files' declarations of each key (a key no current file declares is absent), in batches. */
    static Map<String, List<Declaration>> declarers(Connection c, String repo, Collection<String> keys)
            throws SQLException {
        Map<String, List<Declaration>> out = new HashMap<>();
        List<String> all = new ArrayList<>(keys);
        for (int i = 0; i < all.size(); i += BATCH) {
            List<String> part = all.subList(i, Math.min(all.size(), i + BATCH));
            try (PreparedStatement st = c.prepareStatement("SELECT x.key, x.path, x.line, x.qualified, x.signature"
                    + " FROM decls x" + CURRENT + " WHERE x.repo = ? AND x.key IN (" + marks(part.size()) + ")"
                    + " ORDER BY x.path, x.line LIMIT " + (part.size() * MAX_DECLARERS))) {
                st.setString(1, repo);
                for (int j = 0; j < part.size(); j++) {
                    st.setString(j + 2, part.get(j));
                }
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        Declaration d = new Declaration(
                                rs.getString(2), rs.getInt(3), rs.getString(1), rs.getString(4), rs.getString(5));
                        List<Declaration> at = out.computeIfAbsent(d.key(), k -> new ArrayList<>(1));
                        if (at.stream().noneMatch(o -> o.path().equals(d.path()))) {
                            at.add(d);
                        }
                    }
                }
            }
        }
        return out;
    }

    /** Keys per statement: under SQLite's default limit of bound parameters (32,766) by far. */
    static final int BATCH = 500;

    static String marks(int n) {
        return String.join(",", java.util.Collections.nCopies(n, "?"));
    }

    record Declaration(String path, int line, String key, String qualified, String signature) {}

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
    public Optional<List<String>> callNames(String chunkId) {
        reads.checkOpen();
        Objects.requireNonNull(chunkId, "chunkId");
        return reads.snapshot("read references", c -> {
            Optional<Place> p = place(c, chunkId);
            if (p.isEmpty() || !current(c, p.get().repo(), p.get().path())) {
                return Optional.empty();
            }
            return Optional.of(CallNames.of(c, p.get()));
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
    public Optional<Stored> stored(String repo, String path) {
        reads.checkOpen();
        Objects.requireNonNull(repo, "repo");
        Objects.requireNonNull(path, "path");
        return reads.snapshot("read a resolved file", c -> ResolvedReads.stored(c, repo, path));
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
                    try (PreparedStatement st = c.prepareStatement("SELECT DISTINCT path FROM refs WHERE repo = ? AND "
                            + column + " = ? AND " + column + " <> '' LIMIT ?")) {
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
}
