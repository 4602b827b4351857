package dev.coderag.solrcluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The child JVMs of one cluster directory: their command line (this JVM's {@code java}, a small serial-GC heap, the
 * nodes' classpath and the directory {@link ClusterFiles#MARKER marker}), their start with output appended to
 * {@code <name>.log} and the pid in {@code <name>.pid}, and their stop.
 */
final class ChildJvms {
    private final Path dir;
    private final List<Path> classpath;

    /** @param classpath absolute entries */
    ChildJvms(Path dir, List<Path> classpath) {
        this.dir = dir;
        this.classpath = List.copyOf(classpath);
    }

    /** {@code java} with {@code heap} as its maximum heap and the classpath; the caller adds the main class. */
    List<String> java(String heap) {
        String javaBin = ProcessHandle.current()
                .info()
                .command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> cmd = new ArrayList<>(List.of(
                javaBin,
                "-Xmx" + heap,
                "-XX:+UseSerialGC",
                "--enable-native-access=ALL-UNNAMED",
                "-Djava.net.preferIPv4Stack=true",
                ClusterFiles.MARKER + dir));
        cmd.add("-cp");
        cmd.add(String.join(
                java.io.File.pathSeparator,
                classpath.stream().map(Path::toString).toList()));
        return cmd;
    }

    /** Starts a child process writing to {@code <name>.log} (appended) and records its pid in {@code <name>.pid}. */
    Process launch(List<String> cmd, String name) {
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd)
                    .directory(dir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(
                            dir.resolve(name + ".log").toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            Process p = pb.start();
            Files.writeString(dir.resolve(name + ".pid"), p.pid() + "\n");
            return p;
        } catch (IOException e) {
            throw new IllegalStateException("cannot start " + name + ": " + e.getMessage(), e);
        }
    }

    /** SIGTERM, then SIGKILL if {@code p} has not exited within {@code timeout}; nothing for null or a dead one. */
    static void terminate(Process p, Duration timeout) {
        if (p == null || !p.isAlive()) {
            return;
        }
        p.destroy();
        try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly().waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
