package dev.coderag.ingest;

import dev.coderag.ingest.ProgressListener.IngestProgress;
import dev.coderag.ingest.parse.ParseOptions;
import dev.coderag.store.Embedder;
import dev.coderag.store.FileEntry;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.RepoRecord;
import dev.coderag.store.StoreException;
import dev.coderag.store.VectorStore;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.Chunk;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * Keeps a store current with repositories: Parse → Reconcile → Orchestrate.
 *
 * <p>Per repository: resolve the source (validate, clone or update a git URL), walk and hash its files
 * (files unchanged since the last indexed commit of a clean git checkout skip even hashing), parse new and
 * changed files in parallel, {@link Reconciler reconcile} against the stored file index, embed only chunk
 * texts that have no stored vector, then insert before delete in one write transaction that commits once.
 * Repositories are independent: one repo's run never touches another's chunks.
 *
 * <p>Thread-safety: one ingest runs at a time per instance (a concurrent call fails with
 * {@link IngestException.Reason#LOCKED}); the store may serve searches meanwhile — they see the last
 * committed state. Every failure is an {@link IngestException} with a one-line message.
 */
public final class Ingester {
    private static final int EMBED_WINDOW = 128;
    /**
     * One window in flight: the embedder's own workers and intra-op threads already use every core, and a
     * second concurrent call oversubscribes them (two 2-thread inferences on 2 cores embedded ecf's longest
     * texts at ~2.3 chunks/s against 4.7 for one call, docs/BENCHMARKS.md).
     */
    private static final int EMBED_IN_FLIGHT = 1;

    private static final int HASH_LOOKUP_BATCH = 500;
    private static final int PARSE_THREADS =
            Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));

    private final Optional<VectorStore> store;
    private final Embedder embedder;
    private final IngestOptions options;
    private final Function<ParseOptions, FileParser> parsers;
    private final ReentrantLock running = new ReentrantLock();

    Ingester(
            Optional<VectorStore> store,
            Embedder embedder,
            IngestOptions options,
            Function<ParseOptions, FileParser> parsers) {
        this.store = Objects.requireNonNull(store, "store");
        this.embedder = Objects.requireNonNull(embedder, "embedder");
        this.options = Objects.requireNonNull(options, "options");
        this.parsers = Objects.requireNonNull(parsers, "parsers");
        if (store.isEmpty() && !options.dryRun()) {
            throw new IllegalArgumentException("only a dry run may go without a store");
        }
    }

    /**
     * @param store the store to keep current; may be serving searches at the same time
     * @param embedder the embedder whose model the store was built with
     */
    public static Ingester create(VectorStore store, Embedder embedder, IngestOptions options) {
        return new Ingester(Optional.of(store), embedder, options, DefaultParser::create);
    }

    /**
     * Ingests the repositories in order, each in its own transaction: a failure of one leaves the repos
     * committed before it in place. Called from a background thread by servers; blocks until done.
     *
     * @throws IngestException BAD_SOURCE, CLONE_FAILED, MODEL_MISMATCH, LOCKED or IO; nothing else
     */
    public IngestSummary ingest(List<IngestRequest> requests, ProgressListener progress) {
        Objects.requireNonNull(progress, "progress");
        if (!running.tryLock()) {
            throw new IngestException(IngestException.Reason.LOCKED, "another ingest is running on " + storeDir());
        }
        try {
            return ingestAll(List.copyOf(requests), progress);
        } catch (StoreException e) {
            throw translate(e);
        } finally {
            running.unlock();
        }
    }

    private IngestSummary ingestAll(List<IngestRequest> requests, ProgressListener progress) {
        long start = System.nanoTime();
        checkModel();
        Totals totals = new Totals();
        List<IngestSummary.RepoResult> results = new ArrayList<>();
        for (IngestRequest request : requests) {
            results.add(ingestOne(request, progress, totals));
        }
        double total = seconds(System.nanoTime() - start);
        return new IngestSummary(
                totals.files(),
                totals.chunks(),
                new IngestSummary.Seconds(totals.parseSeconds, totals.embedSeconds, totals.writeSeconds, total),
                List.copyOf(results));
    }

    private void checkModel() {
        store.ifPresent(s -> {
            if (!s.modelId().equals(embedder.modelId()) || s.dimension() != embedder.dimension()) {
                throw new IngestException(
                        IngestException.Reason.MODEL_MISMATCH,
                        "the store in " + s.directory() + " was built with model " + s.modelId() + ", not "
                                + embedder.modelId() + "; re-run with --full to rebuild it");
            }
        });
    }

    // ---------------------------------------------------------------------------------------------------------
    // One repository

    /** A source made concrete: the directory to walk and the name and source to record. */
    record Resolved(String name, Path dir, String source, boolean explicitName) {}

    private IngestSummary.RepoResult ingestOne(IngestRequest request, ProgressListener progress, Totals totals) {
        progress.onProgress(new IngestProgress(GitSource.redact(request.source()), IngestPhase.SCAN, 0, 0, 0, 0));
        Resolved repo = resolve(request, options);
        String name = repo.name();
        progress.onProgress(new IngestProgress(name, IngestPhase.SCAN, 0, 0, 0, 0));
        Optional<String> commit = GitSource.headCommit(repo.dir());
        Optional<RepoInfo> storedRepo = store.flatMap(s -> s.repo(name));
        if (storedRepo.isPresent()
                && !repo.explicitName()
                && !storedRepo.get().source().isEmpty()
                && !storedRepo.get().source().equals(repo.source())) {
            throw new IngestException(
                    IngestException.Reason.BAD_SOURCE,
                    "the store already has a repo named '" + name + "' from "
                            + storedRepo.get().source() + "; pass --name to ingest " + repo.source()
                            + " under another name");
        }
        WriteTransaction tx = options.dryRun() ? null : begin();
        try {
            return run(repo, commit, storedRepo, tx, progress, totals);
        } finally {
            if (tx != null) {
                tx.close();
            }
        }
    }

    private WriteTransaction begin() {
        VectorStore s = store.orElseThrow();
        try {
            return s.begin();
        } catch (StoreException e) {
            if (e.reason() == StoreException.Reason.LOCKED) {
                throw new IngestException(
                        IngestException.Reason.LOCKED, "another ingest is running on " + s.directory(), e);
            }
            throw e;
        }
    }

    private IngestSummary.RepoResult run(
            Resolved repo,
            Optional<String> commit,
            Optional<RepoInfo> storedRepo,
            WriteTransaction tx,
            ProgressListener progress,
            Totals totals) {
        String name = repo.name();
        boolean full = options.full();
        long parseStart = System.nanoTime();
        // Hashes only: the chunk ids are read below for the files that changed or went away, which on an
        // unchanged repo is none (reading every file's chunk rows was a third of a no-change re-ingest).
        Map<String, String> storedHashes = store.map(s -> s.fileHashes(name)).orElse(Map.of());
        FileParser parser = parsers.apply(ParseOptions.DEFAULT
                .withPlainText(options.plainText())
                .withTokens(embedder::countTokens)
                .withMaxTokens(embedder.maxTokens()));

        // Files git says are untouched since the last clean indexed commit keep their stored hash unread.
        Optional<Set<String>> gitChanged = Optional.empty();
        if (!full && commit.isPresent() && storedRepo.isPresent() && !storedHashes.isEmpty()) {
            gitChanged = GitSource.changedSince(repo.dir(), storedRepo.get().commit());
        }
        Set<Path> excluded = new HashSet<>();
        excluded.add(options.cloneDir());
        store.ifPresent(s -> excluded.add(s.directory()));
        RepoScanner scanner = new RepoScanner(parser, options, embedder.modelId(), excluded);
        RepoScanner.Scan scan;
        try {
            scan = scanner.scan(
                    name,
                    repo.dir(),
                    storedHashes,
                    gitChanged,
                    (done, total, chunks) ->
                            progress.onProgress(new IngestProgress(name, IngestPhase.PARSE, done, total, chunks, 0)));
        } catch (IOException e) {
            throw new IngestException(
                    IngestException.Reason.IO, "cannot walk " + repo.dir() + ": " + e.getMessage(), e);
        }
        Map<String, String> current = scan.current();
        Map<String, List<Chunk>> parsed = scan.parsed();
        Map<SkipReason, Integer> skipped = scan.skipped();
        int filesTotal = current.size();

        Map<String, FileEntry> stored = storedIndex(name, storedHashes, current, full);
        Reconciler.Plan plan = Reconciler.plan(current, stored, parsed, full);
        totals.parseSeconds += seconds(System.nanoTime() - parseStart);

        // Which texts need the model: group inserts by content hash, reuse stored vectors unless --full.
        Map<String, List<Chunk>> byHash = new LinkedHashMap<>();
        for (Chunk c : plan.inserts()) {
            byHash.computeIfAbsent(c.contentHash(), h -> new ArrayList<>()).add(c);
        }
        Map<String, float[]> vectors = new HashMap<>();
        if (!full) {
            store.ifPresent(s -> lookupVectors(s, byHash.keySet(), vectors));
        }
        List<String> toEmbed = new ArrayList<>();
        for (String hash : byHash.keySet()) {
            if (!vectors.containsKey(hash)) {
                toEmbed.add(hash);
            }
        }
        // Longest first: similar lengths share a batch (less padding), and the ETA errs on the safe side.
        Map<String, String> texts = new HashMap<>();
        for (String hash : toEmbed) {
            texts.put(hash, byHash.get(hash).getFirst().embeddingText());
        }
        toEmbed.sort(Comparator.comparingInt((String h) -> texts.get(h).length())
                .reversed()
                .thenComparing(Comparator.naturalOrder()));

        Counts counts = new Counts(
                plan.files().added().size(),
                plan.files().changed().size(),
                plan.files().unchanged().size(),
                plan.files().deleted().size(),
                skipped,
                plan.inserts().size(),
                plan.deleteChunkIds().size(),
                toEmbed.size(),
                plan.inserts().size() - toEmbed.size());

        if (tx != null) {
            write(repo, commit, storedRepo, plan, byHash, vectors, toEmbed, texts, tx, progress, totals);
        }
        progress.onProgress(
                new IngestProgress(name, IngestPhase.DONE, filesTotal, filesTotal, toEmbed.size(), toEmbed.size()));
        totals.add(counts);
        return new IngestSummary.RepoResult(name, repo.source(), commit.orElse(""), counts.files(), counts.chunks());
    }

    private void write(
            Resolved repo,
            Optional<String> commit,
            Optional<RepoInfo> storedRepo,
            Reconciler.Plan plan,
            Map<String, List<Chunk>> byHash,
            Map<String, float[]> vectors,
            List<String> toEmbed,
            Map<String, String> texts,
            WriteTransaction tx,
            ProgressListener progress,
            Totals totals) {
        String name = repo.name();
        long t0 = System.nanoTime();
        plan.putFiles().forEach((path, hash) -> tx.putFile(name, path, hash));
        for (var e : byHash.entrySet()) {
            float[] v = vectors.get(e.getKey());
            if (v != null) {
                for (Chunk c : e.getValue()) {
                    tx.insert(c, v);
                }
            }
        }
        totals.writeSeconds += seconds(System.nanoTime() - t0);

        int total = toEmbed.size();
        progress.onProgress(new IngestProgress(name, IngestPhase.EMBED, 0, 0, 0, total));
        // Windows are embedded on a feeder thread (EMBED_IN_FLIGHT at a time) while this thread inserts the
        // previous window's results, in window order.
        List<List<String>> windows = new ArrayList<>();
        for (int from = 0; from < total; from += EMBED_WINDOW) {
            windows.add(toEmbed.subList(from, Math.min(total, from + EMBED_WINDOW)));
        }
        ExecutorService feeders = Executors.newFixedThreadPool(EMBED_IN_FLIGHT, r -> {
            Thread t = new Thread(r, "ingest-embed");
            t.setDaemon(true);
            return t;
        });
        try {
            long e0 = System.nanoTime();
            ArrayDeque<Future<List<float[]>>> inFlight = new ArrayDeque<>();
            int submitted = 0;
            int done = 0;
            double insertSeconds = 0;
            for (List<String> window : windows) {
                submitted = submitWindows(windows, submitted, texts, inFlight, feeders);
                List<float[]> embedded = awaitVectors(inFlight.removeFirst(), name);
                // the next window embeds while this one is inserted
                submitted = submitWindows(windows, submitted, texts, inFlight, feeders);
                if (embedded.size() != window.size()) {
                    throw new IngestException(
                            IngestException.Reason.IO,
                            "the embedder returned " + embedded.size() + " vectors for " + window.size() + " texts");
                }
                long w0 = System.nanoTime();
                for (int i = 0; i < window.size(); i++) {
                    for (Chunk c : byHash.get(window.get(i))) {
                        tx.insert(c, embedded.get(i));
                    }
                }
                insertSeconds += seconds(System.nanoTime() - w0);
                done += window.size();
                progress.onProgress(new IngestProgress(name, IngestPhase.EMBED, 0, 0, done, total));
            }
            // Inserts overlap embedding; count them as write and the rest of the phase as embed.
            totals.embedSeconds += seconds(System.nanoTime() - e0) - insertSeconds;
            totals.writeSeconds += insertSeconds;
        } finally {
            feeders.shutdownNow();
        }

        progress.onProgress(new IngestProgress(name, IngestPhase.WRITE, 0, 0, total, total));
        String recorded = commit.orElse("");
        if (plan.isEmpty()
                && storedRepo
                        .filter(r -> r.commit().equals(recorded) && r.source().equals(repo.source()))
                        .isPresent()) {
            return; // nothing changed: no commit (and no fsync); indexed_at stays the time the index last changed
        }
        long w1 = System.nanoTime();
        for (String id : plan.deleteChunkIds()) {
            tx.delete(id);
        }
        for (String path : plan.deleteFiles()) {
            tx.deleteFile(name, path);
        }
        tx.putRepo(new RepoRecord(name, repo.source(), recorded, Instant.now()));
        tx.commit();
        totals.writeSeconds += seconds(System.nanoTime() - w1);
    }

    /**
     * The stored file index as the reconciler needs it: chunk ids for the files it re-parses or deletes (hash
     * differs, file gone, or every file when full), an empty id list for the unchanged rest, whose ids it never
     * reads.
     */
    private Map<String, FileEntry> storedIndex(
            String repo, Map<String, String> storedHashes, Map<String, String> current, boolean full) {
        List<String> touched = new ArrayList<>();
        storedHashes.forEach((path, hash) -> {
            if (full || !hash.equals(current.get(path))) {
                touched.add(path);
            }
        });
        Map<String, FileEntry> withIds = touched.isEmpty()
                ? Map.of()
                : store.map(s -> s.fileIndex(repo, touched)).orElse(Map.of());
        Map<String, FileEntry> out = new LinkedHashMap<>();
        storedHashes.forEach(
                (path, hash) -> out.put(path, withIds.getOrDefault(path, new FileEntry(repo, path, hash, List.of()))));
        return out;
    }

    /** Submits windows until {@link #EMBED_IN_FLIGHT} are in flight; returns the next window to submit. */
    private int submitWindows(
            List<List<String>> windows,
            int submitted,
            Map<String, String> texts,
            ArrayDeque<Future<List<float[]>>> inFlight,
            ExecutorService feeders) {
        int next = submitted;
        while (next < windows.size() && inFlight.size() < EMBED_IN_FLIGHT) {
            List<String> batch = new ArrayList<>();
            for (String hash : windows.get(next++)) {
                batch.add(texts.get(hash));
            }
            inFlight.add(feeders.submit(() -> embedder.embedDocuments(batch)));
        }
        return next;
    }

    private static List<float[]> awaitVectors(Future<List<float[]>> f, String repo) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IngestException(IngestException.Reason.IO, "ingest of " + repo + " interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof StoreException se) {
                throw se;
            }
            throw new IngestException(IngestException.Reason.IO, "embedding failed: " + e.getCause(), e.getCause());
        }
    }

    private static void lookupVectors(VectorStore s, Set<String> hashes, Map<String, float[]> into) {
        List<String> all = new ArrayList<>(hashes);
        for (int i = 0; i < all.size(); i += HASH_LOOKUP_BATCH) {
            into.putAll(s.vectorsByContentHash(all.subList(i, Math.min(all.size(), i + HASH_LOOKUP_BATCH))));
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Sources

    /**
     * Validates a request and makes its source a local directory: a path as given, a git URL cloned (or its
     * earlier clone updated) under {@link IngestOptions#cloneDir()}.
     */
    static Resolved resolve(IngestRequest request, IngestOptions options) {
        return resolve(request, options, true);
    }

    /**
     * Checks a request without touching the network or the disk beyond a stat: the CLI calls it for every
     * source before it loads the model, so a typo fails in milliseconds.
     */
    public static void check(IngestRequest request, IngestOptions options) {
        resolve(request, options, false);
    }

    private static Resolved resolve(IngestRequest request, IngestOptions options, boolean clone) {
        String source = request.source();
        String shown = GitSource.redact(source); // one line, no credentials
        if (source.isBlank()) {
            throw new IngestException(IngestException.Reason.BAD_SOURCE, "empty source");
        }
        if (source.startsWith("-")) {
            throw new IngestException(
                    IngestException.Reason.BAD_SOURCE, "refusing source '" + shown + "': it starts with '-'");
        }
        Optional<String> explicit = request.name().filter(n -> !n.isBlank());
        explicit.ifPresent(Ingester::checkName);
        if (RepoSources.isGitUrl(source)) {
            String url = GitSource.validateUrl(source, options.allowFileUrls());
            Optional<String> branch = request.branch().filter(b -> !b.isBlank()).map(GitSource::validateBranch);
            String name = explicit.orElseGet(() -> defaultName(url, shown));
            Path dir = options.cloneDir().resolve(name);
            if (clone) {
                GitSource.cloneOrUpdate(url, branch, dir, options.allowFileUrls());
            }
            return new Resolved(name, dir, GitSource.redact(url), explicit.isPresent());
        }
        if (request.branch().filter(b -> !b.isBlank()).isPresent()) {
            throw new IngestException(
                    IngestException.Reason.BAD_SOURCE,
                    "--branch applies to git URLs only; check out the branch in " + shown + " instead");
        }
        Path dir;
        try {
            dir = Path.of(source);
        } catch (InvalidPathException e) {
            throw new IngestException(IngestException.Reason.BAD_SOURCE, "not a valid path: " + shown, e);
        }
        if (!Files.isDirectory(dir)) {
            throw new IngestException(
                    IngestException.Reason.BAD_SOURCE,
                    Files.exists(dir) ? "not a directory: " + shown : "no such directory: " + shown);
        }
        try {
            dir = dir.toRealPath();
        } catch (IOException e) {
            throw new IngestException(
                    IngestException.Reason.BAD_SOURCE, "cannot read " + shown + ": " + e.getMessage(), e);
        }
        Path realDir = dir;
        String name = explicit.orElseGet(() -> RepoSources.defaultName(realDir).orElseThrow(() -> noName(shown)));
        return new Resolved(name, dir, dir.toString(), explicit.isPresent());
    }

    private static void checkName(String name) {
        if (!RepoSources.isValidName(name)) {
            throw new IngestException(
                    IngestException.Reason.BAD_SOURCE,
                    "bad repo name '" + name + "': use letters, digits, '.', '_' and '-' (at most 100)");
        }
    }

    private static String defaultName(String url, String shown) {
        return RepoSources.defaultName(url).orElseThrow(() -> noName(shown));
    }

    private static IngestException noName(String shown) {
        return new IngestException(
                IngestException.Reason.BAD_SOURCE, "cannot derive a repo name from " + shown + "; pass --name");
    }

    // ---------------------------------------------------------------------------------------------------------
    // Bookkeeping

    private record Counts(
            int added,
            int changed,
            int unchanged,
            int deleted,
            Map<SkipReason, Integer> skipped,
            int inserted,
            int deletedChunks,
            int embedded,
            int reused) {
        IngestSummary.Files files() {
            Map<String, Integer> byReason = new TreeMap<>();
            skipped.forEach((r, n) -> byReason.put(r.key(), n));
            int total = skipped.values().stream().mapToInt(Integer::intValue).sum();
            return new IngestSummary.Files(added, changed, unchanged, deleted, total, Map.copyOf(byReason));
        }

        IngestSummary.Chunks chunks() {
            return new IngestSummary.Chunks(inserted, deletedChunks, embedded, reused);
        }
    }

    private static final class Totals {
        double parseSeconds;
        double embedSeconds;
        double writeSeconds;
        private int added;
        private int changed;
        private int unchanged;
        private int deleted;
        private final Map<SkipReason, Integer> skipped = new EnumMap<>(SkipReason.class);
        private int inserted;
        private int deletedChunks;
        private int embedded;
        private int reused;

        void add(Counts c) {
            added += c.added();
            changed += c.changed();
            unchanged += c.unchanged();
            deleted += c.deleted();
            c.skipped().forEach((r, n) -> skipped.merge(r, n, Integer::sum));
            inserted += c.inserted();
            deletedChunks += c.deletedChunks();
            embedded += c.embedded();
            reused += c.reused();
        }

        IngestSummary.Files files() {
            return new Counts(added, changed, unchanged, deleted, skipped, 0, 0, 0, 0).files();
        }

        IngestSummary.Chunks chunks() {
            return new IngestSummary.Chunks(inserted, deletedChunks, embedded, reused);
        }
    }

    private String storeDir() {
        return store.map(s -> s.directory().toString()).orElse("the store");
    }

    private static IngestException translate(StoreException e) {
        IngestException.Reason reason =
                switch (e.reason()) {
                    case LOCKED -> IngestException.Reason.LOCKED;
                    case MODEL_MISMATCH -> IngestException.Reason.MODEL_MISMATCH;
                    case CORRUPT, MODEL_UNAVAILABLE, IO -> IngestException.Reason.IO;
                };
        return new IngestException(reason, e.getMessage(), e);
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
