package dev.coderag.embed;

import static dev.coderag.embed.TestEmbedders.dot;
import static dev.coderag.embed.TestEmbedders.maxAbsDiff;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/** The real fp32 model (loaded once for all embedder tests, see {@link TestEmbedders}). */
class DjlEmbedderTest {
    private static final String READ_FILE = """
            public static String readConfig(Path path) throws IOException {
                try (BufferedReader reader = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
                    return reader.lines().collect(Collectors.joining("\\n"));
                }
            }""";
    private static final String HTTP_GET = """
            HttpResponse<String> fetch(URI uri) throws Exception {
                HttpRequest request = HttpRequest.newBuilder(uri).GET().build();
                return client.send(request, HttpResponse.BodyHandlers.ofString());
            }""";
    private static final String SORT_USERS = """
            void sortUsersByAge(List<User> users) {
                users.sort(Comparator.comparingInt(User::age));
            }""";
    private static final String SQL_INSERT = """
            def save_order(conn, order):
                conn.execute("INSERT INTO orders(id, total) VALUES (?, ?)", (order.id, order.total))
                conn.commit()""";

    private final Embedder embedder = TestEmbedders.fp32();

    @Test
    void a_query_ranks_the_snippet_that_does_what_it_asks_above_unrelated_code() {
        List<String> snippets = List.of(READ_FILE, HTTP_GET, SORT_USERS, SQL_INSERT);
        List<float[]> docs = embedder.embedDocuments(snippets);

        assertThat(best(embedder.embedQuery("how do I read the contents of a file"), docs))
                .isEqualTo(0);
        assertThat(best(embedder.embedQuery("send an HTTP GET request"), docs)).isEqualTo(1);
        assertThat(best(embedder.embedQuery("order a list of users by their age"), docs))
                .isEqualTo(2);
        assertThat(best(embedder.embedQuery("store an order in the database"), docs))
                .isEqualTo(3);
    }

    @Test
    void the_same_text_twice_gives_the_identical_vector() {
        assertThat(embedder.embedDocuments(List.of(READ_FILE)).get(0))
                .isEqualTo(embedder.embedDocuments(List.of(READ_FILE)).get(0));
        assertThat(embedder.embedQuery("read a file")).isEqualTo(embedder.embedQuery("read a file"));
    }

    @Test
    void a_batch_of_mixed_lengths_equals_each_text_embedded_alone_in_input_order() {
        List<String> texts = new ArrayList<>(List.of(SQL_INSERT, "x", READ_FILE, "", SORT_USERS, HTTP_GET));
        texts.add(longText(700)); // truncated, in a batch with shorter ones
        texts.add(READ_FILE + " " + SORT_USERS);

        List<float[]> batched = embedder.embedDocuments(texts);

        assertThat(batched).hasSize(texts.size());
        for (int i = 0; i < texts.size(); i++) {
            float[] alone = embedder.embedDocuments(List.of(texts.get(i))).get(0);
            assertThat(maxAbsDiff(batched.get(i), alone)).as("text %d", i).isLessThan(1e-6);
        }
    }

    @Test
    void vectors_are_unit_length_with_384_dimensions() {
        List<float[]> vectors = new ArrayList<>(embedder.embedDocuments(List.of(READ_FILE, "", longText(600))));
        vectors.add(embedder.embedQuery("where is the config read"));

        assertThat(embedder.dimension()).isEqualTo(384);
        assertThat(embedder.modelId()).isEqualTo("BAAI/bge-small-en-v1.5");
        for (float[] v : vectors) {
            assertThat(v).hasSize(384);
            assertThat(dot(v, v)).isCloseTo(1.0, Offset.offset(1e-5));
        }
    }

    @Test
    void a_query_gets_the_retrieval_instruction_and_a_document_does_not() {
        String text = "parse the command line arguments";

        float[] query = embedder.embedQuery(text);
        float[] document = embedder.embedDocuments(List.of(text)).get(0);
        float[] prefixed = embedder.embedDocuments(List.of(DjlEmbedder.QUERY_PREFIX + text))
                .get(0);

        assertThat(maxAbsDiff(query, document)).isGreaterThan(1e-3);
        assertThat(maxAbsDiff(query, prefixed)).isLessThan(1e-6);
    }

    @Test
    void a_text_past_512_tokens_embeds_only_its_first_512_tokens() {
        String head = longText(3000);
        assertThat(embedder.countTokens(head)).isGreaterThan(3000);

        float[] a = embedder.embedDocuments(List.of(head + " alpha beta gamma")).get(0);
        float[] b = embedder.embedDocuments(List.of(head + " completely different ending"))
                .get(0);
        float[] shortText = embedder.embedDocuments(List.of(READ_FILE)).get(0);

        assertThat(a).hasSize(384);
        assertThat(maxAbsDiff(a, b)).isLessThan(1e-6);
        assertThat(maxAbsDiff(a, shortText)).isGreaterThan(1e-3);
    }

    @Test
    void count_tokens_counts_model_tokens_without_special_tokens_and_without_truncation() {
        assertThat(embedder.countTokens("")).isZero();
        assertThat(embedder.countTokens("hello world")).isEqualTo(2);
        assertThat(embedder.countTokens("readConfig")).isGreaterThan(1); // word pieces: read ##con ##fi ##g
        assertThat(embedder.countTokens(longText(2000))).isGreaterThan(embedder.maxTokens());
        assertThat(embedder.maxTokens()).isEqualTo(512);
    }

    @Test
    void an_empty_list_gives_an_empty_result_and_an_empty_string_embeds() {
        assertThat(embedder.embedDocuments(List.of())).isEmpty();

        float[] empty = embedder.embedDocuments(List.of("")).get(0);

        assertThat(empty).hasSize(384);
        assertThat(dot(empty, empty)).isCloseTo(1.0, Offset.offset(1e-5));
        assertThat(embedder.embedQuery("")).hasSize(384);
    }

    @Test
    void a_null_text_is_rejected_with_a_clear_message() {
        List<String> withNull = new ArrayList<>(List.of("a"));
        withNull.add(null);

        assertThatThrownBy(() -> embedder.embedDocuments(withNull))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("null");
    }

    @Test
    void concurrent_callers_get_the_same_vectors_as_a_single_caller() throws Exception {
        List<String> texts = List.of(READ_FILE, HTTP_GET, SORT_USERS, SQL_INSERT, longText(40));
        List<float[]> expected = embedder.embedDocuments(texts);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Callable<List<float[]>>> calls = IntStream.range(0, 6)
                    .mapToObj(i -> (Callable<List<float[]>>) () -> embedder.embedDocuments(texts))
                    .toList();
            for (Future<List<float[]>> f : pool.invokeAll(calls)) {
                List<float[]> got = f.get();
                for (int i = 0; i < texts.size(); i++) {
                    assertThat(maxAbsDiff(got.get(i), expected.get(i))).isLessThan(1e-6);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void two_workers_with_small_batches_give_the_same_vectors_as_the_default_settings() {
        List<String> texts = new ArrayList<>(List.of(READ_FILE, HTTP_GET, SORT_USERS, SQL_INSERT, "", "x"));
        texts.add(longText(200));
        texts.add(longText(30));
        List<float[]> expected = embedder.embedDocuments(texts);

        // A 256-token budget and at most 2 texts per batch: several batches, spread over 2 worker threads.
        try (Embedder parallel = DjlEmbedder.open(
                EmbeddingModel.BGE_SMALL_FP32,
                new EmbedSettings(2, 1, 256, 2),
                ModelCache.defaultRoot(System.getenv()))) {
            List<float[]> got = parallel.embedDocuments(texts);

            for (int i = 0; i < texts.size(); i++) {
                assertThat(maxAbsDiff(got.get(i), expected.get(i)))
                        .as("text %d", i)
                        .isLessThan(1e-6);
            }
        }
    }

    @Test
    void documents_longer_than_the_window_are_pooled_from_their_own_windows_in_a_mixed_batch() {
        List<String> texts = List.of(longText(300), READ_FILE, longText(120) + " " + HTTP_GET, "", SORT_USERS);
        Path cache = ModelCache.defaultRoot(System.getenv());

        // 64-token windows: the long texts become several windows each, batched together with the short ones.
        try (Embedder windowed =
                        DjlEmbedder.open(EmbeddingModel.BGE_SMALL_FP32, new EmbedSettings(2, 1, 256, 4, 64), cache);
                Embedder whole =
                        DjlEmbedder.open(EmbeddingModel.BGE_SMALL_FP32, new EmbedSettings(1, 1, 512, 32, 512), cache)) {
            List<float[]> batched = windowed.embedDocuments(texts);

            for (int i = 0; i < texts.size(); i++) {
                float[] alone = windowed.embedDocuments(List.of(texts.get(i))).get(0);
                assertThat(maxAbsDiff(batched.get(i), alone)).as("text %d", i).isLessThan(1e-6);
                assertThat(dot(batched.get(i), batched.get(i))).isCloseTo(1.0, Offset.offset(1e-5));
            }
            // A text within the window is embedded exactly as one sequence; a longer one differently, but it stays
            // about the same text.
            List<float[]> sequences = whole.embedDocuments(texts);
            assertThat(maxAbsDiff(batched.get(4), sequences.get(4))).isLessThan(1e-6);
            assertThat(maxAbsDiff(batched.get(2), sequences.get(2))).isGreaterThan(1e-3);
            assertThat(dot(batched.get(2), sequences.get(2))).isGreaterThan(0.8);
        }
    }

    @Test
    void a_window_outside_the_model_limits_is_refused() {
        assertThatThrownBy(() -> new EmbedSettings(1, 1, 512, 32, 2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new EmbedSettings(1, 1, 512, 32, 513)).isInstanceOf(IllegalArgumentException.class);
    }

    /** Real-looking code text of at least {@code words} word tokens. */
    static String longText(int words) {
        return IntStream.range(0, words)
                .mapToObj(i -> i % 10 == 9 ? "return;\n" : "value" + (i % 7))
                .collect(Collectors.joining(" "));
    }

    private static int best(float[] query, List<float[]> docs) {
        int best = -1;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < docs.size(); i++) {
            double s = dot(query, docs.get(i));
            if (s > bestScore) {
                bestScore = s;
                best = i;
            }
        }
        return best;
    }
}
