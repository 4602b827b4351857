package dev.coderag.ingest;

import dev.coderag.ingest.parse.FileCategory;
import dev.coderag.ingest.parse.ParseResult;
import dev.coderag.ingest.parse.SourceFile;
import dev.coderag.store.FileEntry;
import dev.coderag.store.RepoCatalog;
import dev.coderag.store.SkippedFile;
import dev.coderag.store.StoreException;
import dev.coderag.types.Chunk;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;

/**
 * The parse stage for one repository: walk, read, hash, and parse what is new or changed, in parallel. Reads
 * files; touches no store. A file whose hash equals its stored hash is not decoded or parsed again. A scan reads
 * at most a budget of bytes and defers the rest, which later scans take in slices ({@link #scanFiles}).
 */
final class RepoScanner {
    private static final int THREADS =
            Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));

    /**
     * @param current path → file hash of every file to index
     * @param parsed path → chunks of every file that was parsed (new and changed ones; all when full)
     * @param skipped files left out, by reason
     * @param skippedFiles the first {@link RepoCatalog#MAX_SKIPPED} of them with their reason, by path
     * @param deferred files walked but neither read nor parsed (over the scan's budget), in walk order: not in
     *     {@code current}
     * @param inherited files of a branch overlay whose content is its base's ({@link RepoRouting.Overlay#inherits}): not
     *     in {@code current}; empty outside an overlay
     */
    record Scan(
            Map<String, String> current,
            Map<String, List<Chunk>> parsed,
            Map<SkipReason, Integer> skipped,
            List<SkippedFile> skippedFiles,
            List<RepoWalker.Candidate> deferred,
            Set<String> inherited) {}

    /** Called on the scanning thread as files complete. */
    @FunctionalInterface
    interface Progress {
        void files(int done, int total, int chunks);
    }

    private final FileParser parser;
    private final BooleanSupplier stop;
    private final long maxFileBytes;
    private final boolean plainText;
    private final boolean full;
    private final String modelId;
    private final Set<Path> excludedDirs;
    private final Optional<RepoRouting.Overlay> overlay;

    /**
     * @param options read for {@link IngestOptions#maxFileBytes()}, {@link IngestOptions#plainText()} and
     *     {@link IngestOptions#full()} (re-parse every file)
     * @param modelId the model id the chunks are stamped with
     * @param excludedDirs directories never walked (the clone and store directories)
     */
    RepoScanner(FileParser parser, IngestOptions options, String modelId, Set<Path> excludedDirs) {
        this(parser, options, modelId, excludedDirs, () -> false);
    }

    /** @param stop asked while the repository is walked: a stop request or a job's deadline ends the scan */
    RepoScanner(
            FileParser parser, IngestOptions options, String modelId, Set<Path> excludedDirs, BooleanSupplier stop) {
        this(parser, options, modelId, excludedDirs, stop, Optional.empty());
    }

    /** @param overlay the branch overlay being scanned: files with its base's content are inherited, not parsed */
    RepoScanner(
            FileParser parser,
            IngestOptions options,
            String modelId,
            Set<Path> excludedDirs,
            BooleanSupplier stop,
            Optional<RepoRouting.Overlay> overlay) {
        this.overlay = overlay;
        this.stop = stop;
        this.parser = parser;
        this.maxFileBytes = options.maxFileBytes();
        this.plainText = options.plainText();
        this.full = options.full();
        this.modelId = modelId;
        this.excludedDirs = Set.copyOf(excludedDirs);
    }

    /**
     * Walks the repository and reads, hashes and parses its files, up to {@code budget} bytes of files that must be
     * read: the files after that (in walk order) are left {@link Scan#deferred} for {@link #scanFiles}.
     *
     * @param storedHashes path → file hash of the repo's stored file index
     * @param changedByGit when present, the only paths that may differ from their stored hash (files not in
     *     it keep their stored hash without being read)
     * @param budget the bytes of files to read before deferring the rest ({@link Long#MAX_VALUE}: none deferred);
     *     the first file that must be read is always read
     */
    Scan scan(
            String repo,
            Path dir,
            Map<String, String> storedHashes,
            Optional<Set<String>> changedByGit,
            long budget,
            Progress progress)
            throws IOException {
        ExecutorService pool = newPool();
        try {
            // files are read, hashed and parsed while the walk goes on
            List<Future<Outcome>> futures = new ArrayList<>();
            List<RepoWalker.Candidate> deferred = new ArrayList<>();
            long[] taken = {0};
            RepoWalker.Result walk = new RepoWalker(
                            dir,
                            maxFileBytes,
                            path -> plainText || parser.categorize(path) != FileCategory.UNSUPPORTED,
                            excludedDirs)
                    .walk(
                            c -> {
                                String previous = storedHashes.get(c.path());
                                if (mustRead(c, previous, changedByGit)) {
                                    // once one file is deferred, every later one is: a slice is a run of files in walk
                                    // order
                                    if (!deferred.isEmpty() || (taken[0] > 0 && taken[0] + c.size() > budget)) {
                                        deferred.add(c);
                                        return;
                                    }
                                    taken[0] += c.size();
                                }
                                futures.add(pool.submit(() -> process(repo, c, previous, changedByGit)));
                            },
                            stop);
            Map<SkipReason, Integer> skipped = new EnumMap<>(SkipReason.class);
            skipped.putAll(walk.skipped());
            List<SkippedFile> skippedFiles = new ArrayList<>(walk.skippedFiles());
            return collect(futures, skipped, skippedFiles, List.copyOf(deferred), progress);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Reads, hashes and parses the given files (a slice of {@link Scan#deferred}), each compared with its stored
     * hash as {@link #scan} does; a file that went away or cannot be read now is skipped.
     */
    Scan scanFiles(String repo, List<RepoWalker.Candidate> files, Map<String, String> storedHashes) {
        ExecutorService pool = newPool();
        try {
            List<Future<Outcome>> futures = new ArrayList<>();
            for (RepoWalker.Candidate c : files) {
                String previous = storedHashes.get(c.path());
                futures.add(pool.submit(() -> process(repo, c, previous, Optional.empty())));
            }
            return collect(futures, new EnumMap<>(SkipReason.class), new ArrayList<>(), List.of(), (d, t, n) -> {});
        } finally {
            pool.shutdownNow();
        }
    }

    private static ExecutorService newPool() {
        return Executors.newFixedThreadPool(THREADS, r -> {
            Thread t = new Thread(r, "ingest-parse");
            t.setDaemon(true);
            return t;
        });
    }

    /** Waits for the files in order, adding each to the scan's maps and counts. */
    private static Scan collect(
            List<Future<Outcome>> futures,
            Map<SkipReason, Integer> skipped,
            List<SkippedFile> skippedFiles,
            List<RepoWalker.Candidate> deferred,
            Progress progress) {
        Map<String, String> current = new TreeMap<>();
        Map<String, List<Chunk>> parsed = new HashMap<>();
        Set<String> inherited = new HashSet<>();
        int total = futures.size();
        progress.files(0, total, 0);
        int done = 0;
        int chunks = 0;
        long lastReport = System.nanoTime();
        for (Future<Outcome> f : futures) {
            Outcome outcome = await(f);
            done++;
            if (outcome.inherited()) {
                inherited.add(outcome.path());
            } else if (outcome.skip() != null) {
                skipped.merge(outcome.skip(), 1, Integer::sum);
                if (skippedFiles.size() < RepoCatalog.MAX_SKIPPED) {
                    skippedFiles.add(
                            new SkippedFile(outcome.path(), outcome.skip().key()));
                }
            } else {
                current.put(outcome.path(), outcome.hash());
                if (outcome.chunks() != null) {
                    parsed.put(outcome.path(), outcome.chunks());
                    chunks += outcome.chunks().size();
                }
            }
            long now = System.nanoTime();
            if (now - lastReport > 100_000_000L || done == total) {
                lastReport = now;
                progress.files(done, total, chunks);
            }
        }
        skippedFiles.sort(Comparator.comparing(SkippedFile::path));
        return new Scan(current, parsed, skipped, List.copyOf(skippedFiles), deferred, Set.copyOf(inherited));
    }

    /** False for a file git says is untouched since the indexed commit: it keeps its stored hash unread. */
    private boolean mustRead(RepoWalker.Candidate c, String previousHash, Optional<Set<String>> changedByGit) {
        return full
                || previousHash == null
                || FileEntry.isPending(previousHash) // its chunks wait for vectors: parse and embed it again
                || changedByGit.isEmpty()
                || changedByGit.get().contains(c.path());
    }

    /**
     * Exactly one of: skipped ({@code skip}), unchanged ({@code hash}, no chunks), parsed (both), inherited from a
     * branch overlay's base (none).
     */
    private record Outcome(String path, String hash, List<Chunk> chunks, SkipReason skip) {
        boolean inherited() {
            return hash == null && skip == null;
        }
    }

    private Outcome process(
            String repo, RepoWalker.Candidate c, String previousHash, Optional<Set<String>> changedByGit) {
        if (!mustRead(c, previousHash, changedByGit)) {
            return new Outcome(c.path(), previousHash, null, null);
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(c.file());
        } catch (IOException | OutOfMemoryError e) {
            return skip(c, SkipReason.UNREADABLE);
        }
        if (bytes.length > maxFileBytes) {
            return skip(c, SkipReason.TOO_LARGE); // grew since the walk
        }
        String hash = TextFiles.fileHash(bytes);
        if (overlay.isPresent() && overlay.get().inherits(c.path(), hash)) {
            return new Outcome(c.path(), null, null, null); // the base's file: the overlay stores nothing of it
        }
        if (!full && hash.equals(previousHash)) {
            return new Outcome(c.path(), hash, null, null); // accepted last time, identical now
        }
        if (TextFiles.isBinary(bytes)) {
            return skip(c, SkipReason.BINARY);
        }
        String text = TextFiles.decode(bytes);
        boolean lineLimits =
                switch (parser.categorize(c.path())) {
                    case CODE, UNSUPPORTED -> true;
                    case DOC, MANIFEST -> false;
                };
        if (lineLimits && TextFiles.isMinified(text)) {
            return skip(c, SkipReason.MINIFIED);
        }
        ParseResult result;
        try {
            result = parser.parse(new SourceFile(repo, c.path(), text, modelId));
        } catch (RuntimeException | StackOverflowError e) {
            return skip(c, SkipReason.UNPARSABLE);
        }
        return new Outcome(c.path(), hash, result.chunks(), null);
    }

    private static Outcome skip(RepoWalker.Candidate c, SkipReason reason) {
        return new Outcome(c.path(), null, null, reason);
    }

    private static Outcome await(Future<Outcome> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IngestException(IngestException.Reason.IO, "ingest interrupted", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IngestException ie) {
                throw ie;
            }
            if (cause instanceof StoreException se) {
                throw se;
            }
            throw new IngestException(IngestException.Reason.IO, "parsing failed: " + cause, cause);
        }
    }
}
