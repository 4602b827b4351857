package dev.coderag.solrit;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * {@code ./rag …} as a user runs it (the real launcher, which execs the JVM), with the test JVM's environment plus
 * some variables. Output is collected line by line, so a test waits for a line (a server's URL) instead of
 * sleeping.
 */
final class Rag implements AutoCloseable {
    static final Path LAUNCHER = SolrCluster.ROOT.resolve("rag");

    /** What a finished process left. */
    record Result(int exitCode, String out, String err) {
        String lastLine() {
            List<String> lines = out.strip().lines().toList();
            return lines.isEmpty() ? "" : lines.getLast();
        }
    }

    private final Process process;
    private final List<String> out = new ArrayList<>();
    private final List<String> err = new ArrayList<>();
    private final CompletableFuture<Void> outDone;
    private final CompletableFuture<Void> errDone;

    private Rag(Process process, boolean pumpOut) {
        this.process = process;
        this.outDone = pumpOut ? pump(process.inputReader(StandardCharsets.UTF_8), out) : null;
        this.errDone =
                pump(new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8)), err);
    }

    /** Starts {@code ./rag args} in {@code cwd}; {@code pumpOut} false leaves stdout to the caller (MCP). */
    static Rag start(Path cwd, Map<String, String> env, boolean pumpOut, String... args) {
        List<String> command = new ArrayList<>();
        command.add(LAUNCHER.toString());
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile());
        pb.environment()
                .put("RAG_NO_TOKEN", "true"); // its clients send no token; rag-cli TokenDefaultIT covers the default
        pb.environment().putAll(env);
        try {
            return new Rag(pb.start(), pumpOut);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs {@code ./rag args} to the end. */
    static Result run(Path cwd, Map<String, String> env, Duration timeout, String... args) {
        try (Rag rag = start(cwd, env, true, args)) {
            return rag.await(timeout);
        }
    }

    Process process() {
        return process;
    }

    Result await(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("./rag did not finish in " + timeout + "; stderr: " + text(err));
            }
            if (outDone != null) {
                outDone.get(30, TimeUnit.SECONDS);
            }
            errDone.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        return new Result(process.exitValue(), text(out), text(err));
    }

    /** Waits for a line of stdout that {@code match}es. */
    String awaitLine(Predicate<String> match, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            synchronized (out) {
                for (String line : out) {
                    if (match.test(line)) {
                        return line;
                    }
                }
                if (!process.isAlive()) {
                    break;
                }
                try {
                    out.wait(200);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        throw new AssertionError("no such line; stdout: " + text(out) + "\nstderr: " + text(err));
    }

    String stderr() {
        return text(err);
    }

    /** SIGTERM, then SIGKILL after the grace period. */
    void terminate(Duration grace) {
        process.destroy();
        try {
            if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            terminate(Duration.ofSeconds(30));
        }
    }

    private static CompletableFuture<Void> pump(BufferedReader reader, List<String> lines) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread t = new Thread(
                () -> {
                    try (reader) {
                        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                            synchronized (lines) {
                                lines.add(line);
                                lines.notifyAll();
                            }
                        }
                    } catch (IOException e) {
                        // the process is gone
                    } finally {
                        done.complete(null);
                    }
                },
                "rag-output");
        t.setDaemon(true);
        t.start();
        return done;
    }

    private static String text(List<String> lines) {
        synchronized (lines) {
            return String.join("\n", lines);
        }
    }
}
