package dev.coderag.store;

import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.util.Objects;
import java.util.Set;

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

    public boolean isEmpty() {
        return repos.isEmpty() && languages.isEmpty() && symbolKinds.isEmpty() && pathGlob.isEmpty();
    }
}
