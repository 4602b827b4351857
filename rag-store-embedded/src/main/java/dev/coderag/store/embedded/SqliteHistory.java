package dev.coderag.store.embedded;

import dev.coderag.store.History;
import dev.coderag.store.HistoryMark;
import dev.coderag.store.StoredChunk;
import dev.coderag.types.CommitChunk;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link History} over the chunks table's {@code commit} rows (their {@code qualified} column holds the commit id,
 * so a prefix is a range on its index) and the {@code history} table of marks. Thread-safe.
 */
final class SqliteHistory implements History {
    private final StoreReads reads;

    SqliteHistory(StoreReads reads) {
        this.reads = reads;
    }

    @Override
    public Optional<HistoryMark> mark(String repo) {
        reads.checkOpen();
        Objects.requireNonNull(repo, "repo");
        return reads.read("read a history mark", c -> {
            try (PreparedStatement st =
                    c.prepareStatement("SELECT head, commits, max_commits FROM history WHERE repo = ?")) {
                st.setString(1, repo);
                try (ResultSet rs = st.executeQuery()) {
                    return rs.next()
                            ? Optional.of(new HistoryMark(rs.getString(1), rs.getInt(2), rs.getInt(3)))
                            : Optional.<HistoryMark>empty();
                }
            }
        });
    }

    @Override
    public List<StoredChunk> ofFile(String repo, String path, int limit) {
        reads.checkOpen();
        Objects.requireNonNull(repo, "repo");
        Objects.requireNonNull(path, "path");
        checkLimit(limit);
        List<StoredChunk> all = reads.read("read a file's history", c -> {
            try (PreparedStatement st = c.prepareStatement(
                    "SELECT id, kind, body FROM chunks WHERE repo = ? AND path = ? AND kind = 'commit' LIMIT ?")) {
                st.setString(1, repo);
                st.setString(2, path);
                st.setInt(3, MAX_CHUNKS);
                return reads.chunks(st);
            }
        });
        return newestFirst(all, limit);
    }

    @Override
    public List<StoredChunk> commit(String repo, String shaOrPrefix, int limit) {
        reads.checkOpen();
        Objects.requireNonNull(repo, "repo");
        checkLimit(limit);
        String prefix = shaOrPrefix.toLowerCase(Locale.ROOT);
        if (!prefix.matches("[0-9a-f]{7,64}")) {
            return List.of();
        }
        List<StoredChunk> found = reads.read("read a commit", c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT id, kind, body FROM chunks WHERE qualified >= ?"
                    + " AND qualified < ? AND kind = 'commit' AND repo = ? ORDER BY path LIMIT ?")) {
                st.setString(1, prefix);
                st.setString(2, prefix + "g"); // every hex id with the prefix sorts below prefix + 'g'
                st.setString(3, repo);
                st.setInt(4, MAX_CHUNKS);
                return reads.chunks(st);
            }
        });
        long shas = found.stream()
                .map(s -> ((CommitChunk) s.chunk()).sha())
                .distinct()
                .count();
        return shas == 1 ? found.stream().limit(limit).toList() : List.of();
    }

    static List<StoredChunk> newestFirst(List<StoredChunk> chunks, int limit) {
        return chunks.stream()
                .filter(s -> s.chunk() instanceof CommitChunk)
                .sorted(Comparator.comparingLong((StoredChunk s) -> ((CommitChunk) s.chunk()).time())
                        .reversed()
                        .thenComparing(s -> ((CommitChunk) s.chunk()).sha()))
                .limit(limit)
                .toList();
    }

    static void checkLimit(int limit) {
        if (limit < 1 || limit > MAX_CHUNKS) {
            throw new IllegalArgumentException("limit " + limit + " out of 1.." + MAX_CHUNKS);
        }
    }
}
