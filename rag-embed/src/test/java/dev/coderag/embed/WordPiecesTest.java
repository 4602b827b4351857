package dev.coderag.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The Java word pieces against the Hugging Face tokenizer (Rust, through DJL's JNI) as the oracle. */
class WordPiecesTest {
    private static final EmbeddingModel MODEL = EmbeddingModel.BGE_SMALL_FP32;
    private static WordPieces pieces;
    private static HuggingFaceTokenizer oracle;

    @BeforeAll
    static void load() throws IOException {
        ClassLoader loader = WordPiecesTest.class.getClassLoader();
        pieces = WordPieces.load(MODEL, loader);
        try (InputStream json = loader.getResourceAsStream(MODEL.tokenizerResource())) {
            oracle = HuggingFaceTokenizer.newInstance(
                    json, Map.of("padding", "false", "truncation", "false", "addSpecialTokens", "false"));
        }
    }

    @AfterAll
    static void close() {
        oracle.close();
    }

    /** 2,000-character slices of this repository's sources and docs: code, comments, Markdown, JSON. */
    private static List<String> realTexts() throws IOException {
        List<String> texts = new ArrayList<>();
        for (String dir : List.of("src/main/java", "../docs", "../rag-chat/src/main/resources")) {
            try (var files = Files.walk(Path.of(dir))) {
                for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                    String text = Files.readString(f);
                    for (int off = 0; off < text.length(); off += 2_000) {
                        texts.add(text.substring(off, Math.min(text.length(), off + 2_000)));
                    }
                }
            }
        }
        return texts;
    }

    private static boolean spellsSpecialToken(String text) {
        return text.contains("[CLS]")
                || text.contains("[SEP]")
                || text.contains("[PAD]")
                || text.contains("[MASK]")
                || text.contains("[UNK]");
    }

    @Test
    void real_sources_and_docs_get_the_same_pieces_and_ids_as_the_hugging_face_tokenizer() throws IOException {
        List<String> texts = realTexts();
        assertThat(texts).hasSizeGreaterThan(200);
        int compared = 0;
        for (String t : texts) {
            if (spellsSpecialToken(t)) {
                continue;
            }
            compared++;
            assertThat(pieces.pieces(t))
                    .as(t)
                    .containsExactly(oracle.encode(t, false, false).getTokens());
            long[] expected = oracle.encode(t, false, false).getIds();
            assertThat(Arrays.stream(pieces.ids(t)).asLongStream().toArray()).isEqualTo(expected);
        }
        assertThat(compared).isGreaterThan(texts.size() * 9 / 10);
    }

    @Test
    void accents_case_chinese_and_long_words_follow_bert_rules() {
        for (String t : List.of(
                "Café Ünïcödé naïve RÉSUMÉ",
                "中文字符 mixed with English",
                "x".repeat(150) + " short",
                "tabs\tand\r\nnewlines  \u00a0 nbsp",
                "emoji 🙂 and symbols ∑ ≤ ≥ ©",
                "")) {
            assertThat(pieces.pieces(t))
                    .as(t)
                    .containsExactly(oracle.encode(t, false, false).getTokens());
        }
    }

    @Test
    void random_ascii_with_controls_punctuation_and_long_words_matches_the_oracle() {
        java.util.Random random = new java.util.Random(31);
        String alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_ \n\t\r"
                + "!\"#$%&'()*+,-./:;<=>?@[\\]^`{|}~\u0000\u0001\u0007\u000b\u000c\u001f\u007f";
        List<String> words = List.of("getUserName", "unbelievably", "x", "##", "tokenizer", "qqqzzxv", "Ünïcode");
        for (int t = 0; t < 2_000; t++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(300);
            while (text.length() < length) {
                switch (random.nextInt(4)) {
                    case 0 -> text.append(words.get(random.nextInt(words.size() - 1)));
                    case 1 -> text.append("a".repeat(95 + random.nextInt(10)));
                    default -> text.append(alphabet.charAt(random.nextInt(alphabet.length())));
                }
            }
            String s = text.toString();
            long[] expected = oracle.encode(s, false, false).getIds();
            assertThat(Arrays.stream(pieces.ids(s)).asLongStream().toArray())
                    .as(s)
                    .isEqualTo(expected);
            assertThat(pieces.count(s)).isEqualTo(expected.length);
        }
    }

    @Test
    void a_spelled_special_token_counts_as_its_pieces_so_counts_never_fall_short() {
        String t = "the [CLS] vector";
        assertThat(pieces.count(t)).isGreaterThan(oracle.encode(t, false, false).getIds().length);
    }

    @Test
    void concurrent_callers_get_the_same_answers() throws Exception {
        List<String> texts = realTexts().subList(0, 200);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<Integer>>> runs = new ArrayList<>();
            for (int r = 0; r < 4; r++) {
                runs.add(pool.submit(() -> texts.stream().map(pieces::count).toList()));
            }
            List<Integer> first = runs.getFirst().get();
            for (Future<List<Integer>> run : runs) {
                assertThat(run.get()).isEqualTo(first);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void a_tokenizer_json_without_a_word_piece_vocabulary_is_refused() {
        InputStream bpe = new ByteArrayInputStream(
                "{\"model\":{\"type\":\"BPE\",\"vocab\":{}}}".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> WordPieces.load(bpe)).isInstanceOf(IOException.class);
        InputStream broken = new ByteArrayInputStream("{not json".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> WordPieces.load(broken)).isInstanceOf(IOException.class);
    }
}
