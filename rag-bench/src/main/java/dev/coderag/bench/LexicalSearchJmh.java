package dev.coderag.bench;

import dev.coderag.store.ScoredChunk;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.Store;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CodeChunk;
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
 * the store's Lucene index, over the real chunks of a corpus parsed with the product's parser, and re-committing
 * one file (its chunks deleted and inserted again, one transaction, as an ingest of a changed file does). Vectors
 * are random (BM25 does not read them). Queries are 1–12 words drawn, seeded, from the chunks' own text, cycled.
 * {@code copies} > 1 repeats the corpus's code chunks under other paths ({@code c<i>/...}) to reach larger sizes;
 * {@code edits} > 0 re-commits that many files first, so searches meet deleted chunks as in an edited store.
 *
 * <p>With {@code index=fts5} the store does not write its Lucene indexes either, so {@code recommitFile}'s
 * difference between the two is Lucene's share of a commit.
 *
 * <p>Usage: {@code rag-bench/run org.openjdk.jmh.Main LexicalSearchJmh [-p corpus=DIR] [-p copies=N]} plus any JMH
 * option; the default corpus is this project's own source tree.
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

    /** {@code fts5} or {@code lucene}. */
    @Param({"fts5", "lucene"})
    public String index;

    /** Corpus directory; empty for this project's source tree. */
    @Param({""})
    public String corpus;

    /** How many times the corpus's code chunks are stored (under other paths). */
    @Param({"1"})
    public int copies;

    /**
     * Files re-committed (deleted and inserted again, as an edit's ingest does) after loading and before measuring,
     * so that {@code search} runs on segments holding deleted chunks — the state of a store that has seen edits.
     */
    @Param({"0"})
    public int edits;

    private Path dir;
    private Store store;
    private final List<String> queries = new ArrayList<>();
    private int next;
    private CorpusChunks.ParsedFile recommitted;
    private final Random vectors = new Random(7);

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        System.setProperty("coderag.store.lucene", String.valueOf("lucene".equals(index)));
        System.setProperty("coderag.store.backgroundGraph", "false");
        Path root = corpus.isEmpty() ? Path.of("").toAbsolutePath() : Path.of(corpus);
        List<Chunk> chunks = new ArrayList<>();
        List<CorpusChunks.ParsedFile> files = CorpusChunks.parse(root, "bench", MODEL, 2);
        for (CorpusChunks.ParsedFile file : files) {
            chunks.addAll(file.chunks());
        }
        // The file re-committed: the one with the median number of chunks.
        List<CorpusChunks.ParsedFile> bySize = files.stream()
                .filter(f -> !f.chunks().isEmpty())
                .sorted(Comparator.comparingInt(f -> f.chunks().size()))
                .toList();
        recommitted = bySize.get(bySize.size() / 2);
        dir = Files.createTempDirectory("lexical-jmh");
        store = Store.open(dir, MODEL, DIM);
        Random random = new Random(42);
        long t0 = System.nanoTime();
        long stored = 0;
        for (int copy = 0; copy < copies; copy++) {
            try (WriteTransaction tx = store.begin()) {
                for (Chunk chunk : chunks) {
                    Chunk c = copy == 0 ? chunk : copyOf(chunk, "c" + copy + "/");
                    if (c != null) {
                        tx.insert(c, SearchBench.unit(SearchBench.gaussian(random, DIM)));
                        stored++;
                    }
                }
                tx.commit();
            }
        }
        Random pick = new Random(11);
        for (int e = 0; e < edits; e++) {
            CorpusChunks.ParsedFile file = files.get(pick.nextInt(files.size()));
            try (WriteTransaction tx = store.begin()) {
                tx.deleteFile(file.repo(), file.path());
                for (Chunk chunk : file.chunks()) {
                    tx.insert(chunk, SearchBench.unit(SearchBench.gaussian(random, DIM)));
                }
                tx.putFile(file.repo(), file.path(), file.fileHash());
                tx.commit();
            }
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
        System.out.printf(
                "%n%s: %d chunks (%d copies, %d files re-committed) from %s stored in %.1f s; re-committed file %s (%d chunks)%n",
                index,
                stored,
                copies,
                edits,
                root,
                (System.nanoTime() - t0) / 1e9,
                recommitted.path(),
                recommitted.chunks().size());
        store.lexical().search(ChunkKind.CODE, queries.get(0), 50, SearchFilter.NONE);
    }

    /** A code chunk under another path (so another id); null for the other kinds, stored once. */
    private static Chunk copyOf(Chunk chunk, String prefix) {
        if (!(chunk instanceof CodeChunk c)) {
            return null;
        }
        return new CodeChunk(
                c.repo(),
                prefix + c.path(),
                c.language(),
                c.symbol(),
                c.symbolKind(),
                c.enclosing(),
                c.signature(),
                c.docstring(),
                c.code(),
                c.startLine(),
                c.endLine(),
                c.calls(),
                c.modelId());
    }

    @Benchmark
    public List<ScoredChunk> search() {
        String q = queries.get(next++ % queries.size());
        return store.lexical().search(ChunkKind.CODE, q, 50, SearchFilter.NONE);
    }

    /** One changed file's commit: its chunks deleted and inserted again (same content, so the size stays). */
    @Benchmark
    public void recommitFile() {
        try (WriteTransaction tx = store.begin()) {
            tx.deleteFile(recommitted.repo(), recommitted.path());
            for (Chunk chunk : recommitted.chunks()) {
                tx.insert(chunk, SearchBench.unit(SearchBench.gaussian(vectors, DIM)));
            }
            tx.putFile(recommitted.repo(), recommitted.path(), recommitted.fileHash());
            tx.commit();
        }
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
