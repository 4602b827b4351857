package dev.coderag.store.solr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SolrUrlTest {
    @Test
    void several_nodes_with_their_parameters() {
        SolrUrl u = SolrUrl.parse(
                "solr://h1:8983/solr,10.0.0.2:7574/solr/,[::1]?collection=code_2&shards=2&replicas=2&retry=90");
        assertThat(u.nodes())
                .containsExactly("http://h1:8983/solr", "http://10.0.0.2:7574/solr", "http://[::1]:8983/solr");
        assertThat(u.collection()).isEqualTo("code_2");
        assertThat(u.shards()).isEqualTo(2);
        assertThat(u.replicas()).isEqualTo(2);
        assertThat(u.retry()).isEqualTo(Duration.ofSeconds(90));
    }

    @Test
    void defaults_and_https() {
        SolrUrl u = SolrUrl.parse("solrs://search.example.com");
        assertThat(u.nodes()).isEqualTo(List.of("https://search.example.com:8983/solr"));
        assertThat(u.collection()).isEqualTo("coderag");
        assertThat(u.shards()).isEqualTo(1);
        assertThat(u.replicas()).isEqualTo(1);
        assertThat(u.retry()).isEqualTo(Duration.ofSeconds(60));
        assertThat(SolrUrl.parse("SOLR://h:1/").nodes()).containsExactly("http://h:1");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "http://h:8983/solr|starts with solr:// or solrs://",
                "solr://|empty host",
                "solr://h1,,h2|empty host",
                "solr://user:secret@h:8983|no credentials in the store URL",
                "solr://h:99999|bad port",
                "solr://h:x|bad port",
                "solr://h o/solr|bad host",
                "solr://h/so lr|bad path",
                "solr://h/a//b|bad path",
                "solr://h/solré|bad path",
                "solr://h?collection=a/b|collection must be",
                "solr://h?collection=|collection must be",
                "solr://h?shards=0|shards must be a number from 1 to 64",
                "solr://h?replicas=many|replicas must be a number",
                "solr://h?retry=-1|retry must be",
                "solr://h?colection=x|unknown parameter 'colection'",
                "solr://h?shards=1&shards=2|given twice"
            })
    void bad_urls_say_what_is_wrong(String url, String message) {
        assertThatThrownBy(() -> SolrUrl.parse(url))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
    }

    @Test
    void a_huge_url_is_refused_before_parsing() {
        assertThatThrownBy(() -> SolrUrl.parse("solr://" + "h,".repeat(5000) + "h"))
                .hasMessageContaining("longer than 4096");
    }
}
