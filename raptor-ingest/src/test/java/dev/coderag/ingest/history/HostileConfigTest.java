package dev.coderag.ingest.history;

import static dev.coderag.ingest.history.HistoryFixture.commit;
import static dev.coderag.ingest.history.HistoryFixture.git;
import static dev.coderag.ingest.history.HistoryFixture.init;
import static dev.coderag.ingest.history.HistoryFixture.readAll;
import static dev.coderag.ingest.history.HistoryFixture.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.ingest.GitPolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A repository's own configuration (which a cloned or local repository may carry) can neither run a program nor
 * change what the reader parses: the read with a hostile {@code .git/config} and {@code .gitattributes} equals the
 * read without, under the command line's git and the network's isolated one.
 */
class HostileConfigTest {
    @Test
    void repository_config_changes_neither_the_read_nor_runs_a_program(@TempDir Path tmp) throws IOException {
        Path repo = init(tmp.resolve("r"));
        write(repo, "a.txt", "one\n\ntwo\nthree\n\nfour\n");
        write(repo, "caf\u00e9 dir/n\u00e4me.txt", "x\n");
        commit(repo, "first: caf\u00e9");
        write(repo, "a.txt", "one\n\nTWO\nthree\n\nFOUR\n");
        write(repo, "caf\u00e9 dir/n\u00e4me.txt", "y\n");
        commit(repo, "second");
        git(repo, "notes", "add", "-m", "a note that must not show");
        HistoryReader reader = new HistoryReader(HistoryFixture.GIT);
        List<CommitDiff> clean = readAll(reader, repo, HistoryRange.newest(10));

        Path pwned = tmp.resolve("pwned");
        String run = "touch '" + pwned + "'";
        for (String[] kv : new String[][] {
            {"diff.external", run},
            {"diff.evil.textconv", run + "; cat"},
            {"core.pager", run},
            {"pager.log", run},
            {"diff.noprefix", "true"},
            {"diff.mnemonicPrefix", "true"},
            {"color.ui", "always"},
            {"color.diff", "always"},
            {"diff.interHunkContext", "10"},
            {"diff.context", "5"},
            {"diff.renames", "false"},
            {"diff.suppressBlankEmpty", "true"},
            {"diff.relative", "true"},
            {"diff.submodule", "log"},
            {"log.showRoot", "false"},
            {"log.showSignature", "true"},
            {"log.decorate", "full"},
            {"format.pretty", "%s"},
            {"i18n.logOutputEncoding", "ISO-8859-1"},
            {"core.quotePath", "false"},
            {"notes.displayRef", "refs/notes/commits"}
        }) {
            git(repo, "config", kv[0], kv[1]);
        }
        Files.writeString(repo.resolve(".git/info/attributes"), "* diff=evil\n");

        List<CommitDiff> hostile = readAll(reader, repo, HistoryRange.newest(10));
        List<CommitDiff> isolated =
                readAll(new HistoryReader(GitPolicy.network().historyGit()), repo, HistoryRange.newest(10));

        assertThat(hostile).isEqualTo(clean);
        assertThat(isolated).isEqualTo(clean);
        assertThat(pwned).doesNotExist();
        assertThat(clean.get(1).files()).extracting(FileChange::path).contains("caf\u00e9 dir/n\u00e4me.txt");
        assertThat(clean.get(1).commit().subject()).isEqualTo("first: caf\u00e9");
    }
}
