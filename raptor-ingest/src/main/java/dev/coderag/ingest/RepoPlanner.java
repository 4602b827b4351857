package dev.coderag.ingest;

import dev.coderag.embed.Embedder;
import dev.coderag.ingest.ProgressListener.IngestProgress;
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
import java.util.function.Function;

/**
 * The read-only half of one repository's run: walk, hash and parse its files ({@link IngestPhase#PARSE}),
 * {@link Reconciler reconcile} them with the stored file index, and find which chunk texts need the model.
 * Reads the store; writes nothing.
 */
final class RepoPlanner {
    private static final int HASH_LOOKUP_BATCH = 500;

    private final Optional<Store> store;
    private final Embedder embedder;
    private final IngestOptions options;
    private final Function<ParseOptions, FileParser> parsers;

    /**
     * What one repository's run will do.
     *
     * @param filesTotal files indexed after the run
     * @param parseSeconds the walk, parse and reconcile time (not the vector lookup)
     * @param storedHashes the committed file index the plan was reconciled with: a plan made outside the write
     *     transaction holds only while the store still has exactly these
     * @param skippedFiles the files left out, with their reason, by path (bounded)
     * @param skippedChanged whether they differ from the list the store holds for the repo
     */
    record Planned(
            Reconciler.Plan plan,
            EmbedWork embed,
            IngestTotals.RepoCounts counts,
            int filesTotal,
            double parseSeconds,
            Map<String, String> storedHashes,
            List<SkippedFile> skippedFiles,
            boolean skippedChanged) {}

    RepoPlanner(
            Optional<Store> store,
            Embedder embedder,
            IngestOptions options,
            Function<ParseOptions, FileParser> parsers) {
        this.store = store;
        this.embedder = embedder;
        this.options = options;
        this.parsers = parsers;
    }

    Planned plan(RepoTarget repo, ProgressListener progress) {
        String name = repo.name();
        boolean full = options.full();
        long parseStart = System.nanoTime();
        // Hashes only: the chunk ids are read below for the files that changed or went away, which on an
        // unchanged repo is none (reading every file's chunk rows was a third of a no-change re-ingest).
        Map<String, String> storedHashes =
                store.map(s -> s.files().hashes(name)).orElse(Map.of());
        RepoScanner.Scan scan = scan(repo, storedHashes, progress);
        Map<String, String> current = scan.current();
        Map<String, FileEntry> stored = storedIndex(name, storedHashes, current, full);
        Reconciler.Plan plan = Reconciler.plan(current, stored, scan.parsed(), full);
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
        boolean skippedChanged = store.map(
                        s -> !s.repos().skipped(name, RepoCatalog.MAX_SKIPPED).equals(scan.skippedFiles()))
                .orElse(true);
        return new Planned(
                plan,
                embed,
                counts,
                current.size(),
                parseSeconds,
                Map.copyOf(storedHashes),
                scan.skippedFiles(),
                skippedChanged);
    }

    private RepoScanner.Scan scan(RepoTarget repo, Map<String, String> storedHashes, ProgressListener progress) {
        String name = repo.name();
        FileParser parser = parsers.apply(ParseOptions.DEFAULT
                .withPlainText(options.plainText())
                .withTokens(embedder::countTokens)
                .withMaxTokens(embedder.maxTokens()));

        // Files git says are untouched since the last clean indexed commit keep their stored hash unread.
        Optional<Set<String>> gitChanged = Optional.empty();
        if (!options.full() && repo.commit().isPresent() && repo.stored().isPresent() && !storedHashes.isEmpty()) {
            gitChanged = GitSource.changedSince(repo.dir(), repo.stored().get().commit());
        }
        Set<Path> excluded = new HashSet<>();
        excluded.add(options.cloneDir());
        store.ifPresent(s -> excluded.add(s.directory()));
        RepoScanner scanner = new RepoScanner(parser, options, embedder.modelId(), excluded);
        try {
            return scanner.scan(
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
        storedHashes.forEach(
                (path, hash) -> out.put(path, withIds.getOrDefault(path, new FileEntry(repo, path, hash, List.of()))));
        return out;
    }

    private static void lookupVectors(Store s, Set<String> hashes, Map<String, float[]> into) {
        List<String> all = new ArrayList<>(hashes);
        for (int i = 0; i < all.size(); i += HASH_LOOKUP_BATCH) {
            into.putAll(s.vectors().byContentHash(all.subList(i, Math.min(all.size(), i + HASH_LOOKUP_BATCH))));
        }
    }
}
