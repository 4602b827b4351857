package dev.coderag.cli;

import dev.coderag.chat.ApiContract;
import dev.coderag.chat.ChatException;
import dev.coderag.chat.repos.Indexer;
import dev.coderag.chat.repos.RepoStatus;
import dev.coderag.embed.Embedder;
import dev.coderag.ingest.GitPolicy;
import dev.coderag.ingest.IngestException;
import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.IngestSummary;
import dev.coderag.ingest.Ingester;
import dev.coderag.ingest.RepoSources;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.Store;
import dev.coderag.store.StoreException;
import dev.coderag.types.Texts;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The chat server's {@link Indexer}, backed by the real ingester: the one place where the web side meets ingest
 * (the composition root wires it, so rag-chat never depends on raptor-ingest). Every request it sees comes from
 * the network, so it is stricter than the command line:
 *
 * <ul>
 *   <li>a local path must lie under one of the allowed roots after symlinks are resolved (403 otherwise — even
 *       for a path that does not exist, so the API tells nothing about the rest of the disk);
 *   <li>git URLs are cloned under {@link GitPolicy#network()} (isolated from the server user's git config and
 *       credentials, https only by default, no loopback or private hosts unless allowed, time, size and file
 *       caps), over {@code file://} only when the policy's
 *       protocols include {@code file} (the operator's {@code --allow-git-protocol file});
 *   <li>a name already in the store from another source is a conflict unless the request says {@code replace}
 *       (the command line's {@code --name} replaces silently; the network must ask).
 * </ul>
 *
 * The operator's own sources ({@code ./rag up PATH|URL}, {@code serve --ingest}) are the exception: {@link
 * #local} checks them as {@code ./rag ingest} does and they are ingested with its rules (the user's git, no roots,
 * the source's own name), reporting the summary or the failure on the console.
 *
 * <p>Thread-safe.
 */
public final class IngesterIndexer implements Indexer {
    private final Store store;
    private final StoredNames names;
    private final Ingester ingester;
    private final IngestOptions options;
    private final List<Path> allowedRoots;
    /** The command line's ingester, for {@link #local} targets. */
    private final Ingester localIngester;
    /** The repositories named on the command line ({@link #local}), by name, with where they report. */
    private final Map<String, Console> locals = new ConcurrentHashMap<>();
    /** Where refreshes of other repositories the store holds report. */
    private final Console fallback = new Console(System.out, System.err);
    /** Held while an ingest runs ({@link #stopAndWait}). */
    private final ReentrantLock busy = new ReentrantLock();

    private record Console(PrintStream out, PrintStream err) {}

    /**
     * @param allowedRoots the directories under which a network request may name a local path (each must
     *     exist; empty = no local paths at all)
     * @param git what clones may use ({@link GitPolicy#network()} or a variant of it)
     * @throws IllegalArgumentException when a root does not exist
     */
    public IngesterIndexer(Store store, Embedder embedder, List<Path> allowedRoots, GitPolicy git) {
        this.store = store;
        this.names = new StoredNames(store);
        this.allowedRoots = allowedRoots.stream().map(IngesterIndexer::realRoot).toList();
        // file:// only when the operator allowed that transport (--allow-git-protocol file): local mirrors
        this.options = IngestOptions.defaults(store.directory())
                .withAllowFileUrls(git.protocols().contains("file"))
                .withGit(git)
                .withLocalRoots(this.allowedRoots); // checked again on the real path when the ingest runs
        this.ingester = Ingester.create(store, embedder, options);
        this.localIngester = Ingester.create(store, embedder, IngestOptions.defaults(store.directory()));
    }

    /**
     * A source the operator named on the command line, checked as {@code ./rag ingest} checks it (before any
     * model loads): {@link #index} ingests it as {@code ./rag ingest SOURCE} would, then prints the summary to
     * {@code out}, or one line to {@code err} when it fails.
     *
     * @throws IngestException BAD_SOURCE for a path that is not a readable directory, a refused URL, a source
     *     without a name
     */
    public Target local(String source, PrintStream out, PrintStream err) {
        IngestOptions cli = IngestOptions.defaults(store.directory());
        IngestRequest request = new IngestRequest(source, Optional.empty(), Optional.empty());
        Ingester.check(request, cli);
        String resolved;
        Optional<String> name;
        if (RepoSources.isGitUrl(source)) {
            resolved = source;
            name = RepoSources.defaultName(source);
        } else {
            try {
                Path dir = Path.of(source).toRealPath();
                resolved = dir.toString();
                name = RepoSources.defaultName(dir);
            } catch (IOException e) {
                throw new IngestException(
                        IngestException.Reason.BAD_SOURCE, "cannot read " + RepoSources.redact(source), e);
            }
        }
        Target target =
                new Target(name.orElseThrow(), resolved, RepoSources.redact(resolved), Optional.empty(), false, true);
        locals.put(target.name(), new Console(out, err));
        return target;
    }

    /**
     * Asks a running ingest to stop at its next batch boundary (what is committed stays; the repository is left
     * {@code partial}) and waits at most {@code timeout} for it to end. For shutdown; later ingests stop at once.
     *
     * @return whether no ingest is running any more
     */
    public boolean stopAndWait(Duration timeout) {
        ingester.requestStop();
        localIngester.requestStop();
        try {
            if (busy.tryLock(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                busy.unlock();
                return true;
            }
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** With {@link GitPolicy#network()}. */
    public IngesterIndexer(Store store, Embedder embedder, List<Path> allowedRoots) {
        this(store, embedder, allowedRoots, GitPolicy.network());
    }

    /**
     * The roots a server allows when the operator named none: the user's home directory when the server
     * is this user's own (loopback, no proxy name, the token file's token or none) and it exists, nothing otherwise.
     *
     * @param asked the operator's {@code --allow-path} roots; returned as they are when not empty
     */
    static List<Path> defaultRoots(List<Path> asked, boolean homeByDefault, Path home) {
        if (!asked.isEmpty()) {
            return List.copyOf(asked);
        }
        return homeByDefault && Files.isDirectory(home) ? List.of(home) : List.of();
    }

    /** The roots this indexer allows (real paths). */
    public List<Path> allowedRoots() {
        return allowedRoots;
    }

    private static Path realRoot(Path root) {
        try {
            return root.toAbsolutePath().toRealPath();
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("allowed path " + root + " does not exist or cannot be read", e);
        }
    }

    @Override
    public Target resolve(
            Optional<String> path,
            Optional<String> url,
            Optional<String> name,
            Optional<String> branch,
            boolean replace) {
        Optional<String> explicit = name.map(String::strip).filter(n -> !n.isEmpty());
        Optional<String> asked = branch.map(String::strip).filter(b -> !b.isEmpty());
        if (asked.isPresent() && path.isPresent()) {
            throw new ChatException(
                    ChatException.Reason.BAD_REQUEST,
                    "\"branch\" applies to git URLs only; check out the branch instead");
        }
        String source;
        Optional<String> derived;
        if (path.isPresent()) {
            Path dir = directory(path.get());
            source = dir.toString();
            derived = RepoSources.defaultName(dir);
        } else {
            source = url.orElse("").strip();
            if (source.startsWith("-") || !RepoSources.isGitUrl(source)) {
                throw new ChatException(
                        ChatException.Reason.BAD_REQUEST,
                        "\"url\" must be a git URL (https://…, ssh://… or git@host:owner/repo)");
            }
            derived = RepoSources.defaultName(source);
        }
        String repoName = explicit.or(() -> derived).orElse("");
        if (!RepoSources.isValidName(repoName) && !names.isOverlay(repoName)) {
            throw new ChatException(
                    ChatException.Reason.BAD_REQUEST,
                    "invalid repository name (letters, digits, '.', '_', '-'; up to 100): "
                            + ApiContract.abbreviate(repoName));
        }
        try {
            // the ingester's own checks (refused transports and hosts, file:// from the network), without cloning
            Ingester.check(new IngestRequest(source, explicit, asked), options);
        } catch (IngestException e) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, e.getMessage(), e);
        }
        String shown = RepoSources.redact(source);
        Target target = new Target(names.routed(repoName, shown, asked), source, shown, asked, replace);
        names.checkNotTaken(target);
        return target;
    }

    @Override
    public boolean isGitUrl(String source) {
        return RepoSources.isGitUrl(source);
    }

    /**
     * A directory on this machine under an allowed root, for the API: {@code ~} is the server user's home.
     * The root check comes first and uses the real path (symlinks resolved) of the longest existing part.
     */
    private Path directory(String raw) {
        String path = raw.strip();
        if (path.isEmpty()) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "\"path\" must not be empty");
        }
        if (path.equals("~") || path.startsWith("~/")) {
            path = System.getProperty("user.home") + path.substring(1);
        }
        Path dir;
        try {
            dir = Path.of(path).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "not a valid path");
        }
        dir = real(dir);
        Path inside = dir;
        if (allowedRoots.stream().noneMatch(inside::startsWith)) {
            throw new ChatException(
                    ChatException.Reason.FORBIDDEN,
                    allowedRoots.isEmpty()
                            ? "this server indexes no local paths for network requests (start it with --allow-path DIR)"
                            : "path is outside the directories this server indexes (--allow-path)");
        }
        if (!Files.isDirectory(dir)) {
            throw new ChatException(
                    ChatException.Reason.BAD_REQUEST,
                    "no such directory on the server: " + ApiContract.abbreviate(raw));
        }
        return dir;
    }

    /** {@code path} with the longest existing ancestor replaced by its real path (symlinks resolved). */
    private static Path real(Path path) {
        Path existing = path;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return path;
        }
        try {
            return existing.toRealPath().resolve(existing.relativize(path));
        } catch (IOException e) {
            return path;
        }
    }

    /**
     * A refresh is the operator's ({@link Target#own()}: the command line's rules) for a directory the store holds —
     * a watched directory is read again, nothing the store does not already record — and for a git URL named on the
     * command line; a git URL added from the network is fetched again under the network's rules, and so is a
     * directory whose path now leads elsewhere (a link swapped in since it was added: its real path is checked
     * against the allowed roots again).
     */
    @Override
    public Target refreshTarget(RepoInfo info) {
        boolean url = RepoSources.isGitUrl(info.source());
        if (!locals.containsKey(info.name()) && (url || !RepoSources.isSameDirectory(info.source()))) {
            return Indexer.super.refreshTarget(info); // the network's rules: a moved directory's roots are checked
        }
        Optional<String> branch = Optional.of(info.branch()).filter(b -> url && !b.isEmpty());
        return new Target(info.name(), info.source(), RepoSources.redact(info.source()), branch, false, true);
    }

    @Override
    public Optional<String> headCommit(Path dir) {
        return RepoSources.headCommit(dir, HEAD_TIMEOUT);
    }

    /** The longest each git command of {@link #headCommit} may run. */
    private static final Duration HEAD_TIMEOUT = Duration.ofSeconds(10);

    @Override
    public void index(Target target, Consumer<RepoStatus.Progress> progress, BooleanSupplier stop) {
        busy.lock();
        try {
            if (target.own()) {
                indexLocal(target, locals.getOrDefault(target.name(), fallback), progress, stop);
            } else {
                indexRemote(target, progress, stop);
            }
        } finally {
            busy.unlock();
        }
    }

    private void indexLocal(
            Target target, Console console, Consumer<RepoStatus.Progress> progress, BooleanSupplier stop) {
        try {
            // a command-line source by its own name, as ./rag ingest names it; a refresh by the name the store holds
            Optional<String> name = locals.containsKey(target.name()) ? Optional.empty() : Optional.of(target.name());
            IngestSummary summary = localIngester.ingest(
                    List.of(new IngestRequest(target.source(), name, target.branch())),
                    p -> progress.accept(IndexProgress.of(p)),
                    stop);
            console.out().print(Reports.ingestHuman(summary, false));
            console.out().flush();
        } catch (IngestException e) {
            if (e.reason() == IngestException.Reason.STOPPED) {
                console.err().println(CliSupport.describe(e));
            } else {
                console.err()
                        .println("error: indexing " + Texts.forLog(target.shownSource()) + " failed: "
                                + Texts.forLog(CliSupport.describe(e))
                                + " (the server keeps serving what is committed)");
            }
            throw new ChatException(ChatException.Reason.INDEXING_FAILED, e.getMessage(), e);
        } catch (StoreException e) {
            console.err()
                    .println("error: indexing " + Texts.forLog(target.shownSource()) + " failed: "
                            + Texts.forLog(CliSupport.describe(e))
                            + " (the server keeps serving what is committed)");
            throw new ChatException(ChatException.Reason.INDEXING_FAILED, e.getMessage(), e);
        }
    }

    private void indexRemote(Target target, Consumer<RepoStatus.Progress> progress, BooleanSupplier stop) {
        names.checkNotTaken(target); // again: another source may have taken the name while this one was queued
        try {
            // the name is always passed: checkNotTaken above decided whether another source may be replaced
            ingester.ingest(
                    List.of(new IngestRequest(target.source(), Optional.of(target.name()), target.branch())),
                    p -> progress.accept(IndexProgress.of(p)),
                    stop);
        } catch (IngestException e) {
            throw new ChatException(ChatException.Reason.INDEXING_FAILED, e.getMessage(), e);
        }
    }

    @Override
    public Path checkout(String repo) {
        return options.cloneDir().resolve(repo);
    }

    @Override
    public boolean remove(String repo) {
        try {
            return Ingester.remove(store, options, repo);
        } catch (IngestException e) {
            throw new ChatException(
                    switch (e.reason()) {
                        case BAD_SOURCE -> ChatException.Reason.BAD_REQUEST;
                        case LOCKED -> ChatException.Reason.BUSY;
                        case CLONE_FAILED, MODEL_MISMATCH, IO, STOPPED -> ChatException.Reason.INDEXING_FAILED;
                    },
                    e.getMessage(),
                    e);
        }
    }
}
