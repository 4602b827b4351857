package dev.coderag.chat.repos;

import dev.coderag.store.RepoInfo;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * How the chat server gets repositories indexed. The chat module owns this interface and never sees the
 * ingester: the composition root ({@code rag-cli}) supplies an implementation backed by it, so dependencies
 * point one way (chat does not depend on ingest).
 *
 * <p>Thread-safety: {@link #resolve} may be called from any request thread; {@link #index} is called from one
 * background thread at a time (the store has one writer).
 */
public interface Indexer {

    /**
     * Checks a request of {@code POST /api/repos} (a request from the network) and says what would be indexed,
     * without indexing.
     *
     * @param path a directory on the server, or empty
     * @param url a git URL, or empty (exactly one of path and url is present)
     * @param name the repository name asked for, or empty for the source's default name
     * @param branch for a git URL, the branch to clone, or empty for the remote's default (or the branch an
     *     earlier clone of the same URL was made from)
     * @param replace whether the client asked to replace a repository of that name indexed from another
     *     source; without it such a request is a conflict (re-indexing the same source is always allowed)
     * @throws dev.coderag.chat.ChatException BAD_REQUEST with a one-line reason for an invalid source, name or
     *     branch (or a branch with a local path);
     *     FORBIDDEN for a local path this server does not index for the network; CONFLICT when the name is
     *     taken by another source and {@code replace} is false
     */
    Target resolve(
            Optional<String> path,
            Optional<String> url,
            Optional<String> name,
            Optional<String> branch,
            boolean replace);

    /**
     * Whether {@code source} (one field that may hold either) names a git URL rather than a directory, by the
     * ingester's rule, so the web form and the command line agree on what a URL is.
     *
     * @param source any text; never null
     */
    boolean isGitUrl(String source);

    /**
     * Indexes {@code target}, blocking until it is committed or stopped.
     *
     * @param progress receives progress reports on the calling thread
     * @param stop asked on the calling thread while it works (between files while they are listed, at every
     *     commit boundary): once it says true, the ingest stops keeping what it committed and fails with
     *     INDEXING_FAILED — the repository was removed meanwhile, or the job ran past its limit
     * @throws dev.coderag.chat.ChatException INDEXING_FAILED with a one-line reason when the ingest fails;
     *     CONFLICT when, since {@link #resolve}, the name was taken by another source (and the target does not
     *     replace)
     */
    void index(Target target, Consumer<RepoStatus.Progress> progress, BooleanSupplier stop);

    /**
     * The target that indexes a repository of the store again from its recorded source and branch, for the server's
     * own refresh ({@link RepoWatcher}: a watched directory changed, a git URL's schedule came, or {@code POST
     * /api/repos/{name}/refresh}). By default as a new network request would ({@link #resolve}); an implementation
     * may index what the operator indexed by the operator's rules, since it reads nothing the store does not already
     * record.
     *
     * @throws dev.coderag.chat.ChatException as {@link #resolve}
     */
    default Target refreshTarget(RepoInfo info) {
        boolean url = isGitUrl(info.source());
        return resolve(
                url ? Optional.empty() : Optional.of(info.source()),
                url ? Optional.of(info.source()) : Optional.empty(),
                Optional.of(info.name()),
                Optional.of(info.branch()).filter(b -> url && !b.isEmpty()),
                false);
    }

    /**
     * HEAD of the git work tree whose top is {@code dir}, as the ingester records a commit (with {@code -dirty} when
     * tracked files differ from it); empty when {@code dir} is not a work tree's top, git is missing, or it did not
     * answer within its time limit. Empty by default.
     */
    default Optional<String> headCommit(Path dir) {
        return Optional.empty();
    }

    /** The directory holding the files of {@code repo} when it was indexed from a git URL (its clone). */
    Path checkout(String repo);

    /**
     * Removes {@code repo} from the store (chunks, vectors, lexical entries, call edges, file index, skipped
     * files, record) and deletes its clone; blocks until done. Called from a background thread, never while
     * {@link #index} runs.
     *
     * @return whether there was anything to remove
     * @throws dev.coderag.chat.ChatException BAD_REQUEST for an invalid name, INDEXING_FAILED when the store
     *     could not be written
     */
    boolean remove(String repo);

    /**
     * A checked request.
     *
     * @param name the repository name in the store
     * @param source the absolute directory or the git URL, as the ingester takes it (a URL may hold
     *     credentials: never show or log it)
     * @param shownSource {@code source} as it may be shown and logged (credentials redacted)
     * @param branch the branch asked for (git URLs only), or empty
     * @param replace whether the target may replace a repository of that name from another source
     * @param own whether it is the operator's (a source on the command line, or a refresh of what the store holds):
     *     indexed by the command line's rules rather than the network's
     */
    record Target(
            String name, String source, String shownSource, Optional<String> branch, boolean replace, boolean own) {
        /** A network request's target. */
        public Target(String name, String source, String shownSource, Optional<String> branch, boolean replace) {
            this(name, source, shownSource, branch, replace, false);
        }

        @Override
        public String toString() {
            return "Target[" + name + ", " + shownSource
                    + branch.map(b -> ", branch " + b).orElse("") + (replace ? ", replace" : "") + (own ? ", own" : "")
                    + "]";
        }
    }
}
