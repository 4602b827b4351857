package dev.coderag.store.embedded;

import dev.coderag.store.Store;
import dev.coderag.store.StoreException;
import dev.coderag.store.embedded.db.Sql;
import dev.coderag.store.embedded.lexical.LuceneIndexes;
import dev.coderag.store.embedded.vectors.GraphFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Where a store's index lives, and how a rebuild replaces it without a window (the swap protocol,
 * docs/STORE.md). A store directory (the {@code root}: {@code --db}) holds the write lock, the chat log and git
 * clones, and its index files either directly (a store never rebuilt) or in a generation directory
 * {@code gen-<uuid>} named by the file {@code CURRENT}.
 *
 * <p>A rebuild (another model, {@code --full} after a model change) {@link #stage stages} a new generation beside
 * the current one, ingests into it while the current one keeps serving, and {@link #publish publishes} it: the
 * new name is written to {@code CURRENT.tmp}, synced, and renamed over {@code CURRENT} — one atomic rename, so a
 * reader opening the store finds either the old index or the new one, never a mix. A process that has a
 * generation open holds a shared lock on its {@code open.lock} (one per JVM, counted), so the old generation's
 * files are removed only once no process has it open; a server started before the swap keeps answering from the
 * old index until it is restarted ({@link Store#superseded()} says so). A rebuild that was killed leaves its
 * staged generation, which the next rebuild for the same model resumes.
 */
final class Generations {
    static final String CURRENT = "CURRENT";
    static final String OPEN_LOCK = "open.lock";
    private static final Pattern NAME = Pattern.compile("gen-[0-9a-f-]{36}");
    /** Shared locks this JVM holds on generations it has open, with how many stores use each. */
    private static final Map<Path, Held> HELD = new HashMap<>();

    private record Held(FileChannel channel, FileLock lock, int users) {}

    private Generations() {}

    /** The directory of the current index: the generation CURRENT names, else the root itself. */
    static Path current(Path root) {
        Path pointer = root.resolve(CURRENT);
        try {
            String name = Files.readString(pointer, StandardCharsets.UTF_8).strip();
            if (NAME.matcher(name).matches() && Files.isDirectory(root.resolve(name))) {
                return root.resolve(name);
            }
            throw new StoreException(
                    StoreException.Reason.CORRUPT,
                    "Store " + root + " is unreadable: " + CURRENT + " names no generation; re-ingest with --full.");
        } catch (NoSuchFileException e) {
            return root;
        } catch (IOException e) {
            throw new StoreException(
                    StoreException.Reason.IO,
                    "Store " + root + ": could not read " + CURRENT + " (" + Sql.firstLine(e.getMessage()) + ").",
                    e);
        }
    }

    /**
     * A generation to rebuild into: a staged one left by a killed rebuild for {@code modelId} (resumed), else a
     * new empty one. Staged generations of other models that no process has open are removed. Call under the
     * store's write lock.
     */
    static Path stage(Path root, String modelId) {
        Path current = current(root);
        Optional<Path> resume = Optional.empty();
        for (Path gen : generations(root)) {
            if (gen.equals(current)) {
                continue;
            }
            Optional<String> model = SqliteStore.storedModelId(gen);
            if (model.filter(modelId::equals).isPresent() && resume.isEmpty()) {
                resume = Optional.of(gen);
            } else {
                removeIfUnused(gen);
            }
        }
        if (resume.isPresent()) {
            return resume.get();
        }
        Path gen = root.resolve("gen-" + UUID.randomUUID());
        try {
            return Files.createDirectories(gen);
        } catch (IOException e) {
            throw io(root, "create " + gen.getFileName(), e);
        }
    }

    /**
     * Makes {@code gen} the current index of {@code root} with one atomic rename, then removes every other index
     * that no process has open. Call under the store's write lock.
     */
    static void publish(Path root, Path gen) {
        Path previous = current(root);
        Path tmp = root.resolve(CURRENT + ".tmp");
        try (FileChannel ch = FileChannel.open(
                tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            ch.write(java.nio.ByteBuffer.wrap((gen.getFileName() + "\n").getBytes(StandardCharsets.UTF_8)));
            ch.force(true);
        } catch (IOException e) {
            throw io(root, "write " + tmp.getFileName(), e);
        }
        try {
            Files.move(tmp, root.resolve(CURRENT), StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            throw io(root, "swap " + CURRENT + " atomically", e);
        } catch (IOException e) {
            throw io(root, "swap " + CURRENT, e);
        }
        syncDirectory(root);
        // Every other index goes once nobody has it open: the one just replaced, older ones a server kept open
        // through an earlier swap, the root's own files when it held the index before the first swap, and
        // abandoned rebuilds (one still being built is open, so it stays).
        List<Path> others = new ArrayList<>(generations(root));
        others.add(previous);
        others.add(root);
        for (Path other : others) {
            if (!other.equals(gen)) {
                removeIfUnused(other);
            }
        }
    }

    /** Takes (or shares, within this JVM) the shared lock that keeps {@code gen}'s files from being removed. */
    static synchronized void holdOpen(Path gen) {
        Held held = HELD.get(gen);
        if (held != null) {
            HELD.put(gen, new Held(held.channel(), held.lock(), held.users() + 1));
            return;
        }
        try {
            FileChannel ch = FileChannel.open(
                    gen.resolve(OPEN_LOCK),
                    StandardOpenOption.CREATE,
                    StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            FileLock lock = ch.lock(0, Long.MAX_VALUE, true);
            HELD.put(gen, new Held(ch, lock, 1));
        } catch (IOException e) {
            throw io(gen, "lock " + OPEN_LOCK, e);
        }
    }

    /** Releases one {@link #holdOpen}. */
    static synchronized void release(Path gen) {
        Held held = HELD.get(gen);
        if (held == null) {
            return;
        }
        if (held.users() > 1) {
            HELD.put(gen, new Held(held.channel(), held.lock(), held.users() - 1));
            return;
        }
        HELD.remove(gen);
        try {
            held.channel().close(); // releases the lock
        } catch (IOException ignored) {
            // The process exit releases it anyway.
        }
    }

    /** Removes an old generation's index files when no process (this JVM included) has it open. */
    private static synchronized void removeIfUnused(Path gen) {
        if (HELD.containsKey(gen)) {
            return;
        }
        try (FileChannel ch = FileChannel.open(
                gen.resolve(OPEN_LOCK), StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            FileLock lock;
            try {
                lock = ch.tryLock();
            } catch (OverlappingFileLockException e) {
                return;
            }
            if (lock == null) {
                return; // a server still reads it: removed by a later swap
            }
            try {
                for (String name : SqliteStore.STORE_FILES) {
                    Files.deleteIfExists(gen.resolve(name));
                }
                GraphFiles.deleteAll(gen);
                LuceneIndexes.deleteAll(gen);
            } finally {
                lock.release();
            }
        } catch (IOException e) {
            return; // only disk space is at stake; the next swap tries again
        }
        if (gen.getFileName() != null
                && NAME.matcher(gen.getFileName().toString()).matches()) {
            try {
                Files.deleteIfExists(gen.resolve(OPEN_LOCK));
                Files.deleteIfExists(gen);
            } catch (IOException ignored) {
                // A file someone put there: the directory stays.
            }
        }
    }

    private static List<Path> generations(Path root) {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(root, "gen-*")) {
            for (Path p : ds) {
                if (Files.isDirectory(p)
                        && NAME.matcher(p.getFileName().toString()).matches()) {
                    out.add(p);
                }
            }
        } catch (IOException e) {
            throw io(root, "list generations", e);
        }
        return out;
    }

    private static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException ignored) {
            // Not every file system can sync a directory; the rename is atomic either way.
        }
    }

    private static StoreException io(Path dir, String what, IOException e) {
        return new StoreException(
                StoreException.Reason.IO,
                "Store " + dir + ": could not " + what + " (" + Sql.firstLine(e.getMessage()) + ").",
                e);
    }
}
