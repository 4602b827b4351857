package dev.coderag.ingest.parse.code;

import dev.coderag.types.Language;
import java.util.List;
import java.util.Set;
import org.treesitter.TreeSitterBash;

/**
 * Shell scripts (the bash grammar, which reads POSIX sh too): functions, the {@code #} comment lines directly
 * above one as its doc (not the {@code #!} line), and commands as calls. Everything outside functions is
 * module code, so a script without functions is still indexed.
 */
final class ShellHandler extends LanguageHandler {
    ShellHandler() {
        super(
                Language.SHELL,
                List.of("bash.scm"),
                TreeSitterBash::new,
                Set.of("compound_statement", "subshell"),
                new DocRule.LineRun(
                        c -> false, c -> c.startsWith("#") && !c.startsWith("#!"), c -> true, List.of("#")));
    }
}
