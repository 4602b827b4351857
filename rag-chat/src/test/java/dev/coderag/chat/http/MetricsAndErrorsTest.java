package dev.coderag.chat.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.chat.ChatException;
import dev.coderag.chat.Metrics;
import dev.coderag.store.StoreException;
import org.junit.jupiter.api.Test;

class MetricsAndErrorsTest {

    @Test
    void metrics_render_prometheus_text_with_escaped_labels() {
        Metrics m = new Metrics();
        m.increment("rag_http_requests_total", "HTTP requests", "route", "/api/chat", "status", "200");
        m.increment("rag_http_requests_total", "HTTP requests", "route", "/api/chat", "status", "200");
        m.increment("rag_http_requests_total", "HTTP requests", "route", "a\"b", "status", "500");
        m.observe("rag_chat_seconds", "Chat time", 0.02);
        m.observe("rag_chat_seconds", "Chat time", 3.0);
        String text = m.render();
        assertThat(text).contains("# TYPE rag_http_requests_total counter");
        assertThat(text).contains("rag_http_requests_total{route=\"/api/chat\",status=\"200\"} 2");
        assertThat(text).contains("rag_http_requests_total{route=\"a\\\"b\",status=\"500\"} 1");
        assertThat(text).contains("# TYPE rag_chat_seconds histogram");
        assertThat(text).contains("rag_chat_seconds_bucket{le=\"0.025\"} 1");
        assertThat(text).contains("rag_chat_seconds_bucket{le=\"5.0\"} 2");
        assertThat(text).contains("rag_chat_seconds_bucket{le=\"+Inf\"} 2");
        assertThat(text).contains("rag_chat_seconds_count 2");
    }

    @Test
    void typed_exceptions_map_to_status_codes_and_unknown_ones_to_a_generic_500() {
        assertThat(HttpErrors.of(new ChatException(ChatException.Reason.EMPTY_QUERY, "x"))
                        .status())
                .isEqualTo(400);
        assertThat(HttpErrors.of(new ChatException(ChatException.Reason.NO_DATA, ChatException.NO_DATA_MESSAGE)))
                .isEqualTo(new HttpErrors.HttpError(503, "No data ingested yet. Run ./rag ingest <path> first."));
        assertThat(HttpErrors.of(new ChatException(ChatException.Reason.LLM_UNAVAILABLE, "x"))
                        .status())
                .isEqualTo(502);
        assertThat(HttpErrors.of(new StoreException(StoreException.Reason.CORRUPT, "x"))
                        .status())
                .isEqualTo(500);
        assertThat(HttpErrors.of(new ChatException(ChatException.Reason.INDEXING_FAILED, "x"))
                        .status())
                .isEqualTo(422);
        HttpErrors.HttpError unknown = HttpErrors.of(new IllegalStateException("secret internals at Foo.java:12"));
        assertThat(unknown.status()).isEqualTo(500);
        assertThat(unknown.message()).doesNotContain("secret").doesNotContain("Foo.java");
    }
}
