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
import dev.coderag.store.Embedder;
import dev.coderag.store.VectorStore;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * The chat server's {@link Indexer}, backed by the real ingester: the one place where the web side meets ingest
 * (the composition root wires it, so rag-chat never depends on raptor-ingest). Requests from the network never
 * clone {@code file://} URLs (a client could read any local repository that way). Thread-safe.
 */
public final class IngesterIndexer implements Indexer {
    private static final Pattern URL_LIKE = Pattern.compile("^(https?|ssh|git)://.+|^[\\w.-]+@[\\w.-]+:.+");
    private static final Pattern VALID_NAME = Pattern.compile("^[A-Za-z0-9][A-Za-z0-9._\\-]{0,99}$");

    private final Ingester ingester;
    private final IngestOptions options;

    public IngesterIndexer(VectorStore store, Embedder embedder) {
        IngestOptions defaults = IngestOptions.defaults(store.directory());
        this.options = new IngestOptions(
                defaults.full(),
                defaults.dryRun(),
                defaults.maxFileBytes(),
                defaults.plainText(),
                false,
                defaults.cloneDir());
        this.ingester = Ingester.create(store, embedder, options);
    }

    @Override
    public Target resolve(Optional<String> path, Optional<String> url, Optional<String> name) {
        String source;
        String derived;
        if (path.isPresent()) {
            String raw = path.get().strip();
            if (raw.isEmpty()) {
                throw new ChatException(ChatException.Reason.BAD_REQUEST, "\"path\" must not be empty");
            }
            if (raw.equals("~") || raw.startsWith("~/")) {
                raw = System.getProperty("user.home") + raw.substring(1);
            }
            Path dir;
            try {
                dir = Path.of(raw).toAbsolutePath().normalize();
            } catch (InvalidPathException e) {
                throw new ChatException(ChatException.Reason.BAD_REQUEST, "not a valid path");
            }
            if (!Files.isDirectory(dir)) {
                throw new ChatException(
                        ChatException.Reason.BAD_REQUEST,
                        "no such directory on the server: " + ChatService.abbreviate(raw));
            }
            source = dir.toString();
            Path file = dir.getFileName();
            derived = file == null ? "" : file.toString();
        } else {
            source = url.orElse("").strip();
            if (source.startsWith("-") || !URL_LIKE.matcher(source).matches()) {
                throw new ChatException(
                        ChatException.Reason.BAD_REQUEST,
                        "\"url\" must be a git URL (https://…, ssh://… or git@host:owner/repo)");
            }
            derived = urlName(source);
        }
        Optional<String> explicit = name.map(String::strip).filter(n -> !n.isEmpty());
        String repoName = explicit.orElse(sanitize(derived));
        if (!VALID_NAME.matcher(repoName).matches()) {
            throw new ChatException(
                    ChatException.Reason.BAD_REQUEST,
                    "invalid repository name (letters, digits, '.', '_', '-'; up to 100): "
                            + ChatService.abbreviate(repoName));
        }
        return new Target(repoName, source, explicit);
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
                    case "scan" -> 0.02;
                    case "parse" -> 0.05 + 0.30 * ratio(p.filesDone(), p.filesTotal());
                    case "embed" -> 0.35 + 0.60 * ratio(p.chunksDone(), p.chunksTotal());
                    case "write" -> 0.96;
                    case "done" -> 1.0;
                    default -> 0.0;
                };
        return new RepoStatus.Progress(
                p.phase(), p.filesDone(), p.filesTotal(), p.chunksDone(), p.chunksTotal(), (int) Math.round(f * 100));
    }

    private static double ratio(int done, int total) {
        return total <= 0 ? 0 : Math.min(1, (double) done / total);
    }

    static String urlName(String url) {
        String path = url;
        int scp = url.indexOf(':');
        if (url.contains("://")) {
            try {
                path = URI.create(url).getPath();
            } catch (IllegalArgumentException e) {
                path = url;
            }
        } else if (scp > 0) {
            path = url.substring(scp + 1);
        }
        if (path == null) {
            path = "";
        }
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        String last = path.substring(path.lastIndexOf('/') + 1);
        return last.endsWith(".git") ? last.substring(0, last.length() - 4) : last;
    }

    static String sanitize(String raw) {
        String name = raw.replaceAll("[^A-Za-z0-9._\\-]", "-").replaceAll("^[._\\-]+", "");
        return name.length() > 100 ? name.substring(0, 100) : name;
    }
}
