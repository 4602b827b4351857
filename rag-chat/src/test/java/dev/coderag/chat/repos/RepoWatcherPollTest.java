package dev.coderag.chat.repos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.chat.Freshness;
import dev.coderag.store.IndexState;
import dev.coderag.store.RepoCatalog;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.SkippedFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The poll fallback, driven directly (no file events, no thread): each check compares every file's size and time
 * with what the last committed ingest started from, publishes the freshness, and asks the queue for one refresh.
 */
class RepoWatcherPollTest {
    @TempDir
    Path tmp;

    private final List<String> started = new ArrayList<>();

    /** The store's record of one repository, indexed from {@code dir} a minute from now (so its files are older). */
    private static RepoCatalog catalog(Path dir) {
        RepoInfo info = new RepoInfo(
                "demo",
                dir.toString(),
                "",
                Optional.of(Instant.now().plusSeconds(60)),
                Map.of(),
                Map.of(),
                1,
                IndexState.COMPLETE,
                0,
                "",
                0);
        return new RepoCatalog() {
            @Override
            public List<RepoInfo> list() {
                return List.of(info);
            }

            @Override
            public Optional<RepoInfo> get(String name) {
                return name.equals("demo") ? Optional.of(info) : Optional.empty();
            }

            @Override
            public List<SkippedFile> skipped(String repo, int limit) {
                return List.of();
            }
        };
    }

    /** An indexer that indexes nothing: the watcher only needs to see an ingest start and end. */
    private static final Indexer NOTHING = new Indexer() {
        @Override
        public Target resolve(
                Optional<String> path,
                Optional<String> url,
                Optional<String> name,
                Optional<String> branch,
                boolean replace) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean isGitUrl(String source) {
            return source.startsWith("https://");
        }

        @Override
        public void index(Target target, Consumer<RepoStatus.Progress> progress, BooleanSupplier stop) {}

        @Override
        public Path checkout(String repo) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean remove(String repo) {
            return false;
        }
    };

    private RepoWatcher watcher(Path repo) {
        RepoWatcher w = new RepoWatcher(
                catalog(repo), tmp.resolve("store"), NOTHING, WatchOptions.on().withWatch(true, false));
        w.attach(
                name -> {
                    started.add(name);
                    return RefreshQueue.Outcome.STARTED;
                },
                0);
        return w;
    }

    private static Freshness freshness(RepoWatcher w) {
        return w.freshness(List.of("demo")).get("demo");
    }

    @Test
    void each_check_sees_edits_additions_and_deletions_and_asks_for_one_refresh() throws Exception {
        Path repo = Files.createDirectories(tmp.resolve("demo"));
        Files.writeString(repo.resolve("a.py"), "def a():\n    return 1\n");
        Files.writeString(repo.resolve("b.py"), "def b():\n    return 2\n");
        Files.createDirectories(repo.resolve(".git"));
        Files.createDirectories(repo.resolve("node_modules/x"));
        RepoWatcher w = watcher(repo);

        w.checkAll();
        assertThat(freshness(w).state()).isEqualTo(Freshness.State.FRESH);
        assertThat(freshness(w).watch()).isEqualTo("poll");
        assertThat(started).isEmpty();

        Files.writeString(repo.resolve(".git/index"), "changed"); // skipped, as the ingest skips it
        Files.writeString(repo.resolve("node_modules/x/y.js"), "changed");
        w.checkAll();
        assertThat(started).isEmpty();

        Files.writeString(repo.resolve("a.py"), "def a():\n    return 10\n");
        Files.createDirectories(repo.resolve("pkg"));
        Files.writeString(repo.resolve("pkg/c.py"), "def c():\n    return 3\n");
        Files.delete(repo.resolve("b.py"));
        w.checkAll();
        Freshness stale = freshness(w);
        assertThat(stale.state()).isEqualTo(Freshness.State.STALE);
        assertThat(List.of(stale.changedFiles(), stale.addedFiles(), stale.deletedFiles()))
                .containsExactly(1, 1, 1);
        assertThat(stale.checkedAt()).isNotNull();
        assertThat(started).containsExactly("demo");

        // the refresh runs: what it read is what the index holds, and the next check finds nothing
        w.indexer()
                .index(
                        new Indexer.Target("demo", repo.toString(), repo.toString(), Optional.empty(), false),
                        p -> {},
                        () -> false);
        assertThat(freshness(w).state()).isEqualTo(Freshness.State.FRESH);
        assertThat(freshness(w).changedFiles()
                        + freshness(w).addedFiles()
                        + freshness(w).deletedFiles())
                .isZero();
        w.checkAll();
        assertThat(started).containsExactly("demo");

        Files.delete(repo.resolve("pkg/c.py"));
        w.checkAll();
        assertThat(freshness(w).deletedFiles()).isEqualTo(1);
        assertThat(started).containsExactly("demo", "demo");
    }

    @Test
    void a_change_during_an_ingest_asks_for_a_follow_up_once_it_ends() throws Exception {
        Path repo = Files.createDirectories(tmp.resolve("demo"));
        Files.writeString(repo.resolve("a.py"), "x = 1\n");
        RepoWatcher w = new RepoWatcher(
                catalog(repo),
                tmp.resolve("store"),
                new Indexer() {
                    @Override
                    public Target resolve(
                            Optional<String> path,
                            Optional<String> url,
                            Optional<String> name,
                            Optional<String> branch,
                            boolean replace) {
                        throw new UnsupportedOperationException();
                    }

                    @Override
                    public boolean isGitUrl(String source) {
                        return false;
                    }

                    @Override
                    public void index(Target target, Consumer<RepoStatus.Progress> progress, BooleanSupplier stop) {
                        try { // the user saves a file while the ingest reads
                            Files.writeString(repo.resolve("a.py"), "x = 22\n");
                        } catch (java.io.IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    }

                    @Override
                    public Path checkout(String r) {
                        throw new UnsupportedOperationException();
                    }

                    @Override
                    public boolean remove(String r) {
                        return false;
                    }
                },
                WatchOptions.on().withWatch(true, false));
        w.attach(
                name -> {
                    started.add(name);
                    return RefreshQueue.Outcome.STARTED;
                },
                0);
        w.checkAll();
        assertThat(started).isEmpty();

        w.indexer()
                .index(
                        new Indexer.Target("demo", repo.toString(), repo.toString(), Optional.empty(), false),
                        p -> {},
                        () -> false);
        assertThat(freshness(w).changedFiles()).isEqualTo(1);
        assertThat(started).containsExactly("demo");
    }

    @Test
    void with_watching_off_nothing_is_checked_and_freshness_says_off() throws Exception {
        Path repo = Files.createDirectories(tmp.resolve("demo"));
        Files.writeString(repo.resolve("a.py"), "x = 1\n");
        RepoWatcher w = new RepoWatcher(catalog(repo), tmp.resolve("store"), NOTHING, WatchOptions.off());
        w.attach(name -> RefreshQueue.Outcome.STARTED, 0);
        assertThat(freshness(w).state()).isEqualTo(Freshness.State.UNKNOWN);
        assertThat(freshness(w).watch()).isEqualTo("off");
    }
}
