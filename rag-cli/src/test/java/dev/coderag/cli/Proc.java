package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Child processes as a user runs them: {@code ./rag …} from the repository root (the real launcher script,
 * which execs the JVM) or any other command line. Output is collected line by line, so a test can wait for
 * a line (the server's URL) instead of sleeping.
 */
final class Proc implements AutoCloseable {
    /** The repository root (failsafe passes it; the tests run from rag-cli/). */
    static final Path ROOT =
            Path.of(System.getProperty("rag.root", "..")).toAbsolutePath().normalize();

    static final Path LAUNCHER = ROOT.resolve("rag");
    static final Path FIXTURE = ROOT.resolve("raptor-ingest/src/test/resources/fixture-repo");
    private static final Pattern URL = Pattern.compile("(http://[0-9.]+:\\d+)/?");

    /** What a finished process left. */
    record Result(int exitCode, String out, String err) {}

    private final Process process;
    private final List<String> outLines = new ArrayList<>();
    private final List<String> errLines = new ArrayList<>();
    private final CompletableFuture<Void> outDone;
    private final CompletableFuture<Void> errDone;
    private final List<Watch> watches = new ArrayList<>();

    private record Watch(Predicate<String> match, CompletableFuture<String> found) {}

    private Proc(Process process) {
        this.process = process;
        // One thread per stream (not the common pool: a server's pumps block for as long as it runs).
        this.outDone = pumpInThread(process.inputReader(StandardCharsets.UTF_8), outLines);
        this.errDone = pumpInThread(
                new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8)), errLines);
    }

    /** Starts {@code ./rag args} in {@code cwd} with the test JVM's environment plus {@code env}. */
    static Proc rag(Path cwd, Map<String, String> env, String... args) {
        List<String> command = new ArrayList<>();
        command.add(LAUNCHER.toString());
        command.addAll(List.of(args));
        return start(command, cwd, env, false);
    }

    /**
     * Starts {@code command}; with {@code cleanEnv} the child sees only {@code env} (as a container does),
     * otherwise the test JVM's environment plus {@code env}.
     */
    static Proc start(List<String> command, Path cwd, Map<String, String> env, boolean cleanEnv) {
        List<String> resolved = new ArrayList<>(command);
        if (cleanEnv && !resolved.getFirst().contains("/")) {
            // As in a container, the program is looked up on the child's PATH (ProcessBuilder uses ours).
            resolved.set(0, which(resolved.getFirst(), env.getOrDefault("PATH", "")));
        }
        ProcessBuilder pb = new ProcessBuilder(resolved).directory(cwd.toFile());
        if (cleanEnv) {
            pb.environment().clear();
        } else {
            // the servers these tests start talk to clients that send no token (TokenDefaultIT covers the default);
            // and no test may make a token file in the real home
            pb.environment().put("RAG_NO_TOKEN", "true");
        }
        pb.environment().putAll(env);
        pb.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        try {
            return new Proc(pb.start());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
    }

    private static String which(String program, String path) {
        for (String dir : path.split(":")) {
            Path candidate = Path.of(dir, program);
            if (!dir.isEmpty() && Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        throw new AssertionError(program + " is not on PATH " + path);
    }

    /** Runs {@code ./rag args} to completion. */
    static Result runRag(Path cwd, Map<String, String> env, Duration timeout, String... args) {
        try (Proc p = rag(cwd, env, args)) {
            return p.await(timeout);
        }
    }

    /** Waits for the process to exit and returns its output; fails the test on timeout. */
    Result await(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("still running after " + timeout + "; stderr so far:\n" + err());
            }
            outDone.get(10, TimeUnit.SECONDS);
            errDone.get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        } catch (ExecutionException | TimeoutException e) {
            throw new AssertionError(e);
        }
        return new Result(process.exitValue(), out(), err());
    }

    /**
     * Waits until stdout or stderr shows {@code http://host:port} and returns it (without a trailing slash);
     * fails if the process exits first.
     */
    String awaitUrl(Duration timeout) {
        String line = awaitLine(l -> URL.matcher(l).find(), timeout);
        Matcher m = URL.matcher(line);
        assertThat(m.find()).isTrue();
        return m.group(1);
    }

    /** Waits for a line (stdout or stderr) that matches. */
    String awaitLine(Predicate<String> match, Duration timeout) {
        CompletableFuture<String> found = new CompletableFuture<>();
        synchronized (this) {
            for (String l : Stream.concat(outLines.stream(), errLines.stream()).toList()) {
                if (match.test(l)) {
                    return l;
                }
            }
            watches.add(new Watch(match, found));
        }
        process.onExit().thenRun(() -> {
            outDone.join();
            errDone.join();
            found.completeExceptionally(new AssertionError("process exited with " + process.exitValue()
                    + " before printing the expected line; stdout:\n" + out() + "\nstderr:\n" + err()));
        });
        try {
            return found.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof AssertionError a ? a : new AssertionError(e.getCause());
        } catch (TimeoutException e) {
            throw new AssertionError(
                    "no matching line within " + timeout + "; stdout:\n" + out() + "\nstderr:\n" + err());
        }
    }

    /** True when the process exits within {@code timeout} (its output is then complete: see {@link #await}). */
    boolean exitsWithin(Duration timeout) {
        try {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Sends SIGKILL (an OOM kill, a power cut as far as the process can tell) and waits for the exit. */
    Result kill(Duration timeout) {
        process.destroyForcibly();
        return await(timeout);
    }

    /** Sends a signal ({@code INT}: Ctrl-C, {@code TERM}: kill) with kill(1) and waits for the exit. */
    Result signal(String name, Duration timeout) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid()))
                    .inheritIO()
                    .start();
            kill.waitFor();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
        return await(timeout);
    }

    /**
     * Whether this JVM was started with SIGINT ignored, as a shell without job control starts a background command
     * ({@code cmd &} in a script): the children inherit that, the JVM then installs no handler for it, and a
     * {@code kill -INT} does nothing. A test of Ctrl-C cannot run there; SIGTERM is unaffected.
     */
    static boolean sigintIgnored() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("SigIgn:")) {
                    return (Long.parseUnsignedLong(
                                            line.substring("SigIgn:".length()).strip(), 16)
                                    & (1L << 1))
                            != 0;
                }
            }
        } catch (IOException e) {
            return false; // not Linux: assume the default disposition
        }
        return false;
    }

    /** Sends SIGTERM (what {@code kill} and {@code docker stop} send) and waits for the exit. */
    Result terminate(Duration timeout) {
        process.destroy();
        return await(timeout);
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    synchronized String out() {
        return String.join("\n", outLines);
    }

    synchronized String err() {
        return String.join("\n", errLines);
    }

    private CompletableFuture<Void> pumpInThread(BufferedReader reader, List<String> sink) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread.ofPlatform().daemon().name("proc-" + process.pid()).start(() -> {
            pump(reader, sink);
            done.complete(null);
        });
        return done;
    }

    private void pump(BufferedReader reader, List<String> sink) {
        try (reader) {
            String line;
            while ((line = reader.readLine()) != null) {
                synchronized (this) {
                    sink.add(line);
                    String l = line;
                    watches.removeIf(w -> w.match().test(l) && w.found().complete(l));
                }
            }
        } catch (IOException e) {
            // The process is gone; what was read is kept.
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
    }

    /** A store built by {@code ./rag ingest} from a copy of the fixture repo (named tinyroute). */
    record FixtureStore(Path repo, Path db, Result ingest) {}

    private static FixtureStore shared;

    /**
     * The fixture store shared by the test classes of this JVM (embedding is the slow part: build it once).
     * Read it freely; copy it with {@link #copyTree} before changing it.
     */
    static synchronized FixtureStore sharedStore() {
        if (shared == null) {
            Path dir = ROOT.resolve("rag-cli/target/it-fixture");
            deleteTree(dir);
            try {
                Path repo = copyFixture(Files.createDirectories(dir.resolve("tinyroute")));
                Path db = dir.resolve("store");
                Result ingest =
                        runRag(dir, Map.of(), Duration.ofMinutes(5), "ingest", repo.toString(), "--db", db.toString());
                assertThat(ingest.exitCode())
                        .as("ingest of the fixture: " + ingest.err())
                        .isZero();
                shared = new FixtureStore(repo, db, ingest);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return shared;
    }

    /** Copies a directory tree (a store, a repo) to {@code to}. */
    static Path copyTree(Path from, Path to) {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path src : files.toList()) {
                Path dst = to.resolve(from.relativize(src).toString());
                if (Files.isDirectory(src)) {
                    Files.createDirectories(dst);
                } else {
                    Files.copy(src, dst);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return to;
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Copies the polyglot fixture repository to {@code dir} (a plain directory, outside this git checkout). */
    static Path copyFixture(Path dir) {
        return copyTree(FIXTURE, dir);
    }
}
