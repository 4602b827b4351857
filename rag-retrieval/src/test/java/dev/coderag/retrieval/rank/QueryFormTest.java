package dev.coderag.retrieval.rank;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QueryFormTest {
    @Test
    void a_bare_or_qualified_identifier_is_a_symbol_query() {
        for (String q : new String[] {
            "TCPConnector",
            "Sinatra::Base",
            "_private",
            "parse_header",
            "http.Client",
            "App\\Http\\Kernel",
            "ptr->next",
            "  ObjectMapper  "
        }) {
            assertThat(QueryForm.of(q)).as(q).isEqualTo(QueryForm.SYMBOL);
        }
    }

    @Test
    void words_a_lower_case_word_and_malformed_names_are_words() {
        for (String q : new String[] {
            "session",
            "timeout configuration",
            "how are requests sent",
            "",
            "Foo::",
            "::Foo",
            "9lives",
            "a..b",
            "Foo Bar",
            "x.y z"
        }) {
            assertThat(QueryForm.of(q)).as(q).isEqualTo(QueryForm.WORDS);
        }
    }

    @Test
    void a_symbol_query_looks_for_its_last_segment_and_its_qualified_name() {
        assertThat(QueryForm.symbolNames("Sinatra::Base")).containsExactly("Base", "Sinatra::Base");
        assertThat(QueryForm.symbolNames("Client")).containsExactly("Client");
        assertThat(QueryForm.symbolNames("timeout configuration")).isEmpty();
    }

    @Test
    void a_megabyte_query_is_read_in_linear_time() {
        String big = "A".repeat(1_000_000) + " b";
        long start = System.nanoTime();
        assertThat(QueryForm.of(big)).isEqualTo(QueryForm.WORDS);
        assertThat(QueryForm.of("A.".repeat(500_000) + "B")).isEqualTo(QueryForm.SYMBOL);
        assertThat((System.nanoTime() - start) / 1e9).isLessThan(5.0);
    }
}
