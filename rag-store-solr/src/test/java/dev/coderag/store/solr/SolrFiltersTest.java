package dev.coderag.store.solr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.coderag.store.SearchFilter;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The filter queries' shape; that they select what the embedded store selects is SolrStoreParityIT's job. */
class SolrFiltersTest {
    @Test
    void every_restriction_is_one_filter_query_with_escaped_values() {
        SearchFilter f = SearchFilter.repo("my repo")
                .withLanguages(Set.of(Language.JAVA))
                .withSymbolKinds(Set.of(SymbolKind.METHOD));
        assertThat(SolrFilters.of(f, ChunkKind.CODE))
                .containsExactly(
                        "doc:chunk", "kind:code", "repo:(my\\ repo)", "language:(java)", "symbol_kind:(method)");
        assertThat(SolrFilters.of(SearchFilter.NONE, ChunkKind.MODULE_DOC))
                .containsExactly("doc:chunk", "kind:module_doc");
    }

    @Test
    void a_plain_path_is_a_prefix_and_a_glob_a_whole_path_regex() {
        assertThat(SolrFilters.path("./src/main")).isEqualTo("path:src\\/main*");
        assertThat(SolrFilters.path("src/**/*.java")).isEqualTo("path:/src\\/(.*\\/)?[^\\/]*\\.java/");
        assertThat(SolrFilters.path("*.py")).isEqualTo("path:/(.*\\/)?[^\\/]*\\.py/");
        assertThat(SolrFilters.path("a/{b,}/[!x-z]?")).isEqualTo("path:/a\\/((b)|())\\/[^\\/x-z][^\\/]/");
        assertThat(SolrFilters.path("")).isEmpty();
        assertThat(SolrFilters.path("/")).isEmpty();
    }

    @Test
    void globs_the_embedded_store_refuses_are_refused() {
        assertThatThrownBy(() -> SolrFilters.path("src/[z-a]*")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SolrFilters.path("*" + "a".repeat(2000))).isInstanceOf(IllegalArgumentException.class);
    }
}
