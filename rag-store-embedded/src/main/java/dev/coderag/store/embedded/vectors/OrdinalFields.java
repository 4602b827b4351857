package dev.coderag.store.embedded.vectors;

import dev.coderag.store.SearchFilter;
import dev.coderag.store.spi.PathGlob;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import io.github.jbellis.jvector.graph.ImmutableGraphIndex;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Per ordinal of a {@link VectorIndex}: the chunk row id and the fields search filters test (repo, path, language,
 * symbol kind), in parallel arrays with repos and paths interned as small ints — and applying a filter to them.
 *
 * <p>Not thread-safe: guarded by the owning index's lock (writes under its write lock, reads under its read lock);
 * only the path memos are shared between concurrent searches, see {@link #pathMemo}.
 */
final class OrdinalFields {
    private long[] rids;
    private int[] repoIds;
    private int[] pathIds;
    private byte[] languages;
    private byte[] symbolKinds;
    private final StringIds repos = new StringIds();
    private final StringIds paths = new StringIds();
    private final Map<String, byte[]> pathMemos = new ConcurrentHashMap<>();

    OrdinalFields(int capacity) {
        rids = new long[capacity];
        repoIds = new int[capacity];
        pathIds = new int[capacity];
        languages = new byte[capacity];
        symbolKinds = new byte[capacity];
    }

    /** Fields restored from a graph file: its first {@code state.n()} ordinals, room for {@code capacity}. */
    static OrdinalFields restore(FrozenIndex state, int capacity) {
        OrdinalFields fields = new OrdinalFields(0);
        fields.rids = Arrays.copyOf(state.rids(), capacity);
        fields.repoIds = Arrays.copyOf(state.repoIds(), capacity);
        fields.pathIds = Arrays.copyOf(state.pathIds(), capacity);
        fields.languages = Arrays.copyOf(state.languages(), capacity);
        fields.symbolKinds = Arrays.copyOf(state.symbolKinds(), capacity);
        state.repos().forEach(fields.repos::id);
        state.paths().forEach(fields.paths::id);
        return fields;
    }

    int capacity() {
        return rids.length;
    }

    void grow(int capacity) {
        rids = Arrays.copyOf(rids, capacity);
        repoIds = Arrays.copyOf(repoIds, capacity);
        pathIds = Arrays.copyOf(pathIds, capacity);
        languages = Arrays.copyOf(languages, capacity);
        symbolKinds = Arrays.copyOf(symbolKinds, capacity);
    }

    long rid(int ordinal) {
        return rids[ordinal];
    }

    /** The row ids by ordinal, for turning ordinals into hits; read-only to the caller. */
    long[] rids() {
        return rids;
    }

    void set(int ordinal, VectorRow row) {
        rids[ordinal] = row.rid();
        repoIds[ordinal] = repos.id(row.repo());
        pathIds[ordinal] = paths.id(row.path());
        languages[ordinal] = (byte) row.language().ordinal();
        symbolKinds[ordinal] =
                row.symbolKind() == null ? -1 : (byte) row.symbolKind().ordinal();
    }

    /** Copies ordinal {@code from} of {@code source} to ordinal {@code to} here (re-interning repo and path). */
    void copy(OrdinalFields source, int from, int to) {
        rids[to] = source.rids[from];
        repoIds[to] = repos.id(source.repos.value(source.repoIds[from]));
        pathIds[to] = paths.id(source.paths.value(source.pathIds[from]));
        languages[to] = source.languages[from];
        symbolKinds[to] = source.symbolKinds[from];
    }

    /** Ordinals [0, n) with their fields, {@code vectors} and {@code graph}: what a graph file holds. */
    FrozenIndex freeze(long seq, int n, VectorStorage.Frozen vectors, ImmutableGraphIndex graph) {
        return new FrozenIndex(
                seq,
                n,
                Arrays.copyOf(rids, n),
                Arrays.copyOf(repoIds, n),
                Arrays.copyOf(pathIds, n),
                Arrays.copyOf(languages, n),
                Arrays.copyOf(symbolKinds, n),
                vectors,
                repos.values(),
                paths.values(),
                graph);
    }

    /** Ordinals of {@code live} below n that pass the filter. Paths are tested once per distinct path. */
    BitSet accepted(SearchFilter filter, BitSet live, int n) {
        boolean[] repoOk = null;
        if (!filter.repos().isEmpty()) {
            repoOk = new boolean[repos.size()];
            for (String repo : filter.repos()) {
                int id = repos.find(repo);
                if (id >= 0) {
                    repoOk[id] = true;
                }
            }
        }
        boolean[] languageOk = null;
        if (!filter.languages().isEmpty()) {
            languageOk = new boolean[Language.values().length];
            for (Language language : filter.languages()) {
                languageOk[language.ordinal()] = true;
            }
        }
        boolean[] kindOk = null;
        if (!filter.symbolKinds().isEmpty()) {
            kindOk = new boolean[SymbolKind.values().length];
            for (SymbolKind kind : filter.symbolKinds()) {
                kindOk[kind.ordinal()] = true;
            }
        }
        Predicate<String> pathOk = filter.pathGlob().isEmpty() ? null : PathGlob.compile(filter.pathGlob());
        byte[] pathMemo = pathOk == null ? null : pathMemo(filter.pathGlob());
        BitSet out = new BitSet(n);
        for (int ordinal = live.nextSetBit(0); ordinal >= 0 && ordinal < n; ordinal = live.nextSetBit(ordinal + 1)) {
            if (repoOk != null && !repoOk[repoIds[ordinal]]) {
                continue;
            }
            if (languageOk != null && !languageOk[languages[ordinal]]) {
                continue;
            }
            if (kindOk != null && (symbolKinds[ordinal] < 0 || !kindOk[symbolKinds[ordinal]])) {
                continue;
            }
            if (pathOk != null) {
                int pathId = pathIds[ordinal];
                if (pathMemo[pathId] == 0) {
                    pathMemo[pathId] = pathOk.test(paths.value(pathId)) ? (byte) 1 : (byte) 2;
                }
                if (pathMemo[pathId] != 1) {
                    continue;
                }
            }
            out.set(ordinal);
        }
        return out;
    }

    /**
     * Per glob, whether each distinct path matched (0 unknown, 1 yes, 2 no), kept across searches: a table may
     * have as many paths as chunks, and a regex per path per search is what filtered searches would otherwise
     * cost. Concurrent searches may fill the same entry; they write the same value.
     */
    private byte[] pathMemo(String glob) {
        byte[] memo = pathMemos.get(glob);
        if (memo == null || memo.length < paths.size()) {
            memo = memo == null ? new byte[paths.size()] : Arrays.copyOf(memo, paths.size());
            if (pathMemos.size() >= 64) {
                pathMemos.clear();
            }
            pathMemos.put(glob, memo);
        }
        return memo;
    }
}
