package dev.coderag.chat.repos;

import java.nio.file.Path;
import java.util.Optional;
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
     * Checks a request of {@code POST /api/repos} and says what would be indexed, without indexing.
     *
     * @param path a directory on the server, or empty
     * @param url a git URL, or empty (exactly one of path and url is present)
     * @param name the repository name asked for, or empty for the source's default name
     * @throws dev.coderag.chat.ChatException BAD_REQUEST with a one-line reason for an invalid source or name
     */
    Target resolve(Optional<String> path, Optional<String> url, Optional<String> name);

    /**
     * Whether {@code source} (one field that may hold either) names a git URL rather than a directory, by the
     * ingester's rule, so the web form and the command line agree on what a URL is.
     *
     * @param source any text; never null
     */
    boolean isGitUrl(String source);

    /**
     * Indexes {@code target}, blocking until it is committed.
     *
     * @param progress receives progress reports on the calling thread
     * @throws dev.coderag.chat.ChatException INDEXING_FAILED with a one-line reason when the ingest fails
     */
    void index(Target target, Consumer<RepoStatus.Progress> progress);

    /** The directory holding the files of {@code repo} when it was indexed from a git URL (its clone). */
    Path checkout(String repo);

    /**
     * A checked request.
     *
     * @param name the repository name in the store
     * @param source the absolute directory or the git URL, as the ingester takes it
     * @param explicitName the name the client asked for, if any (the ingester then also accepts a new source
     *     for an existing name)
     */
    record Target(String name, String source, Optional<String> explicitName) {}
}
