package dev.coderag.ingest.parse;

import static dev.coderag.ingest.parse.Fixtures.code;
import static dev.coderag.ingest.parse.Fixtures.names;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import org.junit.jupiter.api.Test;

/** Shell on bats-core's {@code lib/bats-core/semaphore.bash} (real/bats-core) and a POSIX sh script. */
class ShellChunksTest {
    private final ParseResult semaphore = Fixtures.parseReal("bats-core", "lib/bats-core/semaphore.bash");

    @Test
    void script_yields_one_chunk_per_function() {
        assertThat(semaphore.category()).isEqualTo(FileCategory.CODE);
        assertThat(names(semaphore))
                .containsExactly(
                        "bats_run_under_flock",
                        "bats_run_under_shlock",
                        "bats_semaphore_setup",
                        "bats_semaphore_run",
                        "bats_semaphore_release_wrapper",
                        "bats_semaphore_acquire_while_locked",
                        "bats_semaphore_acquire_slot",
                        "bats_semaphore_release_slot",
                        "bats_semaphore_get_free_slot_count");
        assertThat(Fixtures.code(semaphore)).allSatisfy(c -> {
            assertThat(c.language()).isEqualTo(Language.SHELL);
            assertThat(c.symbolKind()).isEqualTo(SymbolKind.FUNCTION);
        });
    }

    @Test
    void function_has_exact_lines_the_comment_lines_above_as_doc_and_the_commands_it_runs_as_calls() {
        CodeChunk run = code(semaphore, "bats_semaphore_run");
        assertThat(run.location()).isEqualTo("lib/bats-core/semaphore.bash:42-49");
        assertThat(run.signature()).isEqualTo("bats_semaphore_run()");
        assertThat(run.docstring())
                .startsWith("$1 - output directory for stdout/stderr\n$@ - command to run\n")
                .endsWith("gather the output of the command in files in the given directory");
        assertThat(run.calls())
                .containsExactly("shift", "bats_semaphore_acquire_slot", "bats_semaphore_release_wrapper", "printf");
        assertThat(code(semaphore, "bats_semaphore_acquire_while_locked").docstring())
                .as("no comment directly above")
                .isEmpty();
    }

    @Test
    void a_posix_script_without_functions_is_module_code_and_the_shebang_is_no_doc() {
        ParseResult result = Fixtures.parse("scripts/release.sh", """
                #!/bin/sh
                # Tags a release.
                set -eu

                # Prints a line to stderr.
                function say {
                  echo "$*" >&2
                }

                say "tagging $1"
                git tag "v$1"
                """);
        assertThat(names(result)).containsExactly("release.sh", "say", "release.sh");
        CodeChunk say = code(result, "say");
        assertThat(say.signature()).isEqualTo("function say");
        assertThat(say.docstring()).isEqualTo("Prints a line to stderr.");
        assertThat(say.location()).isEqualTo("scripts/release.sh:6-8");
        CodeChunk main = Fixtures.all(result, "release.sh").getLast();
        assertThat(main.symbolKind()).isEqualTo(SymbolKind.MODULE);
        assertThat(main.location()).isEqualTo("scripts/release.sh:10-11");
        assertThat(main.calls()).containsExactly("say", "git");
        assertThat(Fixtures.all(result, "release.sh").getFirst().code()).contains("# Tags a release.\nset -eu");
    }
}
