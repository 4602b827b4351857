package dev.coderag.retrieval;

import dev.coderag.retrieval.branch.BranchView;
import dev.coderag.retrieval.commits.DefinitionHistory;
import dev.coderag.retrieval.commits.HistoryQuestion;
import dev.coderag.store.CallEdge;
import dev.coderag.store.ReferenceKind;
import dev.coderag.store.ScoredChunk;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.Store;
import dev.coderag.store.StoredChunk;
import dev.coderag.store.SymbolRef;
import dev.coderag.store.VectorTier;
import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CodeChunk;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Where the chunks of one retrieval come from: the store's searches and lookups, restricted to the request's
 * {@link Scope} (searches by the store's filter, lookups by the same rule in Java), and the sources of the
 * previous answer. It is the only place their ids are obtained: the store
 * returns every hit and lookup with the id it is stored under, so nothing on the read path re-hashes a chunk;
 * only the previous answer's few sources are hashed. Everything downstream reads {@link Found#id()}.
 *
 * <p>Thread-safe (the store is): the production path's concurrent searches share one instance.
 */
final class ChunkSource {
    private final Store store;
    private final Scope scope;
    private final Optional<String> repo;
    private final SearchFilter filter;
    private final Predicate<Chunk> admits;
    private final VectorTier tier;
    private final Optional<BranchView> branch;

    /**
     * @param scope restrict every read to it
     * @throws IllegalArgumentException for a path glob the store refuses
     */
    ChunkSource(Store store, Scope scope) {
        this(store, scope, VectorTier.FULL);
    }

    /**
     * @param tier the vector tier {@link #vector} searches and {@link #vectorsByContentHash} reads: the one the
     *     request's query vector belongs to
     */
    ChunkSource(Store store, Scope scope, VectorTier tier) {
        this(store, scope, tier, scope.repo().flatMap(r -> BranchView.of(store, r)));
    }

    private ChunkSource(Store store, Scope scope, VectorTier tier, Optional<BranchView> branch) {
        this.store = Objects.requireNonNull(store, "store");
        this.tier = Objects.requireNonNull(tier, "tier");
        this.scope = Objects.requireNonNull(scope, "scope");
        this.repo = scope.repo();
        this.branch = branch;
        // a branch overlay's searches cover its base too; the base's files the branch changed or lacks are dropped
        this.filter = branch.map(b -> b.filter(scope.filter())).orElse(scope.filter());
        Predicate<Chunk> matcher = filter.matcher();
        Predicate<Chunk> inScope =
                scope.onlyRepo() ? c -> true : c -> scope.tables().contains(c.kind()) && matcher.test(c);
        this.admits = inScope;
    }

    /** Whether this source's searches read {@code table}. */
    boolean reads(ChunkKind table) {
        return scope.tables().contains(table);
    }

    /**
     * This source with the history's table added ({@link Scope#withHistory}), for a question whose route reads it;
     * itself when it reads the history already or its caller chose the tables (a scope without every table of
     * {@link Scope#ALL}).
     */
    ChunkSource withHistory() {
        return reads(ChunkKind.COMMIT) || !scope.tables().containsAll(Scope.ALL.tables())
                ? this
                : new ChunkSource(store, scope.withHistory(), tier, branch);
    }

    /** Commits pinned for a history question at most: the answer, and the two before or after it. */
    static final int MAX_HISTORY_PINS = 3;

    /**
     * The commits that answer a history question about what it names ({@link #history}): the one definition it
     * names, else its strongest named code chunk (the whole file of it for a question of what changed); empty when it
     * names nothing.
     */
    List<Found> answering(Optional<Found> subject, List<Pins.Pin> pins, HistoryQuestion question) {
        Optional<Found> named = subject.or(() -> pins.stream()
                .filter(p -> p.strength() >= 2.0)
                .map(Pins.Pin::found)
                .filter(f -> f.chunk() instanceof CodeChunk)
                .findFirst());
        boolean wholeFile = subject.isEmpty() && question.ask() == HistoryQuestion.Ask.CHANGES;
        return named.map(f -> history(f.chunk(), question, MAX_HISTORY_PINS, wholeFile))
                .orElse(List.of());
    }

    /** How many times deeper the commit table is searched for a question that names dates. */
    static final int DATED_DEPTH = 10;

    /**
     * A search of {@code table} for {@code k} hits ({@code search} of a depth); for the commit table and a history
     * question that names dates, a search {@value #DATED_DEPTH} times deeper (at most 500) kept to the commits in
     * them: most of a history is outside them.
     */
    static java.util.concurrent.Callable<List<Scored>> inDates(
            ChunkKind table,
            Optional<HistoryQuestion> asked,
            int k,
            java.util.function.IntFunction<List<Scored>> search) {
        Optional<HistoryQuestion> dated =
                asked.filter(q -> table == ChunkKind.COMMIT && q.window().isPresent());
        return dated.isEmpty()
                ? () -> search.apply(k)
                : () -> search.apply(Math.min(k * DATED_DEPTH, 500)).stream()
                        .filter(s -> s.chunk() instanceof dev.coderag.types.CommitChunk c
                                && dated.get().admits(c.time()))
                        .limit(k)
                        .toList();
    }

    /**
     * The commits that answer {@code question} about a definition (or its whole file: {@code wholeFile}, or a chunk of
     * another kind),
     * best first, at most {@code limit}: its file's history read back through renames
     * ({@link DefinitionHistory}). Empty when this source does not read the history.
     */
    List<Found> history(Chunk definition, HistoryQuestion question, int limit, boolean wholeFile) {
        if (!reads(ChunkKind.COMMIT)) {
            return List.of();
        }
        List<StoredChunk> walked = DefinitionHistory.ofFile(store.history(), definition.repo(), definition.path());
        List<StoredChunk> answer = new ArrayList<>(
                definition instanceof CodeChunk code && !wholeFile
                        ? DefinitionHistory.answer(question, code.symbol(), code.qualifiedName(), walked, limit)
                        : DefinitionHistory.answer(question, "", "", walked, limit));
        if (question.ask() == HistoryQuestion.Ask.LAST_CHANGED && definition instanceof CodeChunk && !wholeFile) {
            // who last changed a definition is a blame of its lines, not the newest commit naming it
            DefinitionHistory.lastWrote(walked, definition.startLine(), definition.endLine())
                    .filter(s -> question.admits(((dev.coderag.types.CommitChunk) s.chunk()).time()))
                    .ifPresent(last -> {
                        answer.remove(last);
                        answer.addFirst(last);
                    });
        }
        return answer.stream()
                .limit(Math.max(0, limit))
                .map(c -> new Found(c.id(), c.chunk()))
                .toList();
    }

    /** The vector tier {@link #vector} searches: the one the request's query vector belongs to. */
    VectorTier tier() {
        return tier;
    }

    Optional<String> repo() {
        return repo;
    }

    /** The nearest neighbours of {@code queryVector} in one table, best first. */
    List<Scored> vector(ChunkKind table, float[] queryVector, int k) {
        if (!scope.tables().contains(table)) {
            return List.of();
        }
        return scored(visible(store.vectors(tier).search(table, queryVector, wider(k), filter), k));
    }

    /**
     * The nearest neighbours of a static-tier query vector among the chunks whose vector is still of the static
     * tier, in one table, best first (their cosines are on the static tier's scale, not the primary tier's).
     */
    List<Scored> staticVector(ChunkKind table, float[] queryVector, int k) {
        if (!scope.tables().contains(table)) {
            return List.of();
        }
        return scored(visible(store.vectors(VectorTier.STATIC).search(table, queryVector, wider(k), filter), k));
    }

    /** One nearest-neighbour list per table, in {@link ChunkKind} order, searched one table after another. */
    List<List<Scored>> vectorPerTable(float[] queryVector, int k) {
        List<List<Scored>> lists = new ArrayList<>();
        for (ChunkKind kind : ChunkKind.values()) {
            lists.add(vector(kind, queryVector, k));
        }
        return lists;
    }

    /** BM25 hits of one table as the store ranks them, for a prefetch that re-ranks them later ({@link #lexical}). */
    List<ScoredChunk> bm25(ChunkKind table, String query, int k) {
        if (!scope.tables().contains(table)) {
            return List.of();
        }
        return visible(store.lexical().search(table, query, wider(k), filter), k);
    }

    /** BM25 hits of one table re-ranked by the evidence of the rest of each file ({@link Fusion#withFileSupport}). */
    List<Scored> lexical(List<ScoredChunk> bm25) {
        return scored(Fusion.withFileSupport(bm25, Fusion.FILE_SUPPORT));
    }

    /**
     * One re-ranked BM25 list per table, in {@link ChunkKind} order, searched one table after another; no lists
     * for a blank query.
     */
    List<List<Scored>> lexicalPerTable(String query, int k) {
        List<List<Scored>> lists = new ArrayList<>();
        if (!query.isBlank()) {
            for (ChunkKind kind : ChunkKind.values()) {
                lists.add(lexical(bm25(kind, query, k)));
            }
        }
        return lists;
    }

    /** The chunks of the files whose path is or ends with {@code pathOrSuffix}. */
    List<Found> byPath(String pathOrSuffix) {
        return found(
                branch.isEmpty()
                        ? store.chunks().byPath(pathOrSuffix, repo)
                        : branch.get().both(r -> store.chunks().byPath(pathOrSuffix, Optional.of(r))));
    }

    /** The chunks that define {@code symbol}. */
    List<Found> bySymbol(String symbol) {
        return found(
                branch.isEmpty()
                        ? store.chunks().bySymbol(symbol, repo)
                        : branch.get().both(r -> store.chunks().bySymbol(symbol, Optional.of(r))));
    }

    /** The stored chunks with these ids, as the store returns them. */
    List<Found> byIds(Collection<String> chunkIds) {
        return found(store.chunks().getAll(chunkIds));
    }

    /** Chunks the caller brings along (the previous answer's sources), unfiltered. */
    List<Found> given(List<Chunk> chunks) {
        return chunks.stream().map(c -> new Found(c.id(), c)).toList();
    }

    List<CallEdge> callers(String chunkId) {
        return store.calls().callers(chunkId);
    }

    List<CallEdge> callees(String chunkId) {
        return store.calls().callees(chunkId);
    }

    /** References of one kind into a chunk's declarations (store order), at most {@code limit}. */
    List<SymbolRef> references(String chunkId, ReferenceKind kind, int limit) {
        return store.references().to(chunkId, java.util.EnumSet.of(kind), limit);
    }

    /** {@link RetrievalHit#resolvedCalls()} of a chunk (code only): {@code References.callNames}. */
    Optional<List<String>> resolvedCalls(String chunkId, Chunk chunk) {
        return chunk instanceof CodeChunk ? store.references().callNames(chunkId) : Optional.empty();
    }

    /** Stored embeddings by content hash (hashes without one are absent). */
    Map<String, float[]> vectorsByContentHash(Collection<String> contentHashes) {
        return store.vectors(tier).byContentHash(contentHashes);
    }

    /** How many hits to ask a search for: more in a branch's view, whose hidden base files are dropped after. */
    private int wider(int k) {
        return branch.filter(b -> !b.hidden().isEmpty()).isPresent() ? k + Math.min(k, 200) : k;
    }

    /** The first {@code k} hits the branch's view shows (all of them outside a branch). */
    private List<ScoredChunk> visible(List<ScoredChunk> hits, int k) {
        if (branch.isEmpty()) {
            return hits;
        }
        return hits.stream()
                .flatMap(h ->
                        branch.get().show(h.id(), h.chunk()).map(c -> new ScoredChunk(h.id(), c, h.score())).stream())
                .limit(k)
                .toList();
    }

    private static List<Scored> scored(List<ScoredChunk> hits) {
        return hits.stream()
                .map(h -> new Scored(new Found(h.id(), h.chunk()), h.score()))
                .toList();
    }

    private List<Found> found(List<StoredChunk> chunks) {
        return chunks.stream()
                .filter(c -> admits.test(c.chunk()))
                .flatMap(c -> branch
                        .map(b -> b.show(c.id(), c.chunk()))
                        .orElse(Optional.of(c.chunk()))
                        .map(shown -> new Found(c.id(), shown))
                        .stream())
                .toList();
    }
}
