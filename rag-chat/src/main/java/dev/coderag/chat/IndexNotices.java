package dev.coderag.chat;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What an answer must say about the index it was found in: one sentence per repository whose index is still
 * being built (its chunks are searchable as they are committed, their vectors join as they are embedded), so
 * that an answer given meanwhile says it may miss sources. {@link ChatService} adds them to the response's
 * warnings. Implementations are cheap (no store scan) and thread-safe.
 *
 * <p>A server that watches its repositories also says how fresh each one's index is ({@link #freshness}); an
 * answer drawing on a stale one warns or is refused ({@link #stalePolicy}).
 */
@FunctionalInterface
public interface IndexNotices {
    /** No index is ever being built (e.g. {@code ./rag ask}, which runs no ingest). */
    IndexNotices NONE = repo -> List.of();

    /**
     * @param repo the repository the question is about; empty = every repository
     * @return one plain-text sentence per repository being indexed (rendered escaped); empty when none is
     */
    List<String> notices(Optional<String> repo);

    /**
     * How fresh the indexes of {@code repos} are, for those whose freshness is known (a server's watcher); none by
     * default.
     */
    default Map<String, Freshness> freshness(Collection<String> repos) {
        return Map.of();
    }

    /** What an answer drawing on a stale repository does; {@link StalePolicy#WARN} by default. */
    default StalePolicy stalePolicy() {
        return StalePolicy.WARN;
    }
}
