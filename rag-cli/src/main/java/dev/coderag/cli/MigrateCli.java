package dev.coderag.cli;

import static dev.coderag.cli.CliSupport.quietLibraries;

import dev.coderag.store.ChatLog;
import dev.coderag.store.FileEntry;
import dev.coderag.store.IndexState;
import dev.coderag.store.RepoCatalog;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.RepoRecord;
import dev.coderag.store.SharedChunk;
import dev.coderag.store.Store;
import dev.coderag.store.StoreException;
import dev.coderag.store.StoreLocation;
import dev.coderag.store.StoredChunk;
import dev.coderag.store.VectorTier;
import dev.coderag.store.WriteTransaction;
import java.io.PrintStream;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ./rag migrate --from DIR|URL --to URL|DIR}: copies a store — every repository's chunks with their stored
 * vectors (nothing is embedded again), file index and hashes (so the next ingest into the copy re-embeds nothing
 * unchanged), call edges (derived from the chunks), the compiler's resolved references (so it resolves nothing
 * again) and records, and the saved chats — e.g. from the embedded store
 * to a SolrCloud collection, or back. Per repository, files already copied (same hash, same chunks) are skipped and
 * files the source no longer has are deleted, so a migration that was stopped is resumed by running it again, and
 * a second run brings a copy up to date. Reads the source through the store interface only; the source is never
 * written.
 *
 * <p>Exit codes: 0 success, 1 failure (one line on stderr saying why), 2 bad usage.
 */
@Command(
        name = "migrate",
        mixinStandardHelpOptions = true,
        description = {
            "Copy a store to another place — e.g. the embedded store in .rag to SolrCloud — with its vectors (nothing"
                    + " is re-embedded), file hashes, call edges, resolved references, repository records and saved"
                    + " chats. Each side is"
                    + " a directory (an embedded store) or a store URL (solr://…, docs/SCALE.md); the target is"
                    + " created on first use and must hold the same embedding model. Files already copied are"
                    + " skipped, files gone from the source are deleted: run it again to resume or to update.",
            ""
        },
        footer = {"", "Exit codes: 0 success, 1 failure (the reason is printed on one line), 2 bad usage."})
final class MigrateCli implements Callable<Integer> {
    /** Every store made with the shipped models has this many dimensions (bge-small-en-v1.5). */
    private static final int STORE_DIMENSION = 384;
    /** Chunks copied per committed batch. */
    static final int BATCH_CHUNKS = 2000;
    /** Resolved files copied per checkpoint (the ingest's resolution commits as often). */
    static final int BATCH_FILES = 250;

    private final PrintStream out;
    private final PrintStream err;

    @Option(names = "--from", required = true, paramLabel = "DIR|URL", description = "The store to copy.")
    String from;

    @Option(names = "--to", required = true, paramLabel = "URL|DIR", description = "Where to copy it.")
    String to;

    @Option(
            names = "--db",
            paramLabel = "DIR",
            defaultValue = "${env:RAG_DB:-.rag}",
            description = "Local directory of a remote side (git clones; env RAG_DB; default: ${DEFAULT-VALUE}).")
    String db;

    @Option(names = "--no-chats", description = "Copy the index only, not the saved chats.")
    boolean noChats;

    private MigrateCli(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        quietLibraries();
        return CliSupport.commandLine(new MigrateCli(out, err), out, err).execute(args);
    }

    @Override
    public Integer call() {
        StoreLocation source = location(from, "--from");
        StoreLocation target = location(to, "--to");
        if (source.describe().equals(target.describe())) {
            throw new UsageException("--from and --to name the same store");
        }
        String model = Store.storedModelId(source)
                .orElseThrow(() -> new UsageException("no store in " + source.describe() + " (--from)"));
        long t0 = System.nanoTime();
        int repos = 0;
        long[] totals = new long[3]; // files copied, files skipped, chunks copied
        int chats = 0;
        try (Store src = Store.open(source, model, STORE_DIMENSION);
                Store dst = Store.open(target, model, STORE_DIMENSION)) {
            for (RepoInfo repo : src.repos().list()) {
                copyRepo(src, dst, repo, totals);
                repos++;
            }
            if (!noChats) {
                chats = copyChats(src.chats(), dst.chats());
            }
        }
        out.printf(
                "migrated %d repositories: %d files copied (%d chunks, no re-embedding), %d already there, %d chats,"
                        + " from %s to %s in %.1f s%n",
                repos,
                totals[0],
                totals[2],
                totals[1],
                chats,
                source.describe(),
                target.describe(),
                (System.nanoTime() - t0) / 1e9);
        return 0;
    }

    private void copyRepo(Store src, Store dst, RepoInfo repo, long[] totals) {
        String name = repo.name();
        Map<String, FileEntry> files = src.files().entries(name);
        Map<String, FileEntry> there = dst.files().entries(name);
        List<FileEntry> todo = new ArrayList<>();
        for (FileEntry f : files.values()) {
            FileEntry d = there.get(f.path());
            if (d != null && d.fileHash().equals(f.fileHash()) && d.chunkIds().equals(f.chunkIds())) {
                totals[1]++;
            } else {
                todo.add(f);
            }
        }
        err.println(name + ": " + todo.size() + " of " + files.size() + " files to copy");
        Instant indexedAt = repo.indexedAt().orElse(Instant.now());
        // a branch overlay's files keep the base chunks they share (docs/STORE.md, "Branches")
        Map<String, List<SharedChunk>> shared = src.files().shared(name);
        try (WriteTransaction tx = dst.begin()) {
            for (String path : there.keySet()) {
                if (!files.containsKey(path)) {
                    tx.deleteFile(name, path);
                }
            }
            int i = 0;
            while (i < todo.size()) {
                List<FileEntry> batch = new ArrayList<>();
                int chunks = 0;
                while (i < todo.size()
                        && (batch.isEmpty() || chunks + todo.get(i).chunkIds().size() <= BATCH_CHUNKS)) {
                    chunks += todo.get(i).chunkIds().size();
                    batch.add(todo.get(i++));
                }
                totals[2] += copyFiles(src, tx, name, batch, there, shared);
                totals[0] += batch.size();
                if (i < todo.size()) {
                    tx.putRepo(new RepoRecord(
                            name,
                            repo.source(),
                            repo.commit(),
                            indexedAt,
                            IndexState.PARTIAL,
                            todo.size() - i,
                            repo.branch()));
                    tx.checkpoint();
                    err.println(name + ": " + i + " of " + todo.size() + " files copied");
                }
            }
            int resolved = copyResolved(src, dst, tx, name, files);
            if (resolved > 0) {
                err.println(name + ": " + resolved + " resolved files copied");
            }
            tx.putSkipped(name, src.repos().skipped(name, RepoCatalog.MAX_SKIPPED));
            tx.putRepo(new RepoRecord(
                    name, repo.source(), repo.commit(), indexedAt, repo.state(), repo.pendingFiles(), repo.branch()));
            tx.commit();
        }
    }

    /**
     * Copies the compiler's references of the files whose resolution is current in the source (resolved from the hash
     * the file index holds) and not yet in the target, so that the copy's next ingest resolves nothing again; returns
     * how many files.
     */
    private static int copyResolved(
            Store src, Store dst, WriteTransaction tx, String repo, Map<String, FileEntry> files) {
        Map<String, String> there = dst.references().resolvedHashes(repo);
        int copied = 0;
        for (Map.Entry<String, String> r : src.references().resolvedHashes(repo).entrySet()) {
            FileEntry f = files.get(r.getKey());
            if (f == null || !f.fileHash().equals(r.getValue()) || r.getValue().equals(there.get(r.getKey()))) {
                continue;
            }
            var stored = src.references().stored(repo, r.getKey());
            if (stored.isPresent()) {
                tx.putResolved(repo, stored.get().fileHash(), stored.get().file());
                if (++copied % BATCH_FILES == 0) {
                    tx.checkpoint();
                }
            }
        }
        return copied;
    }

    /** Copies the chunks of {@code batch} (and their vectors) and records the files; returns the chunks copied. */
    private static int copyFiles(
            Store src,
            WriteTransaction tx,
            String repo,
            List<FileEntry> batch,
            Map<String, FileEntry> there,
            Map<String, List<SharedChunk>> shared) {
        List<String> ids = new ArrayList<>();
        batch.forEach(f -> ids.addAll(f.chunkIds()));
        List<StoredChunk> chunks = src.chunks().getAll(ids);
        // a chunk's vector is of the tier its model id says: a store ingested with --vectors static holds static ones
        Map<VectorTier, Set<String>> hashes = new EnumMap<>(VectorTier.class);
        chunks.forEach(c -> hashes.computeIfAbsent(tier(src, c), t -> new HashSet<>())
                .add(c.chunk().contentHash()));
        Map<VectorTier, Map<String, float[]>> vectors = new EnumMap<>(VectorTier.class);
        hashes.forEach((t, h) -> vectors.put(t, src.vectors(t).byContentHash(h)));
        for (FileEntry f : batch) {
            FileEntry old = there.get(f.path());
            if (old != null) {
                for (String id : old.chunkIds()) {
                    if (!f.chunkIds().contains(id)) {
                        tx.delete(id);
                    }
                }
            }
        }
        for (StoredChunk c : chunks) {
            VectorTier tier = tier(src, c);
            float[] v = vectors.get(tier).get(c.chunk().contentHash());
            if (v == null && tier == VectorTier.FULL) {
                throw new StoreException(
                        StoreException.Reason.CORRUPT,
                        "the source store has no vector for " + c.chunk().location() + " (" + repo + ")");
            }
            tx.insert(c.chunk(), v); // a static chunk without a vector (a Solr source keeps none) stays so
        }
        for (FileEntry f : batch) {
            tx.putFile(repo, f.path(), f.fileHash(), shared.getOrDefault(f.path(), List.of()));
        }
        return chunks.size();
    }

    private static VectorTier tier(Store src, StoredChunk c) {
        return VectorTier.of(c.chunk().modelId(), src.modelId());
    }

    /** Copies the chats the target does not have yet, with their turns; returns how many. */
    private static int copyChats(ChatLog src, ChatLog dst) {
        int copied = 0;
        List<ChatLog.ChatRow> rows = new ArrayList<>(src.list(ChatLog.MAX_CHATS));
        java.util.Collections.reverse(rows); // least recently used first, so the target keeps the same order
        for (ChatLog.ChatRow chat : rows) {
            if (dst.get(chat.id()).isPresent()) {
                continue;
            }
            dst.create(chat.id(), chat.repo(), chat.owner(), chat.createdAt());
            for (ChatLog.TurnRow turn : src.turns(chat.id())) {
                dst.append(chat.id(), chat.title(), turn.json(), turn.at());
            }
            copied++;
        }
        return copied;
    }

    /** A side: a URL with a scheme, else a directory (which must hold a store, for --from). */
    private StoreLocation location(String raw, String option) {
        String s = raw.strip();
        if (s.contains("://")) {
            return StoreSelection.of(s, dbPath());
        }
        try {
            return new StoreLocation.Directory(Path.of(s).toAbsolutePath().normalize());
        } catch (InvalidPathException e) {
            throw new UsageException(option + " is not a valid path: " + raw);
        }
    }

    private Path dbPath() {
        return CliSupport.path(db, "--db").toAbsolutePath().normalize();
    }
}
