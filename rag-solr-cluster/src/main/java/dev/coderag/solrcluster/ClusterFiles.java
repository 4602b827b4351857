package dev.coderag.solrcluster;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * A cluster directory's bookkeeping: {@code cluster.properties} (the ports, so a stopped cluster starts again on the
 * same ones) and the pid files, and which recorded processes still run. A pid counts only while its process's
 * command line names the directory ({@link #MARKER}): a pid file outlives its process, and its number may since
 * belong to another. Pure file and process-table access; no Solr.
 */
final class ClusterFiles {
    /** The JVM option every child carries, followed by the cluster directory. */
    static final String MARKER = "-Dcoderag.solrcluster.dir=";

    private ClusterFiles() {}

    static void writeProperties(Path dir, int zkPort, int[] ports) {
        Properties p = new Properties();
        p.setProperty("zk.port", Integer.toString(zkPort));
        for (int i = 0; i < ports.length; i++) {
            p.setProperty("node." + (i + 1) + ".port", Integer.toString(ports[i]));
        }
        try (OutputStream out = Files.newOutputStream(dir.resolve("cluster.properties"))) {
            p.store(out, "local SolrCloud (rag-solr-cluster)");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Properties readProperties(Path dir) {
        Properties p = new Properties();
        Path file = dir.resolve("cluster.properties");
        if (Files.isRegularFile(file)) {
            try (InputStream in = Files.newInputStream(file)) {
                p.load(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return p;
    }

    /**
     * The processes of {@code dir}'s pid files that still run with this directory on their command line, nodes
     * first, ZooKeeper last.
     */
    static List<ProcessHandle> runningPids(Path dir) {
        List<Path> files = new ArrayList<>();
        for (int i = 1; i <= 9; i++) {
            files.add(dir.resolve("node-" + i + ".pid"));
        }
        files.add(dir.resolve("zk.pid"));
        List<ProcessHandle> out = new ArrayList<>();
        for (Path f : files) {
            if (!Files.isRegularFile(f)) {
                continue;
            }
            try {
                long pid = Long.parseLong(Files.readString(f).strip());
                ProcessHandle.of(pid)
                        .filter(ProcessHandle::isAlive)
                        .filter(h -> h.info()
                                .commandLine()
                                .map(c -> c.contains(MARKER + dir))
                                .orElse(false))
                        .ifPresent(out::add);
            } catch (IOException | NumberFormatException e) {
                // A damaged pid file names no process of ours.
            }
        }
        return out;
    }

    /** Deletes every pid file of {@code dir}. */
    static void deletePidFiles(Path dir) {
        try (var files = Files.list(dir)) {
            files.filter(f -> f.getFileName().toString().endsWith(".pid")).forEach(ClusterFiles::deleteQuietly);
        } catch (IOException ignored) {
            // Nothing to clean.
        }
    }

    static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // A stale pid file is checked against the process's command line anyway.
        }
    }
}
