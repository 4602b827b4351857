package dev.coderag.store.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class LexicalTextTest {

    @Test
    void camel_snake_and_acronym_identifiers_split_into_words_plus_the_joined_name() {
        assertThat(LexicalText.tokens("parseHttpRequest"))
                .containsExactly("pars", "http", "request", "parsehttprequest");
        assertThat(LexicalText.tokens("parse_http_request"))
                .containsExactly("pars", "http", "request", "parsehttprequest");
        assertThat(LexicalText.tokens("HTTPServer2xx")).containsExactly("http", "server", "xx", "httpserver2xx");
        assertThat(LexicalText.tokens("XMLHttpRequest")).containsExactly("xml", "http", "request", "xmlhttprequest");
    }

    @Test
    void query_and_document_spellings_meet_in_the_same_terms() {
        assertThat(LexicalText.tokens("parse http request")).isSubsetOf(LexicalText.tokens("parseHttpRequest"));
        assertThat(LexicalText.tokens("parsing requests")).containsExactly("pars", "request");
    }

    @Test
    void stopwords_single_letters_and_very_long_tokens_are_dropped() {
        assertThat(LexicalText.tokens("public static void main(String[] a) { return this.x; }"))
                .containsExactly("main", "string");
        assertThat(LexicalText.tokens("how does the server work")).containsExactly("server", "work");
        assertThat(LexicalText.tokens("sha " + "f".repeat(64))).containsExactly("sha");
        assertThat(LexicalText.tokens("isEmpty")).containsExactly("empti", "isempti");
    }

    @Test
    void fts_syntax_and_punctuation_never_reach_the_tokens() {
        assertThat(LexicalText.tokens("NEAR(\"a b\", 3) AND -c OR d* ^e col:f"))
                .allSatisfy(t -> assertThat(t).matches("[\\p{L}\\p{N}]+"));
        assertThat(LexicalText.indexText("a.b(c)", "", "Foo_Bar")).isEqualTo("foo bar foobar");
    }

    @Test
    void query_terms_are_distinct_and_ranked_by_specificity() {
        List<LexicalText.QueryTerm> terms = LexicalText.queryTerms("parseHttpRequest parse 404 line 12");
        assertThat(terms)
                .containsExactly(
                        new LexicalText.QueryTerm("pars", 1),
                        new LexicalText.QueryTerm("http", 1),
                        new LexicalText.QueryTerm("request", 1),
                        new LexicalText.QueryTerm("parsehttprequest", 0),
                        new LexicalText.QueryTerm("404", 2),
                        new LexicalText.QueryTerm("line", 1),
                        new LexicalText.QueryTerm("12", 2));
    }

    @Test
    void porter_stemmer_matches_the_reference_examples() {
        String[][] pairs = {
            {"caresses", "caress"},
            {"ponies", "poni"},
            {"cats", "cat"},
            {"feed", "feed"},
            {"agreed", "agre"},
            {"plastered", "plaster"},
            {"motoring", "motor"},
            {"sing", "sing"},
            {"conflated", "conflat"},
            {"troubled", "troubl"},
            {"sized", "size"},
            {"hopping", "hop"},
            {"falling", "fall"},
            {"filing", "file"},
            {"happy", "happi"},
            {"relational", "relat"},
            {"conditional", "condit"},
            {"digitizer", "digit"},
            {"operator", "oper"},
            {"hopefulness", "hope"},
            {"formalize", "formal"},
            {"electrical", "electr"},
            {"revival", "reviv"},
            {"adjustment", "adjust"},
            {"adoption", "adopt"},
            {"controll", "control"},
            {"generalizations", "gener"},
            {"parser", "parser"},
            {"parsed", "pars"},
            {"ies", "i"},
            {"is", "is"},
            {"café", "café"}
        };
        for (String[] pair : pairs) {
            assertThat(PorterStemmer.stem(pair[0])).as(pair[0]).isEqualTo(pair[1]);
        }
    }
}
