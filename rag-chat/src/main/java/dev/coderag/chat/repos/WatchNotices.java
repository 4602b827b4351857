package dev.coderag.chat.repos;

import dev.coderag.chat.Freshness;
import dev.coderag.chat.IndexNotices;
import dev.coderag.chat.StalePolicy;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a watching server's answers say about the index: the notices of ingests running ({@link
 * RepoManager#notices}), and the freshness of the repositories they draw on with the watcher's {@link
 * WatchOptions#stale()} policy.
 */
final class WatchNotices implements IndexNotices {
    private final RepoManager repos;
    private final RepoWatcher watcher;

    WatchNotices(RepoManager repos, RepoWatcher watcher) {
        this.repos = repos;
        this.watcher = watcher;
    }

    @Override
    public List<String> notices(Optional<String> repo) {
        return repos.notices(repo);
    }

    @Override
    public Map<String, Freshness> freshness(Collection<String> names) {
        return watcher.freshness(names);
    }

    @Override
    public StalePolicy stalePolicy() {
        return watcher.options().stale();
    }
}
