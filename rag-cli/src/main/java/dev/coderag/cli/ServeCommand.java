package dev.coderag.cli;

import dev.coderag.chat.ChatOptions;
import dev.coderag.chat.http.ChatServer;
import dev.coderag.chat.http.ServerOptions;
import dev.coderag.chat.repos.RepoStatus;
import dev.coderag.chat.web.WebUi;
import dev.coderag.embed.Embedder;
import dev.coderag.ingest.GitPolicy;
import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.Ingester;
import dev.coderag.store.Store;
import dev.coderag.store.StoreLocation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code serve}: the web chat and the JSON API over a store, until stopped. Its own file because of what a
 * server needs that {@code ask} does not: where it listens, who may talk to it (token, host names) and what the
 * network may index (allowed roots, git hosts).
 */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        description = "Serve the web chat, the JSON API (described at /openapi.json) and the MCP server for coding"
                + " agents (Streamable HTTP at /mcp) until stopped (Ctrl-C / SIGTERM).")
final class ServeCommand implements Callable<Integer> {
    @CommandLine.ParentCommand
    ChatCli parent;

    @Mixin
    ChatCli.Common common = new ChatCli.Common();

    @Option(
            names = "--host",
            paramLabel = "HOST",
            defaultValue = ServerOptions.DEFAULT_HOST,
            description = "Interface to bind (env RAG_HOST; default: ${DEFAULT-VALUE}). Any other than loopback "
                    + "(e.g. 0.0.0.0) needs --token.")
    String host;

    @Option(
            names = "--token",
            paramLabel = "SECRET",
            description = "Require this token: API clients send 'Authorization: Bearer SECRET', the page asks "
                    + "for it once (env RAG_TOKEN, preferred: a flag shows in the process list; default on loopback:"
                    + " the token in --token-file, made on first use; on any other interface a token is required).")
    String token;

    @Option(
            names = "--token-file",
            paramLabel = "FILE",
            description = "Where a loopback server without --token keeps its token: read, or made with a random one"
                    + " readable only by you (env RAG_TOKEN_FILE; default: $XDG_CONFIG_HOME/coderag/token or"
                    + " ~/.config/coderag/token). The server prints a one-time link that logs the page in; API and"
                    + " MCP clients send the file's token.")
    String tokenFile;

    @Option(
            names = "--no-token",
            description = "On loopback, require no token at all (env RAG_NO_TOKEN=true): every account on this"
                    + " machine can then use the server and read what it indexes.")
    boolean noToken;

    @Option(
            names = "--allow-host",
            paramLabel = "NAME",
            split = ",",
            description = "Also answer to this Host name (repeatable; env RAG_ALLOW_HOSTS, comma-separated). "
                    + "Loopback names and IP addresses are always allowed; any other name is refused (421) "
                    + "so that no DNS-rebinding page can reach the server.")
    List<String> allowHosts = new ArrayList<>();

    @Option(
            names = "--port",
            paramLabel = "PORT",
            defaultValue = "3000",
            description = "Port (env RAG_PORT; default: ${DEFAULT-VALUE}; 0 = any free port).")
    int port;

    @Option(
            names = "--allow-path",
            paramLabel = "DIR",
            description = "A directory under which POST /api/repos and the page may index local paths; "
                    + "repeatable, or a list separated by the path separator (':' on Unix) (env RAG_ALLOW_PATHS; "
                    + "default: your home directory on 127.0.0.1/localhost with the token file's token or --no-token and no "
                    + "--allow-host; none with a token you set or on any other interface).")
    List<String> allowPaths = new ArrayList<>();

    @Mixin
    GitOptions git = new GitOptions();

    @Option(
            names = "--job-timeout",
            paramLabel = "MINUTES",
            defaultValue = "240",
            description = "The longest an ingest asked for by POST /api/repos, the page or the MCP tool reindex may"
                    + " run (env RAG_JOB_TIMEOUT; default: ${DEFAULT-VALUE}). Past it, it stops keeping what it"
                    + " committed and the repository shows error; --ingest sources have no limit.")
    long jobTimeoutMinutes;

    @Option(
            names = "--allow-writes",
            description = "Offer the MCP tool reindex at /mcp, which re-indexes a repository from the source it was"
                    + " indexed from (env RAG_ALLOW_WRITES=true; default: read-only MCP tools only).")
    boolean allowWrites;

    @Mixin
    WatchCliOptions watch = new WatchCliOptions();

    @Option(
            names = "--ingest",
            paramLabel = "PATH|URL",
            description = "Index this repository (a local directory or a git URL, with ./rag ingest's rules) in the"
                    + " background once the server listens; repeatable. Answers use each file as soon as it is"
                    + " committed (keyword, symbol and call-graph evidence first, vectors as they are embedded) and"
                    + " say while the index is still being built. ./rag up serves this way.")
    List<String> ingest = new ArrayList<>();

    @Override
    public Integer call() throws InterruptedException {
        ChatOptions chat = ChatOptions.defaults().withLlm(parent.llmConfig(common));
        ServerOptions options = serverOptions(chat);
        // the home tree by default only for this machine's own user: loopback, no name of a proxy, and no token
        // but the token file's (an operator's own token suggests the port is forwarded to others)
        checkRoots(options.loopbackOnly()
                && options.allowedHosts().isEmpty()
                && (options.token().isEmpty() || tokenFrom != null));
        gitPolicy = git.policy(); // a typo'd key path fails here, before the model loads
        StoreLocation location = parent.location(common);
        for (String source : ingest) { // as ./rag ingest checks them, before the model loads
            Ingester.check(
                    new IngestRequest(source, Optional.empty(), Optional.empty()),
                    IngestOptions.defaults(parent.dbPath(common.db)));
        }
        Embedder embedder = parent.openEmbedder(common, location);
        Store store;
        try {
            store = Store.open(location, embedder.modelId(), embedder.dimension());
        } catch (RuntimeException e) {
            embedder.close();
            throw e;
        }
        Serving serving = start(store, embedder, options);
        parent.err.println(indexerNote);
        if (options.token().isEmpty()) {
            // the threat model's "other local accounts" (docs/SECURITY.md): loopback keeps the network out, not them
            parent.err.println("no token (--no-token): every account on this machine can use this server and read"
                    + " what it indexes");
        }
        startBackgroundWork(serving);
        CountDownLatch stopped = closeOnShutdown(serving);
        parent.out.println("coderag is serving " + serving.server().url() + "  (store " + location.describe()
                + ", model " + embedder.modelId() + ", answers: "
                + WebUi.generatorLabel(chat.llm().provider())
                + "; Ctrl-C to stop)");
        if (tokenFrom != null) {
            parent.out.println("open " + serving.server().loginUrl() + " to log the page in (the link works once;"
                    + " API and MCP clients send the token in " + tokenFrom + ")");
        }
        parent.out.flush();
        stopped.await();
        return 0;
    }

    /** The server's options from the flags and environment, checked before the model loads (fails in ms). */
    private ServerOptions serverOptions(ChatOptions chat) {
        if (port < 0 || port > 65535) {
            throw new UsageException("--port must be between 0 and 65535 (0 = any free port), not " + port);
        }
        if (jobTimeoutMinutes < 1) {
            throw new UsageException("--job-timeout must be at least 1 minute, not " + jobTimeoutMinutes);
        }
        ServerOptions options = ServerOptions.defaults()
                .withHost(host)
                .withPort(port)
                .withChat(chat)
                .withToken(Optional.ofNullable(token).filter(t -> !t.isBlank()).or(this::tokenOfFile))
                .withAllowedHosts(allowHosts)
                .withJobLimit(java.time.Duration.ofMinutes(jobTimeoutMinutes))
                .withAllowWrites(allowWrites || "true".equalsIgnoreCase(parent.env("RAG_ALLOW_WRITES")))
                .withWatch(watch.options(parent.env("RAG_WATCH")));
        try {
            options.requireTokenWhenReachable();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        return options;
    }

    /** Where the token came from when it came from {@link #tokenFile}; null otherwise. */
    private Path tokenFrom;

    /**
     * A loopback server without {@code --token} uses the token file's (Jupyter's default: other accounts on the
     * machine reach loopback too), unless {@code --no-token}. Any other interface needs an explicit token.
     */
    private Optional<String> tokenOfFile() {
        boolean none = noToken || "true".equalsIgnoreCase(parent.env("RAG_NO_TOKEN"));
        if (none || !ServerOptions.defaults().withHost(host).loopbackOnly()) {
            return Optional.empty();
        }
        Path file = tokenFile != null && !tokenFile.isBlank()
                ? Path.of(tokenFile)
                : TokenFile.defaultPath(parent.env("XDG_CONFIG_HOME"), Path.of(System.getProperty("user.home")));
        tokenFrom = file.toAbsolutePath();
        return Optional.of(TokenFile.readOrCreate(file, new java.security.SecureRandom()));
    }

    /** What runs once the server listens, and what its shutdown closes. */
    private record Serving(ChatServer server, IngesterIndexer indexer, Store store, Embedder embedder) {}

    /**
     * Starts the server on the open store and model; on failure closes both and says why in a usage error.
     */
    private Serving start(Store store, Embedder embedder, ServerOptions options) {
        try {
            IngesterIndexer indexer = networkIndexer(store, embedder);
            ChatServer server = ChatServer.start(store, embedder, indexer, options);
            return new Serving(server, indexer, store, embedder);
        } catch (IllegalArgumentException e) {
            store.close();
            embedder.close();
            throw new UsageException(e.getMessage()); // e.g. another interface than loopback without a token
        } catch (RuntimeException e) {
            store.close();
            embedder.close();
            throw new UsageException(
                    "cannot listen on " + host + ":" + port + " (" + CliSupport.oneLine(ChatCli.rootMessage(e))
                            + "); is the port in use? Try --port 0 or another port");
        }
    }

    /** Warms the indexes up and queues the {@code --ingest} sources, all in the background. */
    private void startBackgroundWork(Serving serving) {
        // Load vectors and indexes now, not on the first question (which would otherwise wait seconds at 100k).
        Thread.ofPlatform()
                .daemon()
                .name("rag-warm-up")
                .start(() -> serving.server().service().retriever().warmUp());
        for (String source : ingest) {
            RepoStatus queued =
                    serving.server().repos().enqueue(serving.indexer().local(source, parent.out, parent.err));
            parent.err.println("indexing " + queued.name() + " in the background: answers use each file once it is"
                    + " committed and say while the index is still being built");
        }
    }

    /**
     * Registers the shutdown that stops a running ingest at its batch boundary, then closes the server, store and
     * model.
     *
     * @return counted down once that shutdown is done
     */
    private static CountDownLatch closeOnShutdown(Serving serving) {
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(
                () -> {
                    try {
                        // a running ingest stops at its next batch boundary, committed, before the store closes
                        serving.indexer().stopAndWait(STOP_WAIT);
                        serving.server().close();
                        serving.store().close();
                        serving.embedder().close();
                    } finally {
                        stopped.countDown();
                    }
                },
                "rag-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        return stopped;
    }

    /** How long stopping waits for a running ingest to reach its batch boundary (a batch is ~20 s of embedding). */
    private static final java.time.Duration STOP_WAIT = java.time.Duration.ofSeconds(60);

    /** What local paths and git hosts the network may index, checked before the model loads. */
    private String indexerNote = "";

    private List<Path> roots = List.of();

    /** What the network's clones may use, from {@link #git}; checked before the model loads. */
    private GitPolicy gitPolicy = GitPolicy.network();

    /** The indexer for network requests: {@code --allow-path} roots (or the default) and the git options. */
    private IngesterIndexer networkIndexer(Store store, Embedder embedder) {
        return new IngesterIndexer(store, embedder, roots, gitPolicy);
    }

    /** Resolves the allowed roots; called before anything is opened, so a typo fails at once. */
    private void checkRoots(boolean homeByDefault) {
        List<Path> asked = new ArrayList<>();
        for (String p : allowPaths) {
            for (String one : p.split(java.util.regex.Pattern.quote(java.io.File.pathSeparator))) {
                if (!one.isBlank()) {
                    Path dir = CliSupport.path(one.strip(), "--allow-path").toAbsolutePath();
                    if (!java.nio.file.Files.isDirectory(dir)) {
                        throw new UsageException("--allow-path " + one.strip() + ": no such directory");
                    }
                    asked.add(dir);
                }
            }
        }
        roots = IngesterIndexer.defaultRoots(asked, homeByDefault, Path.of(System.getProperty("user.home")));
        indexerNote = roots.isEmpty()
                ? "local paths: none may be indexed from the network (--allow-path DIR allows some)"
                : "local paths the network may index: under "
                        + String.join(", ", roots.stream().map(Path::toString).toList());
    }
}
