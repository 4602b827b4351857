package dev.coderag.chat.repos;

import dev.coderag.store.RepoInfo;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The server's indexer as its job queue uses it: the same, but an ingest tells the {@link RepoWatcher} when it starts
 * (the files then are what the index will hold) and ends, and a removal makes it forget the repository.
 */
final class WatchedIndexer implements Indexer {
    private final Indexer real;
    private final RepoWatcher watcher;

    WatchedIndexer(Indexer real, RepoWatcher watcher) {
        this.real = real;
        this.watcher = watcher;
    }

    @Override
    public Target resolve(
            Optional<String> path,
            Optional<String> url,
            Optional<String> name,
            Optional<String> branch,
            boolean replace) {
        return real.resolve(path, url, name, branch, replace);
    }

    @Override
    public boolean isGitUrl(String source) {
        return real.isGitUrl(source);
    }

    @Override
    public void index(Target target, Consumer<RepoStatus.Progress> progress, BooleanSupplier stop) {
        RepoWatch w = watcher.starting(target);
        boolean committed = false;
        try {
            real.index(target, progress, stop);
            committed = true;
        } finally {
            watcher.ended(w, committed);
        }
    }

    @Override
    public Target refreshTarget(RepoInfo info) {
        return real.refreshTarget(info);
    }

    @Override
    public Optional<String> headCommit(Path dir) {
        return real.headCommit(dir);
    }

    @Override
    public Path checkout(String repo) {
        return real.checkout(repo);
    }

    @Override
    public boolean remove(String repo) {
        boolean removed = real.remove(repo);
        watcher.forget(repo);
        return removed;
    }
}
