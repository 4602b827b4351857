package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.coderag.chat.answer.LlmProvider;
import dev.coderag.chat.llm.LlmConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line without a model: help, usage errors, environment fallbacks, the empty-store message. */
class ChatCliTest {
    @TempDir
    Path tmp;

    @TempDir
    static Path CONFIG;

    private record Result(int code, String out, String err) {}

    /** Runs the CLI in this JVM; a token file it makes goes under a temporary config directory, never the home. */
    private static Result run(Map<String, String> given, String... args) {
        Map<String, String> env = new java.util.HashMap<>(given);
        env.putIfAbsent("XDG_CONFIG_HOME", CONFIG.toString());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ChatCli.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                env);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void help_lists_the_commands_and_every_flag_names_its_environment_variable() {
        Result top = run(Map.of(), "--help");
        assertThat(top.code()).isZero();
        assertThat(top.out()).contains("serve").contains("ask");
        Result serve = run(Map.of(), "serve", "--help");
        assertThat(serve.code()).isZero();
        assertThat(serve.out())
                .contains("--db", "RAG_DB", "--model", "RAG_MODEL", "--host", "RAG_HOST", "--port", "RAG_PORT")
                .contains("--llm", "RAG_LLM", "--llm-base-url", "RAG_LLM_BASE_URL", "OPENAI_BASE_URL")
                .contains("--llm-model", "RAG_LLM_MODEL")
                .contains("--token", "RAG_TOKEN", "--allow-host", "RAG_ALLOW_HOSTS");
        Result mcp = run(Map.of(), "mcp", "--help");
        assertThat(mcp.code()).isZero();
        assertThat(mcp.out())
                .contains("--db", "--allow-writes", "RAG_ALLOW_WRITES", "--viewer-url", "RAG_VIEWER_URL")
                .contains("stdout carries only", "claude mcp add", "/mcp");
        Result ask = run(Map.of(), "ask", "--help");
        assertThat(ask.code()).isZero();
        assertThat(ask.out()).contains("--repo").contains("--json").contains("QUESTION");
    }

    @Test
    void serving_beyond_loopback_without_a_token_refuses_with_one_line() {
        Result r = run(Map.of("RAG_DB", tmp.resolve("db").toString()), "serve", "--host", "0.0.0.0", "--port", "0");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err())
                .startsWith("error: refusing to listen on 0.0.0.0 without a token")
                .hasLineCount(1);
        Result env = run(Map.of("RAG_HOST", "192.168.1.7"), "serve");
        assertThat(env.code()).isEqualTo(2);
        assertThat(env.err()).contains("without a token");
    }

    @Test
    void answering_to_another_host_name_without_a_token_refuses_with_one_line() {
        // on loopback, but behind a proxy or a tailnet under that name: as reachable as 0.0.0.0
        Result r = run(
                Map.of("RAG_DB", tmp.resolve("db").toString()),
                "serve",
                "--port",
                "0",
                "--no-token",
                "--allow-host",
                "rag.example");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err())
                .startsWith("error: refusing to answer to rag.example without a token")
                .hasLineCount(1);
        Result env = run(
                Map.of(
                        "RAG_ALLOW_HOSTS",
                        "rag.example",
                        "RAG_NO_TOKEN",
                        "true",
                        "RAG_DB",
                        tmp.resolve("db").toString()),
                "serve");
        assertThat(env.code()).isEqualTo(2);
        assertThat(env.err()).contains("without a token");
    }

    @Test
    void bad_usage_exits_2_with_one_line_and_a_hint() {
        Result r = run(Map.of(), "serve", "--port", "notanumber");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("error: ").contains("try: rag serve --help");
        Result port = run(Map.of("RAG_PORT", "70000"), "serve");
        assertThat(port.code()).isEqualTo(2);
        assertThat(port.err()).contains("--port must be between 0 and 65535");
        Result none = run(Map.of());
        assertThat(none.code()).isEqualTo(2);
        assertThat(none.err()).contains("serve, ask or mcp");
    }

    @Test
    void asking_an_empty_store_says_how_to_ingest_and_creates_nothing() {
        Path db = tmp.resolve("nothing-here");
        Result r = run(Map.of("RAG_DB", db.toString()), "ask", "where is main?");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err().strip()).isEqualTo("error: No data ingested yet. Run ./rag ingest <path> first.");
        assertThat(db).doesNotExist();
    }

    @Test
    void an_unknown_llm_provider_is_a_usage_error() {
        Result r = run(Map.of("RAG_LLM", "claude"), "serve", "--db", tmp.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("unknown LLM provider 'claude'");
    }

    @Test
    void openai_needs_a_key_for_the_public_endpoint_but_not_for_a_local_server() {
        Result r = run(Map.of(), "serve", "--db", tmp.toString(), "--llm", "openai");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("OPENAI_API_KEY");
    }

    @Test
    void llm_settings_come_from_flags_then_environment_and_keys_only_from_environment() {
        ChatCli.Common c = new ChatCli.Common();
        c.llm = "openai";
        c.llmBaseUrl = null;
        LlmConfig fromEnv = cli(Map.of("OPENAI_BASE_URL", "http://localhost:11434/v1", "OPENAI_API_KEY", "k1"))
                .llmConfig(c);
        assertThat(fromEnv.baseUrl()).isEqualTo("http://localhost:11434/v1");
        assertThat(fromEnv.apiKey()).isEqualTo("k1");
        assertThat(fromEnv.model()).isEqualTo(LlmConfig.OPENAI_DEFAULT_MODEL);
        assertThat(fromEnv.fallbackToExtractive()).isTrue();

        c.llmBaseUrl = "http://127.0.0.1:8080/v1";
        c.llmModel = "qwen";
        LlmConfig flags = cli(Map.of("RAG_LLM_API_KEY", "k2", "OPENAI_API_KEY", "k1", "RAG_LLM_FALLBACK", "false"))
                .llmConfig(c);
        assertThat(flags.baseUrl()).isEqualTo("http://127.0.0.1:8080/v1");
        assertThat(flags.model()).isEqualTo("qwen");
        assertThat(flags.apiKey()).isEqualTo("k2");
        assertThat(flags.fallbackToExtractive()).isFalse();

        ChatCli.Common g = new ChatCli.Common();
        g.llm = "gemini";
        LlmConfig gemini =
                cli(Map.of("GEMINI_API_KEY", "gk", "GEMINI_MODEL", "gemini-x")).llmConfig(g);
        assertThat(gemini.provider()).isEqualTo(LlmProvider.GEMINI);
        assertThat(gemini.model()).isEqualTo("gemini-x");
        assertThat(gemini.baseUrl()).isEqualTo(LlmConfig.GEMINI_DEFAULT_BASE_URL);
        assertThat(gemini.apiKey()).isEqualTo("gk");
    }

    @Test
    void each_provider_reads_its_own_variables() {
        ChatCli.Common c = new ChatCli.Common();
        c.llm = "anthropic";
        LlmConfig anthropic = cli(Map.of("ANTHROPIC_API_KEY", "ak", "ANTHROPIC_MODEL", "claude-x"))
                .llmConfig(c);
        assertThat(anthropic.provider()).isEqualTo(LlmProvider.ANTHROPIC);
        assertThat(anthropic.baseUrl()).isEqualTo("https://api.anthropic.com/v1");
        assertThat(anthropic.model()).isEqualTo("claude-x");
        assertThat(anthropic.apiKey()).isEqualTo("ak");

        c.llm = "ollama";
        LlmConfig ollama = cli(Map.of("OLLAMA_MODEL", "llama3.2")).llmConfig(c);
        assertThat(ollama.baseUrl()).isEqualTo("http://localhost:11434");
        assertThat(ollama.model()).isEqualTo("llama3.2");
        assertThat(ollama.apiKey()).isEmpty();

        c.llm = "mistral";
        LlmConfig mistral = cli(Map.of("RAG_LLM_API_KEY", "mk")).llmConfig(c);
        assertThat(mistral.baseUrl()).isEqualTo("https://api.mistral.ai/v1");
        assertThat(mistral.model()).isEqualTo("mistral-small-latest");
        assertThat(mistral.apiKey()).isEqualTo("mk");

        c.llm = "azure";
        LlmConfig azure = cli(Map.of(
                        "AZURE_OPENAI_ENDPOINT", "https://res.openai.azure.com",
                        "AZURE_OPENAI_DEPLOYMENT", "gpt4o",
                        "AZURE_OPENAI_API_KEY", "zk"))
                .llmConfig(c);
        assertThat(azure.baseUrl()).isEqualTo("https://res.openai.azure.com");
        assertThat(azure.model()).isEqualTo("gpt4o");
        assertThat(azure.apiVersion()).isEqualTo(LlmConfig.AZURE_DEFAULT_API_VERSION);
        assertThat(cli(Map.of(
                                "AZURE_OPENAI_ENDPOINT", "https://res.openai.azure.com",
                                "AZURE_OPENAI_DEPLOYMENT", "gpt4o",
                                "AZURE_OPENAI_API_KEY", "zk",
                                "AZURE_OPENAI_API_VERSION", "2025-01-01-preview"))
                        .llmConfig(c)
                        .apiVersion())
                .isEqualTo("2025-01-01-preview");
    }

    @Test
    void a_provider_without_its_key_endpoint_or_deployment_is_a_usage_error() {
        ChatCli.Common c = new ChatCli.Common();
        c.llm = "anthropic";
        assertThatThrownBy(() -> cli(Map.of()).llmConfig(c))
                .isInstanceOf(UsageException.class)
                .hasMessage("--llm anthropic needs a key: set ANTHROPIC_API_KEY (or RAG_LLM_API_KEY)");
        c.llm = "azure";
        assertThatThrownBy(() -> cli(Map.of("AZURE_OPENAI_API_KEY", "zk")).llmConfig(c))
                .hasMessage("--llm azure needs --llm-base-url or AZURE_OPENAI_ENDPOINT");
        assertThatThrownBy(() -> cli(Map.of("AZURE_OPENAI_API_KEY", "zk", "AZURE_OPENAI_ENDPOINT", "https://r"))
                        .llmConfig(c))
                .hasMessage("--llm azure needs --llm-model or AZURE_OPENAI_DEPLOYMENT");
    }

    private static ChatCli cli(Map<String, String> env) {
        // the package-private constructor path: run() builds one the same way
        try {
            var ctor = ChatCli.class.getDeclaredConstructor(PrintStream.class, PrintStream.class, Map.class);
            ctor.setAccessible(true);
            return ctor.newInstance(System.out, System.err, env);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    // --- what the network may index (serve --allow-path) ---

    @Test
    void by_default_a_loopback_server_allows_the_home_directory_and_any_other_nothing() {
        Path home = tmp;
        assertThat(IngesterIndexer.defaultRoots(List.of(), true, home)).containsExactly(home);
        assertThat(IngesterIndexer.defaultRoots(List.of(), false, home)).isEmpty();
        assertThat(IngesterIndexer.defaultRoots(List.of(), true, tmp.resolve("no-such-home")))
                .isEmpty();
        Path asked = tmp.resolve("code");
        assertThat(IngesterIndexer.defaultRoots(List.of(asked), false, home)).containsExactly(asked);
        assertThat(IngesterIndexer.defaultRoots(List.of(asked), true, home)).containsExactly(asked);
    }

    @Test
    void help_names_the_options_and_their_variables() {
        Result r = run(Map.of(), "serve", "--help");
        assertThat(r.out()).contains("--allow-path", "RAG_ALLOW_PATHS", "--allow-git-host", "RAG_ALLOW_GIT_HOSTS");
    }

    @Test
    void a_root_that_does_not_exist_is_a_usage_error_from_the_flag_or_the_environment() {
        String missing = tmp.resolve("missing").toString();
        Result flag = run(Map.of(), "serve", "--db", tmp.resolve("db").toString(), "--allow-path", missing);
        assertThat(flag.code()).isEqualTo(2);
        assertThat(flag.err()).contains("--allow-path " + missing + ": no such directory");
        Result env = run(
                Map.of("RAG_ALLOW_PATHS", tmp + java.io.File.pathSeparator + missing),
                "serve",
                "--db",
                tmp.resolve("db").toString());
        assertThat(env.code()).isEqualTo(2);
        assertThat(env.err()).contains("no such directory");
    }

    @Test
    void the_git_options_are_checked_before_the_model_loads_from_the_flag_or_the_environment() {
        String missing = tmp.resolve("no-key").toString();
        Result key = run(Map.of(), "serve", "--db", tmp.resolve("db").toString(), "--git-ssh-key", missing);
        assertThat(key.code()).isEqualTo(2);
        assertThat(key.err()).contains("--git-ssh-key " + missing + ": no such readable file");
        Result known = run(
                Map.of("RAG_GIT_KNOWN_HOSTS", missing),
                "serve",
                "--db",
                tmp.resolve("db").toString());
        assertThat(known.code()).isEqualTo(2);
        assertThat(known.err()).contains("--git-known-hosts " + missing);
        Result files = run(Map.of(), "serve", "--db", tmp.resolve("db").toString(), "--git-max-files", "0");
        assertThat(files.code()).isEqualTo(2);
        assertThat(files.err()).contains("--git-max-files must be at least 1");
        Result mcp = run(Map.of(), "mcp", "--db", tmp.resolve("db").toString(), "--git-ssh-key", missing);
        assertThat(mcp.code()).isEqualTo(2);
        assertThat(mcp.err()).contains("--git-ssh-key " + missing + ": no such readable file");
        Result help = run(Map.of(), "serve", "--help");
        assertThat(help.out())
                .contains(
                        "--git-ssh-key",
                        "RAG_GIT_SSH_KEY",
                        "--git-known-hosts",
                        "--git-max-files",
                        "--allow-git-private");
    }
}
