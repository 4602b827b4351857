package dev.coderag.bench;

import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.types.Chunk;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;

/**
 * Embedding throughput on real chunk texts, for A/B runs across processes: {@code --texts} distinct chunk texts of
 * {@code --corpus} (parsed with the product's ChunkParser, seeded shuffle) embedded {@code --rounds} times after a
 * short warm-up, either by our embedder ({@code --side ours}, int8, its default settings and system properties) or
 * by LangChain4j's in-process {@code BgeSmallEnV15QuantizedEmbeddingModel} ({@code --side langchain4j}, what
 * Easy-RAG uses). One line per round. {@code rag-bench/ort-versions} runs it once per ONNX Runtime version with
 * that version's jar on the classpath, alternating, which one JVM cannot do.
 *
 * <p>Usage: {@code rag-bench/run dev.coderag.bench.CorpusEmbedTime --corpus DIR [--texts 800] [--rounds 2]
 * [--side ours|langchain4j] [--label TEXT]}
 */
public final class CorpusEmbedTime {
    private CorpusEmbedTime() {}

    public static void main(String[] args) throws Exception {
        BenchArgs a = BenchArgs.parse(args, Set.of("--corpus", "--texts", "--rounds", "--side", "--label"), Set.of());
        Path corpus = Path.of(a.get("--corpus", "/work/corpora/jdt"));
        int count = a.getInt("--texts", 800);
        int rounds = a.getInt("--rounds", 2);
        String side = a.get("--side", "ours");
        String label = a.get("--label", side);

        LinkedHashSet<String> distinct = new LinkedHashSet<>();
        for (CorpusChunks.ParsedFile f : CorpusChunks.parse(corpus, "bench", "bench", 2)) {
            for (Chunk c : f.chunks()) {
                distinct.add(c.embeddingText());
            }
        }
        List<String> texts = new ArrayList<>(distinct);
        Collections.shuffle(texts, new Random(7));
        texts = List.copyOf(texts.subList(0, Math.min(count, texts.size())));

        switch (side) {
            case "ours" -> {
                try (Embedder embedder = Embedder.open(EmbeddingModel.BGE_SMALL_INT8)) {
                    embedder.embedDocuments(texts.subList(0, Math.min(50, texts.size())));
                    long tokens = texts.stream()
                            .mapToLong(t -> Math.min(embedder.maxTokens() - 2, embedder.countTokens(t)))
                            .sum();
                    for (int r = 0; r < rounds; r++) {
                        long t0 = System.nanoTime();
                        embedder.embedDocuments(texts);
                        report(label, r, texts.size(), tokens, (System.nanoTime() - t0) / 1e9);
                    }
                }
            }
            case "langchain4j" -> {
                List<TextSegment> segments =
                        texts.stream().map(TextSegment::from).toList();
                BgeSmallEnV15QuantizedEmbeddingModel model = new BgeSmallEnV15QuantizedEmbeddingModel();
                model.embedAll(segments.subList(0, Math.min(50, segments.size())));
                for (int r = 0; r < rounds; r++) {
                    long t0 = System.nanoTime();
                    model.embedAll(segments);
                    report(label, r, texts.size(), -1, (System.nanoTime() - t0) / 1e9);
                }
            }
            default -> throw new IllegalArgumentException("--side is ours or langchain4j, not " + side);
        }
        System.exit(0); // LangChain4j's executor threads must not keep the JVM alive
    }

    private static void report(String label, int round, int texts, long tokens, double seconds) {
        System.out.printf(
                Locale.ROOT,
                "%s round %d: %d texts in %.2f s = %.1f texts/s%s%n",
                label,
                round,
                texts,
                seconds,
                texts / seconds,
                tokens < 0 ? "" : String.format(Locale.ROOT, ", %.0f tokens/s", tokens / seconds));
    }
}
