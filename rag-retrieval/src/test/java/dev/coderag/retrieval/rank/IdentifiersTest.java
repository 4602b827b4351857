package dev.coderag.retrieval.rank;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IdentifiersTest {
    @Test
    void names_split_into_their_lower_case_words() {
        assertThat(Identifiers.split("HttpClientEngine")).containsExactly("http", "client", "engine");
        assertThat(Identifiers.split("HTTPServer")).containsExactly("http", "server");
        assertThat(Identifiers.split("parse_header")).containsExactly("parse", "header");
        assertThat(Identifiers.split("bats-core")).containsExactly("bats", "core");
        assertThat(Identifiers.split("utf8Decoder")).containsExactly("utf8", "decoder");
        assertThat(Identifiers.split("__init__")).containsExactly("init");
        assertThat(Identifiers.split("")).isEmpty();
    }
}
