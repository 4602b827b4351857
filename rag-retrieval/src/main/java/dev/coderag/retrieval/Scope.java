package dev.coderag.retrieval;

import dev.coderag.store.SearchFilter;
import dev.coderag.types.ChunkKind;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What a retrieval may return: chunks passing the store's {@link SearchFilter} (at most one repository, languages,
 * symbol kinds, a path glob) in the given tables. Every search, pin and graph neighbour of the retrieval is held
 * to it; the previous answer's sources a follow-up brings along are not (they were in scope when they were cited).
 *
 * @param filter at most one repository in {@link SearchFilter#repos()}
 * @param tables the tables searched; never empty
 */
public record Scope(SearchFilter filter, Set<ChunkKind> tables) {
    /**
     * Every chunk of every repository's snapshot: every table but {@link ChunkKind#COMMIT}, the history, which only
     * a question about the history searches ({@link #withHistory}).
     */
    public static final Scope ALL = new Scope(SearchFilter.NONE, EnumSet.complementOf(EnumSet.of(ChunkKind.COMMIT)));

    public Scope {
        Objects.requireNonNull(filter, "filter");
        if (filter.repos().size() > 1) {
            throw new IllegalArgumentException("a scope names at most one repository: " + filter.repos());
        }
        if (tables.isEmpty()) {
            throw new IllegalArgumentException("a scope needs at least one table");
        }
        tables = Set.copyOf(tables);
    }

    /** Every chunk of {@code repo}, or of every repository when it is empty. */
    public static Scope repo(Optional<String> repo) {
        return new Scope(SearchFilter.repo(repo.orElse(null)), ALL.tables);
    }

    /** This scope with the history's table added: what a question about when, why or by whom code changed reads. */
    public Scope withHistory() {
        Set<ChunkKind> more = EnumSet.copyOf(tables);
        more.add(ChunkKind.COMMIT);
        return new Scope(filter, more);
    }

    /** The one repository this scope is restricted to, if any. */
    public Optional<String> repo() {
        return filter.repos().stream().findFirst();
    }

    /** Whether nothing is restricted but (perhaps) the repository. */
    boolean onlyRepo() {
        return filter.languages().isEmpty()
                && filter.symbolKinds().isEmpty()
                && filter.pathGlob().isEmpty()
                && tables.containsAll(ALL.tables);
    }
}
