package dev.coderag.store;

import dev.coderag.store.spi.PathGlob;
import dev.coderag.types.Chunk;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Restricts a search. Empty sets and an empty glob mean "no restriction"; restrictions combine with AND.
 *
 * @param symbolKinds only code chunks have a symbol kind: a non-empty set matches no chunk of the other tables
 * @param pathGlob a glob over repository-relative paths ({@code src/**}, {@code *.java}); a plain string
 *     without glob characters is a path prefix. {@code *} and {@code ?} stay within one directory, {@code **}
 *     crosses directories ({@code src/**}{@code /*.java} also matches {@code src/A.java}), {@code [..]} and
 *     {@code {a,b}} work as usual, and a glob without {@code /} is matched against the file name
 */
public record SearchFilter(Set<String> repos, Set<Language> languages, Set<SymbolKind> symbolKinds, String pathGlob) {
    public static final SearchFilter NONE = new SearchFilter(Set.of(), Set.of(), Set.of(), "");

    public SearchFilter {
        repos = Set.copyOf(repos);
        languages = Set.copyOf(languages);
        symbolKinds = Set.copyOf(symbolKinds);
        pathGlob = Objects.requireNonNullElse(pathGlob, "");
    }

    /** Only chunks of {@code repo}; a null or blank repo means all repos. */
    public static SearchFilter repo(String repo) {
        return repo == null || repo.isBlank() ? NONE : new SearchFilter(Set.of(repo), Set.of(), Set.of(), "");
    }

    public SearchFilter withLanguages(Set<Language> langs) {
        return new SearchFilter(repos, langs, symbolKinds, pathGlob);
    }

    public SearchFilter withSymbolKinds(Set<SymbolKind> kinds) {
        return new SearchFilter(repos, languages, kinds, pathGlob);
    }

    public SearchFilter withPathGlob(String glob) {
        return new SearchFilter(repos, languages, symbolKinds, glob);
    }

    /**
     * The filter as a test of one chunk, by the same rules the searches apply (for chunks found another way, e.g.
     * by symbol or path). The glob is compiled here, once.
     *
     * @throws IllegalArgumentException for a path glob the searches refuse (too long, a reversed range)
     */
    public Predicate<Chunk> matcher() {
        Predicate<String> path = PathGlob.compile(pathGlob);
        return chunk -> (repos.isEmpty() || repos.contains(chunk.repo()))
                && (languages.isEmpty() || languages.contains(chunk.language()))
                && (symbolKinds.isEmpty() || chunk instanceof CodeChunk c && symbolKinds.contains(c.symbolKind()))
                && path.test(chunk.path());
    }

    public boolean isEmpty() {
        return repos.isEmpty() && languages.isEmpty() && symbolKinds.isEmpty() && pathGlob.isEmpty();
    }
}
