package dev.coderag.chat.repos;

import dev.coderag.chat.Freshness;
import dev.coderag.store.RepoCatalog;
import dev.coderag.store.RepoInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * A local repository's files against its index, for {@link RepoWatcher}: which directory a repository was indexed
 * from, and how its files and HEAD now compare with what its last committed ingest started from.
 */
final class RepoFiles {
    private final RepoCatalog catalog;
    private final Indexer indexer;
    private final Set<Path> skip;

    RepoFiles(RepoCatalog catalog, Indexer indexer, Set<Path> skip) {
        this.catalog = catalog;
        this.indexer = indexer;
        this.skip = skip;
    }

    /** The real directory a local repository was indexed from, when it still is one. */
    Optional<Path> directory(String source) {
        if (source == null || source.isEmpty() || indexer.isGitUrl(source)) {
            return Optional.empty();
        }
        try {
            Path p = Path.of(source);
            return Files.isDirectory(p) ? Optional.of(real(p)) : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    /**
     * Compares the files and HEAD of {@code w} with what the index holds and publishes its freshness; called with
     * {@code w}'s monitor held.
     *
     * @return whether it changed (a refresh should follow)
     * @throws IOException when its directory cannot be read
     */
    boolean compare(RepoWatch w) throws IOException {
        Optional<RepoInfo> info = catalog.get(w.name);
        String indexed = info.map(RepoInfo::commit).orElse("");
        long since =
                info.flatMap(RepoInfo::indexedAt).map(Instant::toEpochMilli).orElse(Long.MAX_VALUE);
        TreeSnapshot now = TreeSnapshot.take(w.root, skip, since);
        if (now.truncated()) {
            throw new IllegalStateException("over " + TreeSnapshot.MAX_FILES + " files");
        }
        String head = indexer.headCommit(w.root).orElse("");
        TreeSnapshot ref = w.ingesting ? w.starting : w.baseline;
        TreeSnapshot.Diff diff;
        boolean moved;
        if (ref == null) { // indexed before this server started: what is newer than the index, or a moved HEAD
            diff = new TreeSnapshot.Diff(now.newer(), 0, 0);
            moved = !head.isEmpty() && !head.equals(indexed);
            if (!diff.any() && !moved && info.isPresent()) {
                w.baseline = now;
                w.headAtIngest = head;
            }
        } else {
            diff = now.since(ref);
            moved = !head.equals(w.ingesting ? w.startingHead : w.headAtIngest);
        }
        boolean stale = diff.any() || moved;
        w.published = new Freshness(
                stale ? Freshness.State.STALE : Freshness.State.FRESH,
                w.mode,
                indexed,
                head,
                diff.changed(),
                diff.added(),
                diff.deleted(),
                Instant.now().toString(),
                w.error);
        return stale;
    }

    static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }
}
