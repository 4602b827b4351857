package dev.coderag.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.coderag.chat.ChatException;
import dev.coderag.chat.ChatOptions;
import dev.coderag.chat.ChatRequest;
import dev.coderag.chat.ChatResponse;
import dev.coderag.chat.ChatService;
import dev.coderag.chat.Source;
import dev.coderag.chat.answer.LlmProvider;
import dev.coderag.chat.http.ChatServer;
import dev.coderag.chat.llm.LlmConfig;
import dev.coderag.embed.Embedder;
import dev.coderag.embed.EmbeddingModel;
import dev.coderag.store.Store;
import dev.coderag.store.StoreLocation;
import dev.coderag.types.Texts;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The chat command line, wired by the launcher as {@code ./rag serve} and {@code ./rag ask}.
 *
 * <p>Every flag has an environment-variable fallback (flag wins). API keys come from the environment only,
 * so they never appear in a process list or shell history. Exit codes: 0 success, 1 failure (one line on
 * stderr saying why), 2 bad usage. Never a stack trace.
 */
@Command(
        name = "rag",
        mixinStandardHelpOptions = true,
        versionProvider = ChatCli.Version.class,
        description = "Ask questions about the indexed repositories: serve the web chat and API, or ask once.",
        subcommands = {ServeCommand.class, ChatCli.Ask.class, McpCommand.class},
        footer = {"", "Exit codes: 0 success, 1 failure (the reason is printed on one line), 2 bad usage."})
public final class ChatCli implements Runnable {

    final PrintStream out;
    final PrintStream err;
    private final Map<String, String> env;

    private ChatCli(PrintStream out, PrintStream err, Map<String, String> env) {
        this.out = out;
        this.err = err;
        this.env = env;
    }

    /**
     * Runs {@code serve …}, {@code ask "question" …} or {@code mcp …} (or {@code --help}); returns the exit code.
     * {@code serve} returns only after the server was stopped by SIGTERM / Ctrl-C, {@code mcp} when its stdin
     * ends.
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, out, err, System.getenv());
    }

    static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> env) {
        CliSupport.quietModelLibraries();
        ChatCli cli = new ChatCli(out, err, Map.copyOf(env));
        CommandLine cmd = CliSupport.commandLine(cli, out, err);
        cmd.setDefaultValueProvider(cli::defaultFromEnv);
        return cmd.execute(args);
    }

    @Override
    public void run() {
        throw new UsageException("name a command: serve, ask or mcp (see --help)");
    }

    // ---------------------------------------------------------------------------------------------------------
    // Options shared by both commands

    /** Flag → environment variable. Flags win; then the variable; then the default. */
    static final Map<String, String> ENV = Map.ofEntries(
            Map.entry("--db", "RAG_DB"),
            Map.entry("--store", "RAG_STORE"),
            Map.entry("--model", "RAG_MODEL"),
            Map.entry("--host", "RAG_HOST"),
            Map.entry("--port", "RAG_PORT"),
            Map.entry("--token", "RAG_TOKEN"),
            Map.entry("--token-file", "RAG_TOKEN_FILE"),
            Map.entry("--allow-host", "RAG_ALLOW_HOSTS"),
            Map.entry("--llm", "RAG_LLM"),
            Map.entry("--llm-base-url", "RAG_LLM_BASE_URL"),
            Map.entry("--llm-model", "RAG_LLM_MODEL"),
            Map.entry("--allow-path", "RAG_ALLOW_PATHS"),
            Map.entry("--allow-git-host", "RAG_ALLOW_GIT_HOSTS"),
            Map.entry("--allow-git-protocol", "RAG_ALLOW_GIT_PROTOCOLS"),
            Map.entry("--job-timeout", "RAG_JOB_TIMEOUT"),
            Map.entry("--allow-git-private", "RAG_ALLOW_GIT_PRIVATE"),
            Map.entry("--git-ssh-key", "RAG_GIT_SSH_KEY"),
            Map.entry("--git-known-hosts", "RAG_GIT_KNOWN_HOSTS"),
            Map.entry("--git-max-files", "RAG_GIT_MAX_FILES"),
            Map.entry("--watch-poll", "RAG_WATCH_POLL"),
            Map.entry("--refresh-every", "RAG_REFRESH_EVERY"),
            Map.entry("--stale", "RAG_STALE"),
            Map.entry("--viewer-url", "RAG_VIEWER_URL"));

    /** An environment variable as this command line sees it (tests pass their own), or null (also for ""). */
    String env(String name) {
        return name.isEmpty() ? null : env.get(name);
    }

    private String defaultFromEnv(ArgSpec arg) {
        if (arg instanceof OptionSpec option) {
            String var = ENV.get(option.longestName());
            if (var != null) {
                String v = env.get(var);
                if (v != null && !v.isBlank()) {
                    return v;
                }
            }
        }
        return arg.defaultValue();
    }

    static final class Common {
        @Option(
                names = "--db",
                paramLabel = "DIR",
                defaultValue = ".rag",
                description = "Store directory (env RAG_DB; default: ${DEFAULT-VALUE}).")
        String db;

        @Option(names = "--store", paramLabel = "URL", description = StoreSelection.HELP)
        String store;

        @Option(
                names = "--model",
                paramLabel = "fp32|int8",
                description = "Embedding model (env RAG_MODEL; default: the store's model, else int8).")
        String model;

        @Option(
                names = "--llm",
                paramLabel = "PROVIDER",
                defaultValue = "none",
                description = "Answer generator: none (extractive, offline), openai (any OpenAI-compatible server), "
                        + "ollama, anthropic, gemini, azure (Azure OpenAI) or mistral "
                        + "(env RAG_LLM; default: ${DEFAULT-VALUE}). Keys come from the environment only: see README.")
        String llm;

        @Option(
                names = "--llm-base-url",
                paramLabel = "URL",
                description = "The provider's API base, e.g. http://localhost:11434/v1 for an OpenAI-compatible "
                        + "Ollama; for azure the resource endpoint (env RAG_LLM_BASE_URL, then the provider's own: "
                        + "OPENAI_BASE_URL, OLLAMA_BASE_URL, ANTHROPIC_BASE_URL, GEMINI_BASE_URL, "
                        + "AZURE_OPENAI_ENDPOINT, MISTRAL_BASE_URL; default: the provider's public API, "
                        + "http://localhost:11434 for ollama).")
        String llmBaseUrl;

        @Option(
                names = "--llm-model",
                paramLabel = "NAME",
                description = "Model name; for azure the deployment (env RAG_LLM_MODEL, then OLLAMA_MODEL, "
                        + "ANTHROPIC_MODEL, GEMINI_MODEL, AZURE_OPENAI_DEPLOYMENT, MISTRAL_MODEL; default: "
                        + LlmConfig.OPENAI_DEFAULT_MODEL + " for openai, " + LlmConfig.GEMINI_DEFAULT_MODEL
                        + " for gemini, README lists the others).")
        String llmModel;

        @Option(
                names = "--no-llm-fallback",
                description = "When the LLM fails, answer HTTP 502 instead of an extractive answer with a warning "
                        + "(env RAG_LLM_FALLBACK=false).")
        boolean noFallback;
    }

    // ---------------------------------------------------------------------------------------------------------
    // ask

    @Command(
            name = "ask",
            mixinStandardHelpOptions = true,
            description = "Answer one question from the index and exit.")
    static final class Ask implements Callable<Integer> {
        @CommandLine.ParentCommand
        ChatCli parent;

        @Mixin
        Common common = new Common();

        @Parameters(index = "0", paramLabel = "QUESTION", description = "The question (quote it).")
        String question;

        @Option(names = "--repo", paramLabel = "NAME", description = "Only this repository.")
        String repo;

        @Option(
                names = "--branch",
                paramLabel = "BRANCH",
                description = "With --repo: the repository at this branch (indexed with ./rag ingest URL --branch;"
                        + " default: the branch it was indexed from).")
        String branch;

        @Option(names = "--json", description = "Print exactly the /api/chat response object as JSON.")
        boolean json;

        @Override
        public Integer call() throws Exception {
            StoreLocation location = parent.location(common);
            if (Store.storedModelId(location).isEmpty()) {
                throw new ChatException(ChatException.Reason.NO_DATA, ChatException.NO_DATA_MESSAGE);
            }
            ChatOptions chat = ChatOptions.defaults().withLlm(parent.llmConfig(common));
            long opening = System.nanoTime();
            try (Embedder embedder = parent.openEmbedder(common, location);
                    Store store = Store.open(location, embedder.modelId(), embedder.dimension())) {
                double startupMs = (System.nanoTime() - opening) / 1e6;
                ChatService service = ChatService.create(store, embedder, chat);
                Optional<String> scope = service.repoAt(Optional.ofNullable(repo), Optional.ofNullable(branch));
                ChatResponse r = service.ask(new ChatRequest(question, scope, Optional.empty()));
                if (json) {
                    ObjectMapper mapper = ChatServer.mapper().enable(SerializationFeature.INDENT_OUTPUT);
                    parent.out.println(mapper.writeValueAsString(r));
                } else {
                    r.warnings().forEach(w -> parent.err.println("warning: " + Texts.forLog(w)));
                    parent.out.println(r.answer());
                    if (!r.sources().isEmpty()) {
                        parent.out.println();
                        parent.out.println(r.refused() ? "Closest matches:" : "Sources:");
                        r.sources().forEach(s -> parent.out.println(sourceLine(s)));
                    }
                    parent.out.println();
                    parent.out.println(summary(r, startupMs));
                }
                return 0;
            }
        }
    }

    /**
     * One source of {@code ask}: {@code [1] code       repo:path:12-30  Name  (78%)}, a commit as
     * {@code [1] abc1234 2024-03-01 Ada — subject (path)}. A repository's file names, symbols and commit text are
     * printed without line breaks or terminal escapes.
     */
    static String sourceLine(Source s) {
        if (s.sha() != null) {
            return "  [" + s.n() + "] "
                    + Texts.forLog(s.sha().substring(0, Math.min(7, s.sha().length()))) + " "
                    + Texts.forLog(String.valueOf(s.date())) + " " + Texts.forLog(String.valueOf(s.author())) + " — "
                    + Texts.forLog(s.symbol()) + " (" + Texts.forLog(s.path()) + ")";
        }
        return String.format(
                "  [%d] %-10s %s:%s  %s  (%d%%)",
                s.n(), s.kind(), s.repo(), Texts.forLog(s.location()), Texts.forLog(s.symbol()), s.relevancePct());
    }

    /**
     * The last line of {@code ask}: the intent, then the question's own time — retrieval (everything before the
     * answer is written), answer (context and generation) and their total — and apart from it the model start-up
     * (opening the embedder and the store), which a server pays once:
     * {@code intent: usage (83%), retrieval 41 ms, answer 3 ms, total 45 ms (model start-up 612 ms)}.
     */
    static String summary(ChatResponse r, double startupMs) {
        Map<String, Double> t = r.trace().timingsMs();
        double total = t.getOrDefault("total", 0.0);
        double answer = t.getOrDefault("context", 0.0) + t.getOrDefault("generate", 0.0);
        return "intent: " + r.intent().name() + " (" + Math.round(r.intent().confidence() * 100) + "%), retrieval "
                + Math.round(Math.max(0, total - answer)) + " ms, answer " + Math.round(answer) + " ms, total "
                + Math.round(total) + " ms (model start-up " + Math.round(startupMs) + " ms)";
    }

    // ---------------------------------------------------------------------------------------------------------
    // Configuration helpers

    Path dbPath(String db) {
        return CliSupport.path(db, "--db").toAbsolutePath().normalize();
    }

    /** The store of the command: {@code --store} (RAG_STORE) when given, else the embedded store in {@code --db}. */
    StoreLocation location(Common common) {
        return StoreSelection.of(common.store, dbPath(common.db));
    }

    /** The model asked for, else the one the store was built with, else the default. */
    Embedder openEmbedder(Common common, StoreLocation location) {
        String asked = common.model != null && !common.model.isBlank() ? common.model : env.get("RAG_MODEL");
        Optional<String> stored = Store.storedModelId(location);
        EmbeddingModel model = CliSupport.chooseModel(asked, stored);
        if (stored.isPresent() && !stored.get().equals(model.modelId())) {
            throw new UsageException(
                    "the store in " + location.describe() + " was built with " + stored.get() + ", not "
                            + model.modelId() + "; use --model "
                            + CliSupport.modelOption(stored.get())
                            + " or re-ingest with --full");
        }
        return Embedder.openTwoTier(model);
    }

    /**
     * Resolves the generator settings: flag (or its RAG_LLM_* variable), then the provider's own variable, then
     * its default ({@link LlmConfig#defaults}). Keys only from the environment: RAG_LLM_API_KEY first for openai
     * (as it always was), the provider's own variable first for the others.
     */
    LlmConfig llmConfig(Common c) {
        LlmProvider provider;
        try {
            provider = LlmProvider.fromId(c.llm == null ? "none" : c.llm);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        boolean fallback = !c.noFallback && !"false".equalsIgnoreCase(env.getOrDefault("RAG_LLM_FALLBACK", "true"));
        if (provider == LlmProvider.NONE) {
            return LlmConfig.NONE;
        }
        LlmConfig.Defaults d = LlmConfig.defaults(provider);
        String baseUrl = firstNonBlank(c.llmBaseUrl, env(d.baseUrlEnv()), d.baseUrl());
        String model = firstNonBlank(c.llmModel, env(d.modelEnv()), d.model());
        String key = provider == LlmProvider.OPENAI
                ? firstNonBlank(env("RAG_LLM_API_KEY"), env(d.keyEnv()))
                : firstNonBlank(env(d.keyEnv()), env("RAG_LLM_API_KEY"));
        String name = "--llm " + provider.id();
        if (key.isEmpty() && (d.keyRequired() || baseUrl.contains("api.openai.com"))) {
            throw new UsageException(name + " needs a key: set " + d.keyEnv() + " (or RAG_LLM_API_KEY)");
        }
        if (baseUrl.isEmpty()) {
            throw new UsageException(name + " needs --llm-base-url or " + d.baseUrlEnv());
        }
        if (model.isEmpty()) {
            throw new UsageException(name + " needs --llm-model or " + d.modelEnv());
        }
        if (!baseUrl.startsWith("http://") && !baseUrl.startsWith("https://")) {
            throw new UsageException("--llm-base-url must start with http:// or https://");
        }
        LlmConfig config = LlmConfig.of(provider, baseUrl, model, key).withFallback(fallback);
        return provider == LlmProvider.AZURE ? config.withApiVersion(env("AZURE_OPENAI_API_VERSION")) : config;
    }

    private static String firstNonBlank(String... values) {
        for (String v : values) {
            if (v != null && !v.isBlank()) {
                return v.strip();
            }
        }
        return "";
    }

    // ---------------------------------------------------------------------------------------------------------
    // Errors

    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return Objects.toString(t.getMessage(), t.getClass().getSimpleName());
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"coderag " + ChatServer.VERSION};
        }
    }
}
