package dev.coderag.bench;

import dev.coderag.store.ScoredChunk;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.Store;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JMH micro-benchmark: one BM25 search of the code table (top 50, as the chat path asks), ranked by FTS5 or by
 * the store's in-memory copy of the index, over the real chunks of a corpus parsed with the product's parser.
 * Vectors are random (BM25 does not read them). Queries are 1–12 words drawn, seeded, from the chunks' own
 * text, cycled.
 *
 * <p>Usage: {@code rag-bench/run org.openjdk.jmh.Main LexicalSearchJmh [-p corpus=DIR]} plus any JMH option;
 * the default corpus is this project's own source tree.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class LexicalSearchJmh {
    private static final String MODEL = "bench/lexical";
    private static final int DIM = 8;
    private static final int QUERIES = 500;

    /** {@code fts5} or {@code memory}. */
    @Param({"fts5", "memory"})
    public String index;

    /** Corpus directory; empty for this project's source tree. */
    @Param({""})
    public String corpus;

    private Path dir;
    private Store store;
    private final List<String> queries = new ArrayList<>();
    private int next;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        System.setProperty(
                "coderag.store.memoryBm25Above", "memory".equals(index) ? "0" : String.valueOf(Integer.MAX_VALUE));
        System.setProperty("coderag.store.backgroundGraph", "false"); // the copy is built at the first search
        Path root = corpus.isEmpty() ? Path.of("").toAbsolutePath() : Path.of(corpus);
        List<Chunk> chunks = new ArrayList<>();
        for (CorpusChunks.ParsedFile file : CorpusChunks.parse(root, "bench", MODEL, 2)) {
            chunks.addAll(file.chunks());
        }
        dir = Files.createTempDirectory("lexical-jmh");
        store = Store.open(dir, MODEL, DIM);
        Random random = new Random(42);
        try (WriteTransaction tx = store.begin()) {
            for (Chunk chunk : chunks) {
                tx.insert(chunk, SearchBench.unit(SearchBench.gaussian(random, DIM)));
            }
            tx.commit();
        }
        for (int q = 0; q < QUERIES; q++) {
            String[] words =
                    chunks.get(random.nextInt(chunks.size())).embeddingText().split("\\W+");
            StringBuilder sb = new StringBuilder();
            int n = 1 + random.nextInt(12);
            for (int w = 0; w < n && words.length > 0; w++) {
                sb.append(words[random.nextInt(words.length)]).append(' ');
            }
            queries.add(sb.toString());
        }
        System.out.printf("%n%s: %d chunks from %s%n", index, chunks.size(), root);
        store.lexical().search(ChunkKind.CODE, queries.get(0), 50, SearchFilter.NONE); // builds the copy (memory)
    }

    @Benchmark
    public List<ScoredChunk> search() {
        String q = queries.get(next++ % queries.size());
        return store.lexical().search(ChunkKind.CODE, q, 50, SearchFilter.NONE);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        store.close();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
