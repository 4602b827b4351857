package dev.coderag.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.ingest.parse.ChunkParser;
import dev.coderag.ingest.parse.FileCategory;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * A set of real-text embeddings for ANN recall at scale: short windows of real source files (the JDK's
 * {@code src.zip}, repositories on disk), each embedded by the product's model, written as {@code .fvec} files
 * (per vector: little-endian int32 dimension, then that many little-endian float32s) that {@link SearchBench}
 * reads with {@code --vectors-file}.
 *
 * <p>Why windows and not the product's chunks: 1M distinct chunks would take several repositories the size of
 * the JDK and ~5 h of this machine at full chunk length; windows of a few non-blank lines of the same files are
 * real text the model embeds in a fraction of the time, and their vectors have the shape of real embeddings
 * (clustered by file, language and topic), which is what graph recall depends on. Each window's text is its file
 * name, a newline and {@code --lines} non-blank lines (stripped), windows not overlapping; texts under 40
 * characters and duplicates are dropped; the rest are shuffled with a fixed seed. The first {@code --holdout}
 * become {@code OUT-holdout.fvec} (queries that are not in the set), the next {@code --count} {@code OUT.fvec}.
 * {@code --queries FILE.jsonl} (BLIZZARD) also writes {@code OUT-questions.fvec}: each {@code query} field
 * embedded as a question. The job is resumable: vectors already in the files are kept and the rest appended.
 *
 * <p>Usage: {@code rag-bench/run dev.coderag.bench.RealVectorSet --source DIR|ZIP... --out FILE-STEM
 * [--count 1000000] [--holdout 2000] [--lines 6] [--model int8] [--vectors full|static] [--queries FILE.jsonl]...
 * [--list-only]}; {@code --vectors static} embeds with the model's static tier (docs/STORE.md, "Two vector tiers")
 * instead of the model, in about a minute per million windows.
 */
public final class RealVectorSet {
    private static final long SEED = 42;
    private static final int BATCH = 256;
    private static final int MIN_CHARS = 40;

    private RealVectorSet() {}

    public static void main(String[] args) throws Exception {
        BenchArgs a = BenchArgs.parse(
                args,
                Set.of("--source", "--out", "--count", "--holdout", "--lines", "--model", "--vectors", "--queries"),
                Set.of("--list-only"));
        List<String> sources = a.all("--source", List.of());
        String out = a.get("--out", null);
        if (sources.isEmpty() || out == null) {
            throw new IllegalArgumentException("--source and --out are required");
        }
        int count = a.getInt("--count", 1_000_000);
        int holdout = a.getInt("--holdout", 2_000);
        int lines = a.getInt("--lines", 6);
        EmbeddingModel model = EmbeddingModel.fromName(a.get("--model", "int8"));
        boolean staticTier =
                switch (a.get("--vectors", "full")) {
                    case "full" -> false;
                    case "static" -> true;
                    default -> throw new IllegalArgumentException("--vectors is full or static");
                };

        long t0 = System.nanoTime();
        Set<String> distinct = new LinkedHashSet<>();
        for (String source : sources) {
            int before = distinct.size();
            windows(Path.of(source), lines, distinct);
            System.out.printf(Locale.ROOT, "%s: %,d windows%n", source, distinct.size() - before);
        }
        List<String> texts = new ArrayList<>(distinct);
        distinct.clear();
        Collections.shuffle(texts, new Random(SEED));
        System.out.printf(
                Locale.ROOT,
                "%,d distinct windows of %d lines in %.1f s; taking %,d + %,d held out%n",
                texts.size(),
                lines,
                (System.nanoTime() - t0) / 1e9,
                count,
                holdout);
        if (texts.size() < count + holdout) {
            throw new IllegalStateException("only " + texts.size() + " windows; add --source or lower --count");
        }
        if (a.has("--list-only")) {
            texts.subList(0, 5).forEach(t -> System.out.println("---\n" + t));
            return;
        }
        try (Embedder embedder = staticTier ? Embedder.openStatic(model) : Embedder.open(model)) {
            embed(embedder, texts.subList(0, holdout), Path.of(out + "-holdout.fvec"), false);
            List<String> questions = new ArrayList<>();
            for (String file : a.all("--queries", List.of())) {
                questions.addAll(queryTexts(Path.of(file)));
            }
            if (!questions.isEmpty()) {
                embed(embedder, questions, Path.of(out + "-questions.fvec"), true);
            }
            embed(embedder, texts.subList(holdout, holdout + count), Path.of(out + ".fvec"), false);
        }
    }

    /** Adds the windows of every supported source file under {@code source} (a directory or a zip). */
    private static void windows(Path source, int lines, Set<String> into) throws IOException {
        if (Files.isRegularFile(source) && source.toString().endsWith(".zip")) {
            try (ZipFile zip = new ZipFile(source.toFile())) {
                List<? extends ZipEntry> entries = Collections.list(zip.entries()).stream()
                        .filter(e -> !e.isDirectory() && supported(e.getName()))
                        .sorted((x, y) -> x.getName().compareTo(y.getName()))
                        .toList();
                for (ZipEntry e : entries) {
                    try (InputStream in = zip.getInputStream(e)) {
                        addWindows(e.getName(), new String(in.readAllBytes(), StandardCharsets.UTF_8), lines, into);
                    }
                }
            }
            return;
        }
        List<Path> files;
        try (Stream<Path> walk = Files.walk(source)) {
            files = walk.filter(Files::isRegularFile)
                    .filter(p -> !source.relativize(p).toString().contains("/."))
                    .filter(p -> supported(p.getFileName().toString()))
                    .sorted()
                    .toList();
        }
        for (Path f : files) {
            if (Files.size(f) <= (1 << 20)) {
                addWindows(
                        source.relativize(f).toString(), Files.readString(f, StandardCharsets.ISO_8859_1), lines, into);
            }
        }
    }

    private static boolean supported(String name) {
        String file = name.substring(name.lastIndexOf('/') + 1);
        return ChunkParser.categorize(file) != FileCategory.UNSUPPORTED;
    }

    private static void addWindows(String path, String text, int lines, Set<String> into) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        StringBuilder window = new StringBuilder(name).append('\n');
        int inWindow = 0;
        for (String line : text.split("\n", -1)) {
            String stripped = line.strip();
            if (stripped.isEmpty()) {
                continue;
            }
            window.append(stripped).append('\n');
            if (++inWindow == lines) {
                if (window.length() - name.length() - 1 >= MIN_CHARS) {
                    into.add(window.toString());
                }
                window.setLength(name.length() + 1);
                inWindow = 0;
            }
        }
    }

    private static List<String> queryTexts(Path jsonl) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<String> out = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(jsonl, StandardCharsets.UTF_8)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (!line.isBlank()) {
                    JsonNode node = json.readTree(line);
                    out.add(node.path("query").asText());
                }
            }
        }
        return out;
    }

    /** Embeds {@code texts} into {@code file}, keeping the complete vectors already there (resumable). */
    private static void embed(Embedder embedder, List<String> texts, Path file, boolean questions) throws IOException {
        int dim = embedder.dimension();
        int record = Integer.BYTES + dim * Float.BYTES;
        try (FileChannel ch =
                FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            int done = (int) Math.min(texts.size(), ch.size() / record);
            ch.truncate((long) done * record); // a record cut short by a kill is dropped
            ch.position(ch.size());
            System.out.printf(Locale.ROOT, "%s: %,d of %,d already embedded%n", file, done, texts.size());
            long start = System.nanoTime();
            long lastPrint = start;
            int fresh = 0;
            ByteBuffer buf = ByteBuffer.allocate(record * BATCH).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = done; i < texts.size(); i += BATCH) {
                List<String> batch = texts.subList(i, Math.min(texts.size(), i + BATCH));
                List<float[]> vectors =
                        questions ? batch.stream().map(embedder::embedQuery).toList() : embedder.embedDocuments(batch);
                buf.clear();
                for (float[] v : vectors) {
                    buf.putInt(dim);
                    for (float f : v) {
                        buf.putFloat(f);
                    }
                }
                buf.flip();
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                fresh += batch.size();
                if (System.nanoTime() - lastPrint > 60e9 || i + BATCH >= texts.size()) {
                    lastPrint = System.nanoTime();
                    double secs = (lastPrint - start) / 1e9;
                    System.out.printf(
                            Locale.ROOT,
                            "  %s: %,d/%,d (%.0f texts/s, load %s)%n",
                            file.getFileName(),
                            i + batch.size(),
                            texts.size(),
                            fresh / secs,
                            Machine.load());
                }
            }
            ch.force(false);
        }
    }
}
