package dev.coderag.store.embedded;

import static dev.coderag.store.embedded.StoreFixtures.DIM;
import static dev.coderag.store.embedded.StoreFixtures.MODEL;
import static dev.coderag.store.embedded.StoreFixtures.axis;
import static dev.coderag.store.embedded.StoreFixtures.code;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.coderag.store.RepoInfo;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.Store;
import dev.coderag.store.StoreException;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CodeChunk;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class StoreConcurrencyTest {
    @TempDir
    Path dir;

    private static final int BEFORE = 50;
    private static final int ADDED = 200;

    private List<CodeChunk> chunks(String prefix, int n) {
        List<CodeChunk> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(code(
                    "r",
                    prefix + "/F" + i + ".java",
                    prefix + "Fn" + i,
                    "void " + prefix + "Fn" + i + "() {}",
                    1,
                    List.of()));
        }
        return out;
    }

    @Test
    @Timeout(120)
    void searches_from_many_threads_see_the_old_state_until_commit_and_the_new_state_after() throws Exception {
        Random random = new Random(3);
        List<CodeChunk> before = chunks("old", BEFORE);
        List<CodeChunk> added = chunks("new", ADDED);
        try (Store store = Store.open(dir, MODEL, DIM)) {
            StoreFixtures.insertAll(
                    store,
                    before,
                    before.stream().map(c -> StoreFixtures.random(random, DIM)).toList());
            store.vectors().search(ChunkKind.CODE, axis(0), 5, SearchFilter.NONE); // load the vector index

            AtomicBoolean commitStarted = new AtomicBoolean();
            AtomicBoolean committed = new AtomicBoolean();
            AtomicBoolean stop = new AtomicBoolean();
            ConcurrentLinkedQueue<Throwable> errors = new ConcurrentLinkedQueue<>();
            AtomicInteger wrongBeforeCommit = new AtomicInteger();
            AtomicInteger wrongAfterCommit = new AtomicInteger();
            AtomicInteger searches = new AtomicInteger();
            CountDownLatch running = new CountDownLatch(4);
            List<Thread> readers = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int seed = t;
                Thread reader = new Thread(() -> {
                    Random r = new Random(seed);
                    running.countDown();
                    while (!stop.get()) {
                        try {
                            boolean commitDoneBefore = committed.get();
                            int vectorHits = store.vectors()
                                    .search(ChunkKind.CODE, StoreFixtures.random(r, DIM), 1000, SearchFilter.NONE)
                                    .size();
                            int lexicalHits = store.lexical()
                                    .search(ChunkKind.CODE, "new fn", 1000, SearchFilter.NONE)
                                    .size();
                            boolean commitStartedAfter = commitStarted.get();
                            if (!commitStartedAfter && (vectorHits != BEFORE || lexicalHits != 0)) {
                                wrongBeforeCommit.incrementAndGet();
                            }
                            if (commitDoneBefore && (vectorHits != BEFORE + ADDED || lexicalHits != ADDED)) {
                                wrongAfterCommit.incrementAndGet();
                            }
                            searches.incrementAndGet();
                        } catch (Throwable e) {
                            errors.add(e);
                        }
                    }
                });
                reader.start();
                readers.add(reader);
            }
            running.await();
            try (WriteTransaction tx = store.begin()) {
                for (CodeChunk chunk : added) {
                    tx.insert(chunk, StoreFixtures.random(random, DIM));
                }
                int seen = searches.get();
                while (searches.get() < seen + 8) {
                    Thread.onSpinWait(); // let readers search while the transaction is open
                }
                commitStarted.set(true);
                tx.commit();
                committed.set(true);
            }
            // After commit() returned, every search sees the new state.
            assertThat(store.vectors().search(ChunkKind.CODE, axis(0), 1000, SearchFilter.NONE))
                    .hasSize(BEFORE + ADDED);
            assertThat(store.lexical().search(ChunkKind.CODE, "new fn", 1000, SearchFilter.NONE))
                    .hasSize(ADDED);
            int seen = searches.get();
            while (searches.get() < seen + 8) {
                Thread.onSpinWait();
            }
            stop.set(true);
            for (Thread reader : readers) {
                reader.join();
            }
            assertThat(errors).isEmpty();
            assertThat(wrongBeforeCommit.get()).isZero();
            assertThat(wrongAfterCommit.get()).isZero();
            assertThat(searches.get()).isGreaterThan(16);
        }
    }

    @Test
    void a_second_transaction_in_the_same_process_is_refused_as_locked() {
        try (Store store = Store.open(dir, MODEL, DIM);
                Store second = Store.open(dir, MODEL, DIM);
                WriteTransaction tx = store.begin()) {
            assertThatThrownBy(store::begin).isInstanceOfSatisfying(StoreException.class, e -> assertThat(e.reason())
                    .isEqualTo(StoreException.Reason.LOCKED));
            assertThatThrownBy(second::begin)
                    .isInstanceOfSatisfying(
                            StoreException.class, e -> assertThat(e.reason()).isEqualTo(StoreException.Reason.LOCKED))
                    .hasMessageContaining(dir.toAbsolutePath().toString())
                    .hasMessageContaining("another ingest is running");
            assertThatThrownBy(() -> Store.recreate(dir, MODEL, DIM))
                    .isInstanceOfSatisfying(
                            StoreException.class, e -> assertThat(e.reason()).isEqualTo(StoreException.Reason.LOCKED));
            tx.commit();
            second.begin().close();
        }
    }

    @Test
    @Timeout(120)
    void a_transaction_held_by_another_process_is_refused_as_locked() throws Exception {
        Store.open(dir, MODEL, DIM).close();
        Process child = startChild("hold", dir.toString());
        try {
            assertThat(readLine(child)).isEqualTo("HOLDING");
            try (Store store = Store.open(dir, MODEL, DIM)) {
                assertThatThrownBy(store::begin)
                        .isInstanceOfSatisfying(StoreException.class, e -> assertThat(e.reason())
                                .isEqualTo(StoreException.Reason.LOCKED))
                        .hasMessageContaining("another ingest is running");
                // readers are not blocked by the other process's open transaction
                assertThat(store.chunks().counts()).containsEntry(ChunkKind.CODE, 0);
                child.getOutputStream().close();
                assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
                assertThat(child.exitValue()).isZero();
                store.begin().close();
            }
        } finally {
            child.destroyForcibly();
        }
    }

    @Test
    @Timeout(120)
    void a_writer_killed_mid_transaction_leaves_the_last_committed_state() throws Exception {
        List<CodeChunk> committed = chunks("kept", 20);
        Random random = new Random(11);
        try (Store store = Store.open(dir, MODEL, DIM)) {
            StoreFixtures.insertAll(
                    store,
                    committed,
                    committed.stream()
                            .map(c -> StoreFixtures.random(random, DIM))
                            .toList());
        }
        Process child = startChild("write", dir.toString(), "300");
        try {
            assertThat(readLine(child)).isEqualTo("WRITTEN 300");
        } finally {
            child.destroyForcibly();
            child.waitFor(60, TimeUnit.SECONDS);
        }
        try (Store store = Store.open(dir, MODEL, DIM)) {
            assertThat(store.chunks().counts()).containsEntry(ChunkKind.CODE, 20);
            assertThat(store.repos().list()).extracting(RepoInfo::name).containsExactly("r");
            assertThat(store.vectors().search(ChunkKind.CODE, axis(0), 100, SearchFilter.NONE))
                    .extracting(h -> h.chunk().repo())
                    .hasSize(20)
                    .containsOnly("r");
            assertThat(store.lexical().search(ChunkKind.CODE, "uncommitted", 10, SearchFilter.NONE))
                    .isEmpty();
            // the dead process's lock is gone
            try (WriteTransaction tx = store.begin()) {
                tx.delete(committed.getFirst().id());
                tx.commit();
            }
            assertThat(store.chunks().counts()).containsEntry(ChunkKind.CODE, 19);
        }
    }

    private static Process startChild(String... args) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(
                java.toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-Xmx256m",
                "-cp",
                System.getProperty("java.class.path"),
                StoreChildProcess.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
    }

    private static String readLine(Process child) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        return line == null ? "<child exited with " + (child.isAlive() ? "?" : child.exitValue()) + ">" : line;
    }
}
