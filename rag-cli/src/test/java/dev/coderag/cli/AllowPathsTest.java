package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code serve --allow-path} / {@code RAG_ALLOW_PATHS}: the defaults and the checks made before anything loads. */
class AllowPathsTest {
    @TempDir
    Path tmp;

    private record Result(int code, String out, String err) {}

    private static Result run(Map<String, String> env, String... args) {
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
}
