package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.store.SearchFilter;
import dev.coderag.types.ChunkKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nothing lost: ingests through the real {@code ./rag} in child processes, killed with SIGKILL at random moments
 * (JVM start, model load, parse, embedding, between batches, during a commit), interrupted with SIGINT and
 * SIGTERM, and starved of disk. After every kill the store must open and be consistent — SQLite's integrity check,
 * one vector per chunk, one BM25 row per chunk, every file either absent or present with exactly the chunks a
 * clean ingest gives it — and the runs together must converge to exactly a clean ingest's chunks while embedding
 * at most one batch more per kill than a clean ingest.
 *
 * <p>Batches are made small (8 texts) through {@code JAVA_TOOL_OPTIONS}, so a corpus of a few hundred chunks has
 * many batch boundaries to be killed around. The random seed is printed; {@code -Drag.crashSeed=N} replays it.
 */
class IngestCrashIT {
    private static final Duration T = Duration.ofMinutes(5);
    private static final int BATCH = 8;
    private static final int KILLS = 10;
    private static final Pattern EMBEDDING = Pattern.compile("batch of \\d+ files, embedding (\\d+) texts");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path tmp;

    private static Path corpus;
    private static Path cleanDb;
    private static Map<String, Set<String>> cleanIds;
    private static int cleanEmbedded;
    private static long cleanMillis;

    private static Map<String, String> env(String... extra) {
        String opts = "-Dcoderag.ingest.firstBatch=" + BATCH + " -Dcoderag.ingest.maxBatch=" + BATCH
                + " -Dorg.slf4j.simpleLogger.log.dev.coderag.ingest.RepoWriter=debug " + String.join(" ", extra);
        return Map.of("JAVA_TOOL_OPTIONS", opts.strip());
    }

    @BeforeAll
    static void clean_ingest_of_the_corpus() throws IOException {
        corpus = Files.createDirectories(tmp.resolve("corpus"));
        // Real code: this project's shared records and its tree-sitter parse package (a few hundred chunks).
        Proc.copyTree(Proc.ROOT.resolve("rag-types/src/main/java"), corpus.resolve("types"));
        Proc.copyTree(
                Proc.ROOT.resolve("raptor-ingest/src/main/java/dev/coderag/ingest/parse"), corpus.resolve("parse"));
        cleanDb = tmp.resolve("clean");
        long t0 = System.nanoTime();
        Proc.Result clean = ingest(cleanDb, env());
        cleanMillis = (System.nanoTime() - t0) / 1_000_000;
        assertThat(clean.exitCode()).as(clean.err()).isZero();
        cleanEmbedded =
                JSON.readTree(clean.out()).path("chunks").path("embedded").asInt();
        cleanIds = idsByPath(cleanDb);
        assertThat(cleanEmbedded).as("the corpus must span many batches").isGreaterThan(20 * BATCH);
        assertThat(embeddedIn(clean.err())).isEqualTo(cleanEmbedded);
    }

    @Test
    void sigkill_at_random_points_keeps_a_consistent_store_that_resumes_to_a_clean_ingest() throws Exception {
        Path db = tmp.resolve("killed");
        long seed = Long.getLong("rag.crashSeed", System.nanoTime());
        System.out.println("IngestCrashIT seed " + seed + " (replay with -Drag.crashSeed=" + seed + ")");
        Random random = new Random(seed);
        int kills = 0;
        int embedded = 0;
        int lost = 0;
        int runs = 0;
        StringBuilder log = new StringBuilder();
        while (kills < KILLS) {
            assertThat(++runs)
                    .as("runs needed for %d kills (seed %d)", KILLS, seed)
                    .isLessThan(4 * KILLS);
            try (Proc p = Proc.rag(tmp, env(), "ingest", corpus.toString(), "--db", db.toString(), "--name", "c")) {
                // A third of the kills land anywhere in the first seconds (JVM start, model load, scan, parse, the
                // first batch); the rest within 1.5 s after this run starts embedding (embedding, between batches,
                // during a commit), so that every run gets somewhere and the kills spread over the whole ingest.
                long delay;
                if (random.nextInt(3) == 0) {
                    delay = 200 + random.nextInt(3000);
                } else {
                    awaitEmbeddingOrExit(p);
                    delay = random.nextInt(1500);
                }
                Proc.Result r;
                if (p.exitsWithin(Duration.ofMillis(delay))) {
                    r = p.await(T);
                    assertThat(r.exitCode()).as(r.err()).isZero();
                } else {
                    r = p.kill(T);
                    kills++;
                    lost += inFlight(r.err());
                }
                embedded += embeddedIn(r.err());
                log.append(String.format(
                        "%nrun %d: %s after %d ms, embedded %d, lost %d",
                        runs,
                        r.exitCode() == 0 ? "finished" : "killed",
                        delay,
                        embeddedIn(r.err()),
                        inFlight(r.err())));
            }
            assertConsistent(db);
        }
        Proc.Result resumed = ingest(db, env());
        assertThat(resumed.exitCode()).as(resumed.err()).isZero();
        embedded += embeddedIn(resumed.err());

        assertThat(idsByPath(db))
                .as("chunks after resuming equal a clean ingest's")
                .isEqualTo(cleanIds);
        // Committed work is never embedded again: the runs together embed the clean ingest's texts plus, per kill,
        // the one batch that was in flight (a batch takes whole files, so it may hold more than BATCH texts).
        assertThat(embedded)
                .as(
                        "texts embedded over %d runs with %d kills (clean: %d, seed %d):%s",
                        runs + 1, kills, cleanEmbedded, seed, log)
                .isLessThanOrEqualTo(cleanEmbedded + lost);
        assertThat(status(db).path("state").asText()).isEqualTo("complete");
        assertEveryChunkEmbedded(db);

        Proc.Result again = ingest(db, env());
        assertThat(JSON.readTree(again.out()).path("chunks").path("embedded").asInt())
                .isZero();
    }

    @Test
    void sigint_and_sigterm_stop_at_a_batch_boundary_keep_the_batches_and_exit_130_and_143() throws Exception {
        Path db = tmp.resolve("interrupted");
        Map<String, Integer> expected = new TreeMap<>(Map.of("INT", 130, "TERM", 143));
        if (Proc.sigintIgnored()) {
            System.out.println("IngestCrashIT: SIGINT is ignored in this environment (a background job of a shell"
                    + " without job control); testing SIGTERM only");
            expected.remove("INT");
        }
        Path hold = tmp.resolve("hold-embedding");
        for (var e : expected.entrySet()) {
            try (Proc p = Proc.rag(
                    tmp,
                    env("-Dcoderag.ingest.holdEmbeddingWhile=" + hold),
                    "ingest",
                    corpus.toString(),
                    "--db",
                    db.toString(),
                    "--name",
                    "c")) {
                // at least one batch of vectors is in (not only the lexical commit before the vectors)
                p.awaitLine(l -> l.matches(".*committed \\d+ of \\d+ files.*"), T);
                // From here the next embedding batch waits, so the run cannot finish before the signal lands however
                // slow the machine (a stop request ends the wait: the stop itself is what is tested).
                Files.createFile(hold);
                // kill -INT / kill -TERM as a user sends them (Process.destroy() would close our end of its pipes
                // first, and its last line would be lost)
                Proc.Result r = p.signal(e.getKey(), T);
                assertThat(r.exitCode()).as(r.err()).isEqualTo(e.getValue());
                System.out.println("IngestCrashIT SIG" + e.getKey() + ":\n" + r.err());
                assertThat(r.err()).containsPattern("(?m)^stopped: kept \\d+ new or changed files of c");
                assertThat(r.err()).doesNotContain("Exception", "\tat ");
            } finally {
                Files.deleteIfExists(hold);
            }
            assertConsistent(db);
            JsonNode repo = status(db);
            assertThat(repo.path("state").asText()).isEqualTo("partial");
            assertThat(repo.path("pending_files").asInt()).isPositive();
            assertThat(repo.path("chunks").path("code").asInt()).isPositive();
        }
        Proc.Result finished = ingest(db, env());
        assertThat(finished.exitCode()).as(finished.err()).isZero();
        assertThat(idsByPath(db)).isEqualTo(cleanIds);
        assertEveryChunkEmbedded(db);
        assertThat(JSON.readTree(finished.out()).path("chunks").path("embedded").asInt())
                .as("the finishing run embeds only what the stopped runs did not commit")
                .isLessThan(cleanEmbedded);
    }

    @Test
    void a_full_disk_fails_with_one_line_and_leaves_the_last_commit_intact() throws Exception {
        Path db = tmp.resolve("full");
        // SQLite's own "database or disk is full" (SQLITE_FULL), as on a full file system: the store may not grow
        // past halfway between what the first commit needs (every chunk with its static-tier vector, measured by a
        // --vectors static ingest of the same corpus) and what the whole ingest needs: the lexical pass fits, the
        // batches that replace the static vectors with the model's do not all fit.
        Path staticDb = tmp.resolve("static-size");
        Proc.Result first = Proc.runRag(
                tmp,
                env(),
                T,
                "ingest",
                corpus.toString(),
                "--db",
                staticDb.toString(),
                "--name",
                "c",
                "--vectors",
                "static");
        assertThat(first.exitCode()).as(first.err()).isZero();
        long pages = (Files.size(staticDb.resolve("store.db")) + Files.size(cleanDb.resolve("store.db"))) / 2 / 4096;
        Proc.Result full = ingest(db, env("-Dcoderag.store.maxPages=" + pages));
        assertThat(full.exitCode()).isEqualTo(1);
        assertThat(full.err()).contains("error: ").contains("full").doesNotContain("Exception", "\tat ");
        assertThat(full.err().lines().filter(l -> l.startsWith("error: "))).hasSize(1);
        assertConsistent(db);
        int kept = idsByPath(db).values().stream().mapToInt(Set::size).sum();
        assertThat(kept).as("the commits before the disk filled up").isPositive();

        Proc.Result resumed = ingest(db, env());
        assertThat(resumed.exitCode()).as(resumed.err()).isZero();
        assertThat(idsByPath(db)).isEqualTo(cleanIds);
        assertEveryChunkEmbedded(db);
    }

    @Test
    void a_second_ingest_on_the_same_store_exits_with_a_clear_message_and_corrupts_nothing() throws Exception {
        Path db = tmp.resolve("two");
        try (Proc first = Proc.rag(tmp, env(), "ingest", corpus.toString(), "--db", db.toString(), "--name", "c")) {
            first.awaitLine(l -> l.contains("committed "), T);
            Proc.Result second = ingest(db, env());
            assertThat(second.exitCode()).isEqualTo(1);
            assertThat(second.err()).contains("another ingest is running");
            Proc.Result r = first.await(T);
            assertThat(r.exitCode()).as(r.err()).isZero();
        }
        assertConsistent(db);
        assertThat(idsByPath(db)).isEqualTo(cleanIds);
    }

    @Test
    void queries_during_a_reingest_never_fail_and_never_see_half_a_file_or_a_deleted_row() throws Exception {
        Path db = Proc.copyTree(cleanDb, tmp.resolve("queried"));
        Path changed = Proc.copyTree(corpus, tmp.resolve("corpus-changed"));
        try (Stream<Path> files = Files.walk(changed)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                // one line more at the top (every chunk moves: every id changes) and new text in every statement
                // (most chunks must be embedded again: the ingest runs in many batches while we search)
                Files.writeString(f, "// changed\n" + Files.readString(f).replace(";", " ;"));
            }
        }
        String model = dev.coderag.store.Store.storedModelId(db).orElseThrow();
        Map<String, Set<String>> before = idsByPath(db);
        List<Map<String, Set<String>>> seen = new ArrayList<>();
        int searches = 0;
        try (dev.coderag.store.Store store = dev.coderag.store.Store.open(db, model, 384);
                Proc ingest =
                        Proc.rag(tmp, env(), "ingest", changed.toString(), "--db", db.toString(), "--name", "c")) {
            List<float[]> probes = new ArrayList<>(store.vectors()
                    .byContentHash(store.chunks().byPath("parse/ChunkParser.java", Optional.empty()).stream()
                            .map(c -> c.chunk().contentHash())
                            .toList())
                    .values());
            List<String> words = List.of("parse tree", "chunk language", "handler query", "record hash");
            // Searches until the ingest has exited, and a few more after it: every one must succeed.
            int after = 0;
            while (after < 20) {
                if (!ingest.isAlive()) {
                    after++;
                }
                for (List<dev.coderag.store.ScoredChunk> hits : List.of(
                        store.lexical()
                                .search(ChunkKind.CODE, words.get(searches % words.size()), 30, SearchFilter.NONE),
                        store.vectors()
                                .search(ChunkKind.CODE, probes.get(searches % probes.size()), 30, SearchFilter.NONE))) {
                    Map<String, Set<String>> byPath = new HashMap<>();
                    for (var h : hits) {
                        byPath.computeIfAbsent(h.chunk().path(), p -> new TreeSet<>())
                                .add(h.id());
                    }
                    seen.add(byPath);
                    searches++;
                }
            }
            Proc.Result r = ingest.await(T);
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(embeddedIn(r.err()))
                    .as("the ingest ran in batches while we searched")
                    .isPositive();
        }
        Map<String, Set<String>> afterIds = idsByPath(db);
        assertThat(searches).isGreaterThan(40);
        for (Map<String, Set<String>> result : seen) {
            result.forEach((path, ids) -> assertThat(
                            before.getOrDefault(path, Set.of()).containsAll(ids)
                                    || afterIds.getOrDefault(path, Set.of()).containsAll(ids))
                    .as("hits of %s come from one version of it, the old or the new: %s", path, ids)
                    .isTrue());
        }
        // the last searches ran after the final commit: no hit of a deleted (old) row
        for (Map<String, Set<String>> result : seen.subList(seen.size() - 10, seen.size())) {
            result.forEach((path, ids) -> assertThat(afterIds.getOrDefault(path, Set.of()))
                    .as("after the ingest, hits of " + path)
                    .containsAll(ids));
        }
    }

    // ---------------------------------------------------------------------------------------------------------

    private static Proc.Result ingest(Path db, Map<String, String> env) {
        return Proc.runRag(tmp, env, T, "ingest", corpus.toString(), "--db", db.toString(), "--name", "c", "--json");
    }

    private static JsonNode status(Path db) throws IOException {
        Proc.Result r = Proc.runRag(tmp, Map.of(), T, "status", "--db", db.toString(), "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        return JSON.readTree(r.out()).path("repos").path(0);
    }

    /** Texts the run said it was embedding, batch by batch (a killed batch counts in full). */
    private static int embeddedIn(String stderr) {
        int n = 0;
        Matcher m = EMBEDDING.matcher(stderr);
        while (m.find()) {
            n += Integer.parseInt(m.group(1));
        }
        return n;
    }

    /** Returns when the run logs its first batch, or has exited (nothing left to embed). */
    private static void awaitEmbeddingOrExit(Proc p) {
        try {
            p.awaitLine(l -> EMBEDDING.matcher(l).find(), T);
        } catch (AssertionError exited) {
            // The run finished (or failed) without a batch: the caller sees it exit.
        }
    }

    /** Texts of the batch a killed run was embedding or writing: its last batch when no commit followed it. */
    private static int inFlight(String stderr) {
        int open = 0;
        for (String line : stderr.lines().toList()) {
            Matcher m = EMBEDDING.matcher(line);
            if (m.find()) {
                open = Integer.parseInt(m.group(1));
            } else if (line.contains("RepoWriter - c: committed ")) {
                open = 0;
            }
        }
        return open;
    }

    /**
     * The store as a reader finds it after a kill: it opens, SQLite finds no damage, every chunk has its BM25 row
     * and its vector (unless its file is still pending: committed before its vectors), and every file is either
     * absent or complete — with exactly the chunks a clean ingest gives it, and a chunk never without its file.
     */
    private static void assertConsistent(Path db) throws SQLException {
        if (!Files.exists(db.resolve("store.db"))) {
            return; // killed before the store was created
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db.resolve("store.db"));
                Statement st = c.createStatement()) {
            assertThat(one(st, "PRAGMA integrity_check")).isEqualTo("ok");
            assertThat(one(
                            st,
                            "SELECT count(*) FROM vectors v LEFT JOIN chunks c ON c.rid = v.rid WHERE c.rid IS NULL"))
                    .as("vectors without their chunk")
                    .isEqualTo("0");
            // lexical first: a chunk may lack its vector only while its file is pending (docs/STORE.md)
            assertThat(one(
                            st,
                            "SELECT count(*) FROM chunks c LEFT JOIN vectors v ON v.rid = c.rid"
                                    + " JOIN files f ON f.repo = c.repo AND f.path = c.path"
                                    + " WHERE v.rid IS NULL AND f.file_hash NOT LIKE 'pending:%'"))
                    .as("chunks without a vector in a file that is not pending")
                    .isEqualTo("0");
            for (String kind : List.of("code", "readme", "manifest", "module_doc")) {
                assertThat(one(st, "SELECT count(*) FROM fts_" + kind))
                        .as("BM25 rows of " + kind)
                        .isEqualTo(one(st, "SELECT count(*) FROM chunks WHERE kind = '" + kind + "'"));
            }
            assertThat(one(
                            st,
                            "SELECT count(*) FROM chunks c WHERE NOT EXISTS"
                                    + " (SELECT 1 FROM files f WHERE f.repo = c.repo AND f.path = c.path)"))
                    .as("chunks without their file")
                    .isEqualTo("0");
            Map<String, Set<String>> ids = idsByPath(db);
            Set<String> files = new TreeSet<>();
            try (ResultSet rs = st.executeQuery("SELECT path FROM files")) {
                while (rs.next()) {
                    files.add(rs.getString(1));
                }
            }
            for (String path : files) {
                assertThat(ids.getOrDefault(path, Set.of()))
                        .as("chunks of " + path + " (a file is committed whole)")
                        .isEqualTo(cleanIds.getOrDefault(path, Set.of()));
            }
        }
    }

    /** After a finished run: every chunk has its vector and no file is pending. */
    private static void assertEveryChunkEmbedded(Path db) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db.resolve("store.db"));
                Statement st = c.createStatement()) {
            assertThat(one(st, "SELECT count(*) FROM chunks")).isEqualTo(one(st, "SELECT count(*) FROM vectors"));
            assertThat(one(st, "SELECT count(*) FROM files WHERE file_hash LIKE 'pending:%'"))
                    .isEqualTo("0");
        }
    }

    private static String one(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            assertThat(rs.next()).isTrue();
            return rs.getString(1);
        }
    }

    private static Map<String, Set<String>> idsByPath(Path db) {
        Map<String, Set<String>> out = new HashMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db.resolve("store.db"));
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT path, id FROM chunks")) {
            while (rs.next()) {
                out.computeIfAbsent(rs.getString(1), p -> new TreeSet<>()).add(rs.getString(2));
            }
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
        return out;
    }
}
