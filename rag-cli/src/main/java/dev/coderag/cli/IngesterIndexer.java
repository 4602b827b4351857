package dev.coderag.cli;

import dev.coderag.chat.ChatException;
import dev.coderag.chat.ChatService;
import dev.coderag.chat.repos.Indexer;
import dev.coderag.chat.repos.RepoStatus;
import dev.coderag.ingest.IngestException;
import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.Ingester;
import dev.coderag.ingest.ProgressListener.IngestProgress;
import dev.coderag.ingest.RepoSources;
import dev.coderag.store.Embedder;
import dev.coderag.store.Store;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The chat server's {@link Indexer}, backed by the real ingester: the one place where the web side meets ingest
 * (the composition root wires it, so rag-chat never depends on raptor-ingest). Requests from the network never
 * clone {@code file://} URLs (a client could read any local repository that way). Thread-safe.
 */
public final class IngesterIndexer implements Indexer {
    private final Ingester ingester;
    private final IngestOptions options;

    public IngesterIndexer(Store store, Embedder embedder) {
        this.options = IngestOptions.defaults(store.directory()).withAllowFileUrls(false);
        this.ingester = Ingester.create(store, embedder, options);
    }

    @Override
    public Target resolve(Optional<String> path, Optional<String> url, Optional<String> name) {
        Optional<String> explicit = name.map(String::strip).filter(n -> !n.isEmpty());
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
        if (!RepoSources.isValidName(repoName)) {
            throw new ChatException(
                    ChatException.Reason.BAD_REQUEST,
                    "invalid repository name (letters, digits, '.', '_', '-'; up to 100): "
                            + ChatService.abbreviate(repoName));
        }
        try {
            // the ingester's own checks (refused transports, file:// from the network), without cloning
            Ingester.check(new IngestRequest(source, explicit, Optional.empty()), options);
        } catch (IngestException e) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, e.getMessage(), e);
        }
        return new Target(repoName, source, explicit);
    }

    @Override
    public boolean isGitUrl(String source) {
        return RepoSources.isGitUrl(source);
    }

    /** A directory on this machine, for the API: {@code ~} is the server user's home. */
    private static Path directory(String raw) {
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
        if (!Files.isDirectory(dir)) {
            throw new ChatException(
                    ChatException.Reason.BAD_REQUEST,
                    "no such directory on the server: " + ChatService.abbreviate(raw));
        }
        return dir;
    }

    @Override
    public void index(Target target, Consumer<RepoStatus.Progress> progress) {
        try {
            ingester.ingest(
                    List.of(new IngestRequest(target.source(), target.explicitName(), Optional.empty())),
                    p -> progress.accept(progress(p)));
        } catch (IngestException e) {
            throw new ChatException(ChatException.Reason.INDEXING_FAILED, e.getMessage(), e);
        }
    }

    @Override
    public Path checkout(String repo) {
        return options.cloneDir().resolve(repo);
    }

    /** Rough overall progress: scan 0–5 %, parse 5–35 %, embed 35–95 %, write 95–100 %. */
    static RepoStatus.Progress progress(IngestProgress p) {
        double f =
                switch (p.phase()) {
                    case SCAN -> 0.02;
                    case PARSE -> 0.05 + 0.30 * ratio(p.filesDone(), p.filesTotal());
                    case EMBED -> 0.35 + 0.60 * ratio(p.chunksDone(), p.chunksTotal());
                    case WRITE -> 0.96;
                    case DONE -> 1.0;
                };
        return new RepoStatus.Progress(
                p.phase().wireName(), p.filesDone(), p.filesTotal(), p.chunksDone(), p.chunksTotal(), (int)
                        Math.round(f * 100));
    }

    private static double ratio(int done, int total) {
        return total <= 0 ? 0 : Math.min(1, (double) done / total);
    }
}
