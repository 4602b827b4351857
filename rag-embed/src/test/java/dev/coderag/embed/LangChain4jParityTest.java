package dev.coderag.embed;

import static dev.coderag.embed.TestEmbedders.maxAbsDiff;
import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.model.embedding.onnx.bgesmallenv15.BgeSmallEnV15EmbeddingModel;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Our pipeline against LangChain4j's own in-process bge-small-en-v1.5 (the same ONNX file run through its
 * own tokenisation, ONNX Runtime session and pooling). LangChain4j averages windows for texts over 510
 * tokens where we truncate, so only texts within 510 tokens are compared; and ours runs with one sequence per text
 * (document window 512): windows over 256 tokens are ours alone ({@link TokenWindows}, tested in DjlEmbedderTest).
 */
class LangChain4jParityTest {
    private static final List<String> TEXTS = List.of(
            "public static String readConfig(Path path) throws IOException { return Files.readString(path); }",
            "## Installation\nRun `./rag up`, then open http://localhost:8080 in a browser.",
            "def save_order(conn, order):\n    conn.execute('INSERT INTO orders VALUES (?, ?)', (order.id, order.total))",
            "fn main() { println!(\"héllo wörld – ünïcode ✓\"); }",
            DjlEmbedderTest.longText(300));

    @Test
    void document_and_query_vectors_match_langchain4j_within_1e4() {
        var reference = new BgeSmallEnV15EmbeddingModel();
        EmbedSettings defaults = EmbedSettings.fromSystemProperties(EmbeddingModel.BGE_SMALL_FP32);
        try (Embedder ours = DjlEmbedder.open(
                EmbeddingModel.BGE_SMALL_FP32,
                new EmbedSettings(
                        defaults.workers(),
                        defaults.intraOpThreads(),
                        defaults.batchTokens(),
                        defaults.maxBatch(),
                        512),
                ModelCache.defaultRoot(System.getenv()))) {
            assertParity(reference, ours);
        }
    }

    private static void assertParity(BgeSmallEnV15EmbeddingModel reference, Embedder ours) {
        List<float[]> batched = ours.embedDocuments(TEXTS);
        for (int i = 0; i < TEXTS.size(); i++) {
            float[] expected = reference.embed(TEXTS.get(i)).content().vector();
            assertThat(maxAbsDiff(batched.get(i), expected)).as("text %d", i).isLessThan(1e-4);
        }
        float[] query = ours.embedQuery("how is the config file read");
        float[] expectedQuery = reference
                .embed(DjlEmbedder.QUERY_PREFIX + "how is the config file read")
                .content()
                .vector();
        assertThat(maxAbsDiff(query, expectedQuery)).isLessThan(1e-4);
    }
}
