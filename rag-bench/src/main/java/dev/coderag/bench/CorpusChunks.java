package dev.coderag.bench;

import dev.coderag.ingest.parse.ChunkParser;
import dev.coderag.ingest.parse.FileCategory;
import dev.coderag.ingest.parse.ParseOptions;
import dev.coderag.ingest.parse.SourceFile;
import dev.coderag.types.Chunk;
import dev.coderag.types.Hashing;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/** Real chunks of real repositories, parsed with the product's {@link ChunkParser} (no store, no embedding). */
final class CorpusChunks {
    private CorpusChunks() {}

    /** One parsed file: its repo-relative path, the SHA-256 of its bytes and its chunks in file order. */
    record ParsedFile(String repo, String path, String fileHash, List<Chunk> chunks) {}

    /**
     * Parses every file the product can chunk under {@code root} (hidden directories skipped, files over 1 MB
     * skipped as the ingester does), as repo {@code repo}, on {@code threads} threads. Files in path order.
     */
    static List<ParsedFile> parse(Path root, String repo, String modelId, int threads) throws Exception {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(Files::isRegularFile)
                    .filter(p -> !hidden(root.relativize(p)))
                    .filter(p -> ChunkParser.categorize(p.getFileName().toString()) != FileCategory.UNSUPPORTED)
                    .sorted()
                    .toList();
        }
        ChunkParser parser = ChunkParser.create(ParseOptions.DEFAULT);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<ParsedFile>> futures = new ArrayList<>();
            for (Path f : files) {
                futures.add(pool.submit(() -> parseOne(parser, root, f, repo, modelId)));
            }
            List<ParsedFile> out = new ArrayList<>();
            for (Future<ParsedFile> f : futures) {
                ParsedFile pf = f.get();
                if (pf != null && !pf.chunks().isEmpty()) {
                    out.add(pf);
                }
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    private static ParsedFile parseOne(ChunkParser parser, Path root, Path file, String repo, String modelId) {
        try {
            if (Files.size(file) > (1 << 20)) {
                return null;
            }
            byte[] bytes = Files.readAllBytes(file);
            String rel = root.relativize(file).toString().replace('\\', '/');
            String text = new String(bytes, StandardCharsets.UTF_8);
            List<Chunk> chunks =
                    parser.parse(new SourceFile(repo, rel, text, modelId)).chunks();
            return new ParsedFile(repo, rel, Hashing.sha256(bytes), chunks);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean hidden(Path rel) {
        for (Path part : rel) {
            if (part.toString().startsWith(".")) {
                return true;
            }
        }
        return false;
    }
}
