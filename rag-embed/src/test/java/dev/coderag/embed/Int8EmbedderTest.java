package dev.coderag.embed;

import static dev.coderag.embed.TestEmbedders.dot;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The int8 model against fp32 (both loaded once, see {@link TestEmbedders}). */
class Int8EmbedderTest {
    private static final List<String> TEXTS = List.of(
            "public static String readConfig(Path path) throws IOException { return Files.readString(path); }",
            "## Installation\nRun ./rag up, then open http://localhost:8080 in a browser.",
            "def save_order(conn, order):\n    conn.execute('INSERT INTO orders VALUES (?, ?)', (order.id, order.total))",
            "",
            DjlEmbedderTest.longText(400));

    @Test
    void the_int8_model_loads_and_agrees_with_fp32_at_cosine_099_or_more() {
        Embedder int8 = TestEmbedders.int8();
        List<float[]> quantised = int8.embedDocuments(TEXTS);
        List<float[]> full = TestEmbedders.fp32().embedDocuments(TEXTS);

        assertThat(int8.modelId()).isEqualTo("BAAI/bge-small-en-v1.5-int8");
        assertThat(int8.dimension()).isEqualTo(384);
        for (int i = 0; i < TEXTS.size(); i++) {
            assertThat(dot(quantised.get(i), full.get(i))).as("text %d", i).isGreaterThanOrEqualTo(0.99);
        }
        assertThat(dot(int8.embedQuery("read a file"), TestEmbedders.fp32().embedQuery("read a file")))
                .isGreaterThanOrEqualTo(0.99);
    }

    @Test
    void the_int8_model_counts_tokens_like_fp32() {
        for (String text : TEXTS) {
            assertThat(TestEmbedders.int8().countTokens(text))
                    .isEqualTo(TestEmbedders.fp32().countTokens(text));
        }
    }
}
