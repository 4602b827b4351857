package dev.coderag.solrit;

import dev.coderag.solrcluster.LocalSolrCluster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The one local SolrCloud of a test run: ZooKeeper and {@link #NODES} Solr nodes in child JVMs, started by the
 * first test class that needs it and stopped cleanly (SIGTERM, then the directory deleted) when the whole run
 * ends — JUnit closes it from the root context's store. Nodes use a ZooKeeper session timeout of
 * {@link #ZK_TIMEOUT}, so a killed node's shards move within seconds. Every test class gets collections of its
 * own ({@link #collection}). Solr asks for a login, as every {@code LocalSolrCluster} does: the extension gives
 * the cluster's generated one to the stores this JVM opens through the {@code rag.solr.auth} property (the
 * store's in-process counterpart of {@code RAG_SOLR_AUTH}, which a test cannot set in its own environment).
 */
public final class SolrCluster implements BeforeAllCallback {
    static final int NODES = 2;
    static final Duration ZK_TIMEOUT = Duration.ofSeconds(8);
    public static final Path ROOT =
            Path.of(System.getProperty("rag.root", "..")).toAbsolutePath().normalize();

    private static final AtomicInteger COLLECTIONS = new AtomicInteger();
    private static LocalSolrCluster cluster;

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getRoot()
                .getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(SolrCluster.class, k -> new Running(start()), Running.class);
    }

    /** The running cluster (started by the extension). */
    public static synchronized LocalSolrCluster get() {
        if (cluster == null) {
            throw new IllegalStateException("annotate the test class with @ExtendWith(SolrCluster.class)");
        }
        return cluster;
    }

    /** A new collection name, unique in this run. */
    public static String collection(String prefix) {
        return prefix + "_" + COLLECTIONS.incrementAndGet();
    }

    /** The store URL of a new collection with 2 shards of 2 replicas. */
    public static String storeUrl(String prefix) {
        return get().storeUrl(collection(prefix), 2, 2);
    }

    private static synchronized LocalSolrCluster start() {
        if (cluster == null) {
            Path dir;
            try {
                dir = Files.createTempDirectory("coderag-solr-it-");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            cluster = LocalSolrCluster.start(
                    dir, NODES, ZK_TIMEOUT, LocalSolrCluster.moduleClasspath(ROOT.resolve("rag-solr-cluster")));
            System.setProperty("rag.solr.auth", cluster.credentials().userColonPassword());
        }
        return cluster;
    }

    /** Stops the cluster at the end of the run and deletes its directory. */
    private record Running(LocalSolrCluster cluster) implements AutoCloseable {
        @Override
        public void close() {
            Path dir = cluster.directory();
            cluster.close();
            try (Stream<Path> walk = Files.walk(dir)) {
                walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                // best effort
            }
        }
    }
}
