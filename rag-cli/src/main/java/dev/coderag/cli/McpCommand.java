package dev.coderag.cli;

import dev.coderag.chat.ChatOptions;
import dev.coderag.chat.ChatService;
import dev.coderag.chat.mcp.CodeTools;
import dev.coderag.chat.mcp.CoderagMcp;
import dev.coderag.chat.repos.RepoManager;
import dev.coderag.chat.repos.SourceFiles;
import dev.coderag.embed.Embedder;
import dev.coderag.ingest.GitPolicy;
import dev.coderag.store.Store;
import dev.coderag.store.StoreLocation;
import io.modelcontextprotocol.server.McpSyncServer;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code mcp}: the MCP server over stdio, for coding agents that start a process (Claude Code, Cursor, VS Code,
 * Codex, …). It reads newline-delimited JSON-RPC on stdin and writes only protocol messages on stdout: before the
 * model loads, {@code System.out} is pointed at stderr, so a library's stray print or log line can never corrupt
 * the protocol stream. The model loads once; the server ends when stdin ends (the agent closed it) or on SIGTERM.
 */
@Command(
        name = "mcp",
        mixinStandardHelpOptions = true,
        description = {
            "Serve the Model Context Protocol over stdio (newline-delimited JSON-RPC on stdin/stdout) for coding"
                    + " agents: tools search_code, ask, find_symbol, find_references, read_file, list_repos,"
                    + " index_status (and reindex with --allow-writes). Logs go to stderr; stdout carries only"
                    + " protocol messages. Ends when stdin closes.",
            "",
            "Claude Code:  claude mcp add coderag -- /path/to/coderag/rag mcp --db /path/to/.rag",
            "Over HTTP instead: ./rag serve, then the agent's URL is http://127.0.0.1:3000/mcp (docs/MCP.md)."
        })
final class McpCommand implements Callable<Integer> {
    @CommandLine.ParentCommand
    ChatCli parent;

    @Mixin
    ChatCli.Common common = new ChatCli.Common();

    /** What a {@code reindex} of a git URL may use: the network's rules, as on {@code serve}. */
    @Mixin
    GitOptions git = new GitOptions();

    @Option(
            names = "--allow-writes",
            description = "Offer the tool reindex, which re-indexes a repository from the source it was indexed"
                    + " from (env RAG_ALLOW_WRITES=true; default: read-only tools only).")
    boolean allowWrites;

    @Option(
            names = "--viewer-url",
            paramLabel = "URL",
            defaultValue = "http://127.0.0.1:3000/",
            description = "The ./rag serve whose code viewer results link to (env RAG_VIEWER_URL; default:"
                    + " ${DEFAULT-VALUE}; 'none' for no links).")
    String viewerUrl;

    @Override
    public Integer call() throws InterruptedException {
        Optional<String> viewer = viewer(viewerUrl);
        boolean writes = allowWrites || "true".equalsIgnoreCase(parent.env("RAG_ALLOW_WRITES"));
        ChatOptions chat = ChatOptions.defaults().withLlm(parent.llmConfig(common));
        GitPolicy gitPolicy = git.policy(); // a bad --git-ssh-key fails here, before the model loads
        StoreLocation location = parent.location(common);
        // From here on stdout is the protocol's alone: whatever prints to System.out lands on stderr.
        OutputStream protocol = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out));
        PrintStream stdout = System.out;
        System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true));
        Embedder embedder = parent.openEmbedder(common, location);
        Store store;
        try {
            store = Store.open(location, embedder.modelId(), embedder.dimension());
        } catch (RuntimeException e) {
            embedder.close();
            throw e;
        }
        ChatService service = ChatService.create(store, embedder, chat);
        IngesterIndexer indexer = new IngesterIndexer(store, embedder, List.of(Path.of("/")), gitPolicy);
        RepoManager repos = new RepoManager(store, indexer);
        CodeTools tools = new CodeTools(
                service,
                repos,
                new SourceFiles(store, indexer::checkout),
                CodeTools.AnswerGate.DIRECT,
                Optional.of(embedder),
                () -> viewer);
        CountDownLatch inputEnded = new CountDownLatch(1);
        McpSyncServer server = CoderagMcp.stdio(tools, writes, new EndAware(System.in, inputEnded), protocol);
        Thread hook = new Thread(
                () -> {
                    server.close();
                    repos.close();
                    store.close();
                    embedder.close();
                },
                "rag-mcp-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        parent.err.println("coderag MCP server on stdio (store " + location.describe() + ", model " + embedder.modelId()
                + (writes ? ", reindex allowed" : ", read-only") + "); it ends when stdin closes");
        inputEnded.await();
        server.closeGracefully();
        System.setOut(stdout);
        return 0; // Main exits; the shutdown hook closes the server, the store and the model
    }

    private static Optional<String> viewer(String url) {
        String u = url == null ? "" : url.strip();
        if (u.isEmpty() || u.equalsIgnoreCase("none")) {
            return Optional.empty();
        }
        if (!u.startsWith("http://") && !u.startsWith("https://")) {
            throw new UsageException("--viewer-url must start with http:// or https:// (or be 'none')");
        }
        return Optional.of(u);
    }

    /** Stdin that says when it ended (end of file or a read error): the agent is gone. */
    private static final class EndAware extends FilterInputStream {
        private final CountDownLatch ended;

        EndAware(InputStream in, CountDownLatch ended) {
            super(in == null ? new FileInputStream(FileDescriptor.in) : in);
            this.ended = ended;
        }

        @Override
        public int read() throws IOException {
            return check(() -> super.read());
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return check(() -> super.read(b, off, len));
        }

        private interface Read {
            int run() throws IOException;
        }

        private int check(Read read) throws IOException {
            try {
                int n = read.run();
                if (n < 0) {
                    ended.countDown();
                }
                return n;
            } catch (IOException e) {
                ended.countDown();
                throw e;
            }
        }
    }
}
