package dev.coderag.ingest;

import dev.coderag.embed.Embedder;
import dev.coderag.ingest.ProgressListener.IngestProgress;
import dev.coderag.ingest.overlay.OverlayReads;
import dev.coderag.ingest.parse.ParseOptions;
import dev.coderag.store.FileEntry;
import dev.coderag.store.RepoCatalog;
import dev.coderag.store.SkippedFile;
import dev.coderag.store.Store;
import dev.coderag.types.Chunk;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * The read-only half of one repository's run: walk, hash and parse its files ({@link IngestPhase#PARSE}),
 * {@link Reconciler reconcile} them with the stored file index, and find which chunk texts need the model.
 * Reads the store; writes nothing. A repository with more to read than {@link IngestOptions#sliceBytes()} is
 * planned a slice of files at a time, so no plan holds more than a slice's chunks.
 */
final class RepoPlanner {
    private static final int HASH_LOOKUP_BATCH = 500;

    private final Optional<Store> store;
    private final Embedder embedder;
    private final IngestOptions options;
    private final Function<ParseOptions, FileParser> parsers;
    private final long budget;
    private final BooleanSupplier stop;

    /**
     * What one repository's run will do.
     *
     * @param filesTotal files indexed after the run
     * @param parseSeconds the walk, parse and reconcile time (not the vector lookup)
     * @param storedHashes the committed file index the plan was reconciled with: a plan made outside the write
     *     transaction holds only while the store still has exactly these
     * @param skippedFiles the files left out, with their reason, by path (bounded)
     * @param skippedChanged whether they differ from the list the store holds for the repo
     * @param deferred the files left for later slices ({@link #planSlice}), in walk order; not in the plan, and
     *     not deleted by it
     */
    record Planned(
            Reconciler.Plan plan,
            EmbedWork embed,
            IngestTotals.RepoCounts counts,
            int filesTotal,
            double parseSeconds,
            Map<String, String> storedHashes,
            List<SkippedFile> skippedFiles,
            boolean skippedChanged,
            List<RepoWalker.Candidate> deferred) {

        /** The same plan recording {@code files} as the repository's skipped files when they differ ({@code changed}). */
        Planned withSkipped(List<SkippedFile> files, boolean changed) {
            return new Planned(plan, embed, counts, filesTotal, parseSeconds, storedHashes, files, changed, deferred);
        }
    }

    /**
     * @param slices whether a large repository may be planned in slices ({@link IngestOptions#sliceBytes()}): the
     *     writer can complete a slice's files only with static-tier vectors, so only with a static tier
     * @param stop asked while a repository is walked (a stop request, a cancelled or overdue job)
     */
    RepoPlanner(
            Optional<Store> store,
            Embedder embedder,
            IngestOptions options,
            Function<ParseOptions, FileParser> parsers,
            boolean slices,
            BooleanSupplier stop) {
        this.stop = stop;
        this.store = store;
        this.embedder = embedder;
        this.options = options;
        this.parsers = parsers;
        this.budget = slices && !options.dryRun() ? options.sliceBytes() : Long.MAX_VALUE;
    }

    /**
     * Plans the repository's run, or its first slice when its files to read exceed the slice budget: then {@link
     * Planned#deferred} holds the rest, for {@link #planSlice}, and the plan neither parses nor deletes them.
     */
    Planned plan(RepoTarget repo, ProgressListener progress) {
        String name = repo.name();
        long parseStart = System.nanoTime();
        // Hashes only: the chunk ids are read below for the files that changed or went away, which on an
        // unchanged repo is none (reading every file's chunk rows was a third of a no-change re-ingest).
        Map<String, String> storedHashes = store.map(s -> repo.overlay().isPresent()
                        ? OverlayReads.staleShared(s, name, s.files().hashes(name))
                        : s.files().hashes(name))
                .orElse(Map.of());
        RepoScanner.Scan scan = withAbsent(repo.overlay(), scan(repo, storedHashes, progress));
        Map<String, String> planned = storedHashes;
        if (!scan.deferred().isEmpty()) {
            planned = new HashMap<>(storedHashes);
            for (RepoWalker.Candidate c : scan.deferred()) {
                planned.remove(c.path()); // a later slice's: neither kept nor deleted by this plan
            }
        }
        boolean skippedChanged = store.map(
                        s -> !s.repos().skipped(name, RepoCatalog.MAX_SKIPPED).equals(scan.skippedFiles()))
                .orElse(true);
        return planned(repo, scan, planned, storedHashes, parseStart, skippedChanged);
    }

    /**
     * A branch overlay's scan with an {@link dev.coderag.store.FileEntry#ABSENT} entry (no chunks) for each file of
     * its base the branch does not have: the Reconciler stores it like an empty file, and keeps it while the file
     * stays away.
     */
    private static RepoScanner.Scan withAbsent(Optional<RepoRouting.Overlay> overlay, RepoScanner.Scan scan) {
        if (overlay.isEmpty()) {
            return scan;
        }
        Set<String> absent = overlay.get()
                .absent(
                        scan.current().keySet(),
                        scan.inherited(),
                        scan.deferred().stream().map(RepoWalker.Candidate::path).toList());
        Map<String, String> current = new TreeMap<>(scan.current());
        Map<String, List<Chunk>> parsed = new HashMap<>(scan.parsed());
        absent.forEach(path -> {
            current.put(path, FileEntry.ABSENT);
            parsed.put(path, List.of());
        });
        return new RepoScanner.Scan(
                current, parsed, scan.skipped(), scan.skippedFiles(), scan.deferred(), scan.inherited());
    }

    /**
     * Plans one slice of the files an earlier {@link #plan} deferred: reads, hashes and parses them, and reconciles
     * them with their own stored entries (a file of the slice that went away since the walk is deleted).
     *
     * @param storedHashes the repository's stored file index when the run began
     * @return the slice's plan: no deferred files, the skipped files of the slice only, {@code skippedChanged}
     *     false (the run merges the slices' skipped files)
     */
    Planned planSlice(RepoTarget repo, List<RepoWalker.Candidate> slice, Map<String, String> storedHashes) {
        String name = repo.name();
        long parseStart = System.nanoTime();
        RepoScanner.Scan scan = scanner(repo.overlay()).scanFiles(name, slice, storedHashes);
        Map<String, String> own = new HashMap<>();
        for (RepoWalker.Candidate c : slice) {
            String hash = storedHashes.get(c.path());
            if (hash != null) {
                own.put(c.path(), hash);
            }
        }
        return planned(repo, scan, own, storedHashes, parseStart, false);
    }

    private Planned planned(
            RepoTarget repo,
            RepoScanner.Scan scan,
            Map<String, String> plannedHashes,
            Map<String, String> storedHashes,
            long parseStart,
            boolean skippedChanged) {
        String name = repo.name();
        boolean full = options.full();
        Map<String, String> current = scan.current();
        Map<String, FileEntry> stored = storedIndex(name, plannedHashes, current, full);
        // an overlay stores only the chunks its base does not hold at other lines (docs/STORE.md, "Branches")
        OverlayReads.Shares shares = repo.overlay().isPresent() && store.isPresent()
                ? OverlayReads.shares(store.get(), repo.overlay().get().base(), scan.parsed())
                : new OverlayReads.Shares(scan.parsed(), Map.of());
        Reconciler.Plan plan =
                Reconciler.plan(current, stored, shares.own(), full).withShared(shares.shared());
        double parseSeconds = IngestTotals.seconds(System.nanoTime() - parseStart);

        Map<String, List<Chunk>> byHash = EmbedWork.byContentHash(plan.inserts());
        Map<String, float[]> reused = new HashMap<>();
        if (!full) {
            store.ifPresent(s -> lookupVectors(s, byHash.keySet(), reused));
        }
        EmbedWork embed = EmbedWork.of(byHash, reused);

        int toEmbed = embed.toEmbed().size();
        IngestTotals.RepoCounts counts = new IngestTotals.RepoCounts(
                plan.files().added().size(),
                plan.files().changed().size(),
                plan.files().unchanged().size(),
                plan.files().deleted().size(),
                scan.skipped(),
                plan.inserts().size(),
                plan.deleteChunkIds().size(),
                toEmbed,
                plan.inserts().size() - toEmbed);
        return new Planned(
                plan,
                embed,
                counts,
                current.size(),
                parseSeconds,
                Map.copyOf(storedHashes),
                scan.skippedFiles(),
                skippedChanged,
                scan.deferred());
    }

    private RepoScanner scanner(Optional<RepoRouting.Overlay> overlay) {
        FileParser parser = parsers.apply(ParseOptions.DEFAULT
                .withPlainText(options.plainText())
                .withTokens(embedder::countTokens)
                .withMaxTokens(embedder.maxTokens()));
        Set<Path> excluded = new HashSet<>();
        excluded.add(options.cloneDir());
        store.ifPresent(s -> excluded.add(s.directory()));
        return new RepoScanner(parser, options, embedder.modelId(), excluded, stop, overlay);
    }

    private RepoScanner.Scan scan(RepoTarget repo, Map<String, String> storedHashes, ProgressListener progress) {
        String name = repo.name();

        // Files git says are untouched since the last clean indexed commit keep their stored hash unread.
        Optional<Set<String>> gitChanged = Optional.empty();
        if (!options.full() && repo.commit().isPresent() && repo.stored().isPresent() && !storedHashes.isEmpty()) {
            gitChanged = GitSource.changedSince(repo.dir(), repo.stored().get().commit());
        }
        try {
            return scanner(repo.overlay())
                    .scan(
                            name,
                            repo.dir(),
                            storedHashes,
                            gitChanged,
                            budget,
                            (done, total, chunks) -> progress.onProgress(
                                    new IngestProgress(name, IngestPhase.PARSE, done, total, chunks, 0)));
        } catch (IOException e) {
            throw new IngestException(
                    IngestException.Reason.IO, "cannot walk " + repo.dir() + ": " + e.getMessage(), e);
        }
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
                : store.map(s -> s.files().entries(repo, touched)).orElse(Map.of());
        Map<String, FileEntry> out = new LinkedHashMap<>();
        // the hash as given: an overlay's file whose shared chunks left its base is given marked pending
        storedHashes.forEach((path, hash) -> out.put(
                path,
                new FileEntry(
                        repo,
                        path,
                        hash,
                        withIds.containsKey(path) ? withIds.get(path).chunkIds() : List.of())));
        return out;
    }

    private static void lookupVectors(Store s, Set<String> hashes, Map<String, float[]> into) {
        List<String> all = new ArrayList<>(hashes);
        for (int i = 0; i < all.size(); i += HASH_LOOKUP_BATCH) {
            into.putAll(s.vectors().byContentHash(all.subList(i, Math.min(all.size(), i + HASH_LOOKUP_BATCH))));
        }
    }
}
