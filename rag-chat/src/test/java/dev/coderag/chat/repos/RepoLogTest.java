package dev.coderag.chat.repos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.store.Store;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the server log says about a repository a client named: one line, whatever the name holds. */
class RepoLogTest {
    @TempDir
    Path dir;

    @Test
    void a_source_with_a_line_break_is_logged_as_one_line_with_its_control_characters_escaped() throws Exception {
        String source = "/srv/a\n[INFO] forged\u001b[2K";
        CountDownLatch indexing = new CountDownLatch(1);
        Indexer indexer = new Indexer() {
            @Override
            public Target resolve(
                    Optional<String> path,
                    Optional<String> url,
                    Optional<String> name,
                    Optional<String> branch,
                    boolean replace) {
                return new Target("demo", source, source, Optional.empty(), replace);
            }

            @Override
            public boolean isGitUrl(String s) {
                return false;
            }

            @Override
            public void index(Target target, Consumer<RepoStatus.Progress> progress, BooleanSupplier stop) {
                indexing.countDown();
            }

            @Override
            public Path checkout(String repo) {
                throw new UnsupportedOperationException();
            }

            @Override
            public boolean remove(String repo) {
                return false;
            }
        };
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream stderr = System.err;
        // slf4j-simple writes each line to whatever System.err is at the time
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try (Store store = Store.open(dir, "m", 4)) {
            RepoManager repos = new RepoManager(store, indexer);
            repos.add(source, Optional.empty(), Optional.empty(), false);
            assertThat(indexing.await(10, TimeUnit.SECONDS)).isTrue();
            repos.close(); // waits for the job, and its log line, to finish
        } finally {
            System.setErr(stderr);
        }
        String log = captured.toString(StandardCharsets.UTF_8);
        assertThat(log.lines().filter(l -> l.contains("indexed demo from")))
                .singleElement()
                .satisfies(line -> assertThat(line).endsWith("indexed demo from /srv/a\\n[INFO] forged\\u001b[2K"));
        assertThat(log).doesNotContain("\n[INFO] forged").doesNotContain("\u001b");
    }
}
