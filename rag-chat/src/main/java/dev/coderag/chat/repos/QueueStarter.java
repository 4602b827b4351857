package dev.coderag.chat.repos;

import dev.coderag.chat.ChatException;
import dev.coderag.store.RepoCatalog;
import dev.coderag.store.RepoInfo;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts a refresh on the server's job queue ({@link RepoManager#enqueue}) with the indexer's {@link
 * Indexer#refreshTarget}, and says how it went in {@link RefreshQueue}'s words: a repository already indexing waits
 * (its follow-up), one only queued is covered, a full queue waits; anything else fails with its reason kept for
 * {@link RepoWatcher#refresh}.
 */
final class QueueStarter implements RefreshQueue.Starter {
    private static final Logger LOG = LoggerFactory.getLogger(QueueStarter.class);

    private final RepoCatalog catalog;
    private final Indexer indexer;
    private final RepoManager manager;
    private final Map<String, ChatException> failures;
    private final Map<String, Instant> fetched;

    QueueStarter(
            RepoCatalog catalog,
            Indexer indexer,
            RepoManager manager,
            Map<String, ChatException> failures,
            Map<String, Instant> fetched) {
        this.catalog = catalog;
        this.indexer = indexer;
        this.manager = manager;
        this.failures = failures;
        this.fetched = fetched;
    }

    @Override
    public RefreshQueue.Outcome start(String repo) {
        Optional<RepoInfo> info = catalog.get(repo);
        if (info.isEmpty()) {
            return RefreshQueue.Outcome.FAILED; // removed meanwhile
        }
        Indexer.Target target;
        try {
            target = indexer.refreshTarget(info.get());
        } catch (ChatException e) {
            return failed(repo, e);
        }
        try {
            manager.enqueue(target);
        } catch (ChatException e) {
            return switch (e.reason()) {
                case CONFLICT ->
                    manager.get(repo).filter(s -> s.status() == RepoState.NEW).isPresent()
                            ? RefreshQueue.Outcome.QUEUED
                            : RefreshQueue.Outcome.WAIT;
                case BUSY -> RefreshQueue.Outcome.WAIT;
                case EMPTY_QUERY,
                        QUERY_TOO_LONG,
                        BAD_REQUEST,
                        NO_DATA,
                        NOT_FOUND,
                        FORBIDDEN,
                        LLM_UNAVAILABLE,
                        INDEXING_FAILED -> failed(repo, e);
            };
        }
        failures.remove(repo);
        if (indexer.isGitUrl(info.get().source())) {
            fetched.put(repo, Instant.now());
        }
        LOG.info("refreshing {}", repo);
        return RefreshQueue.Outcome.STARTED;
    }

    private RefreshQueue.Outcome failed(String repo, ChatException e) {
        LOG.warn("cannot refresh {}: {}", repo, e.getMessage());
        failures.put(repo, e);
        return RefreshQueue.Outcome.FAILED;
    }
}
