package dev.coderag.solrcluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.function.BooleanSupplier;

/**
 * A local SolrCloud: one ZooKeeper and N Solr nodes, each a child JVM on 127.0.0.1, with everything in one
 * directory — {@code cluster.properties} (ports), {@code zk.pid}/{@code node-<i>.pid}, {@code zk.log}/
 * {@code node-<i>.log}, ZooKeeper's data in {@code zk/}, each node's home (cores, indexes, transaction logs) in
 * {@code node-<i>/}, and the Solr login in {@code solr-auth} ({@code user:password}, owner-only). Uses only the JDK: the JVM that drives it needs none of Solr's classes, only the nodes'
 * classpath ({@link #moduleClasspath}).
 *
 * <p>Solr asks for that login on every request (BasicAuthPlugin, {@code blockUnknown}; the nodes talk to each other
 * with Solr's own PKI authentication): {@link #start} generates it on a directory's first start, keeps it for the
 * later ones, and puts the matching security.json into ZooKeeper before any node starts. A request without it gets
 * 401, so a web page the developer visits cannot write to or delete from the cluster through the browser.
 * ZooKeeper itself has no login and listens on loopback only, like the nodes.
 *
 * <p>A cluster started by {@link #start} belongs to this JVM: {@link #close()} stops it, and so does a shutdown
 * hook if the JVM exits first ({@code detach()} hands it over to {@link #stop(Path)} instead, for
 * {@code ./rag dev-cluster}). Nodes are numbered from 1. Not thread-safe.
 */
public final class LocalSolrCluster implements AutoCloseable {
    /** How long a node or ZooKeeper may take to come up on a loaded 2-core machine. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);

    private final Path dir;
    private final Duration zkClientTimeout;
    private final int zkPort;
    private final int[] ports;
    private final Process[] nodes;
    private final ChildJvms jvms;
    private final SolrCredentials credentials;
    private final Probes probes;
    private Process zk;
    private Thread hook;

    private LocalSolrCluster(
            Path dir,
            List<Path> classpath,
            Duration zkClientTimeout,
            int zkPort,
            int[] ports,
            SolrCredentials credentials) {
        this.dir = dir;
        this.credentials = credentials;
        this.probes = new Probes(credentials);
        this.zkClientTimeout = zkClientTimeout;
        this.zkPort = zkPort;
        this.ports = ports;
        this.nodes = new Process[ports.length];
        this.jvms =
                new ChildJvms(dir, classpath.stream().map(Path::toAbsolutePath).toList());
    }

    /**
     * Starts ZooKeeper and {@code nodeCount} nodes in {@code dir} (created when absent; a directory of a stopped
     * cluster is reused, with its ports, data and login) and returns once every node is live in ZooKeeper. Solr
     * asks for {@link #credentials()} from the first request on.
     *
     * @param zkClientTimeout the nodes' ZooKeeper session timeout: how long a killed node stays "live" and leads
     *     its shards before the others take over (between 4 and 40 seconds)
     * @param classpath the nodes' classpath ({@link #moduleClasspath})
     * @throws IllegalStateException when a cluster already runs in {@code dir} or a process fails to start
     */
    public static LocalSolrCluster start(Path dir, int nodeCount, Duration zkClientTimeout, List<Path> classpath) {
        if (nodeCount < 1 || nodeCount > 9) {
            throw new IllegalArgumentException("nodes must be between 1 and 9, not " + nodeCount);
        }
        if (zkClientTimeout.toMillis() < 4000 || zkClientTimeout.toMillis() > 40_000) {
            throw new IllegalArgumentException("zkClientTimeout must be between 4 and 40 s");
        }
        Path abs = dir.toAbsolutePath().normalize();
        try {
            Files.createDirectories(abs);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!ClusterFiles.runningPids(abs).isEmpty()) {
            throw new IllegalStateException("a cluster is already running in " + abs + " (stop it first)");
        }
        Properties saved = ClusterFiles.readProperties(abs);
        int zkPort = Integer.parseInt(saved.getProperty("zk.port", Integer.toString(Probes.freePort())));
        int[] ports = new int[nodeCount];
        for (int i = 0; i < nodeCount; i++) {
            ports[i] = Integer.parseInt(
                    saved.getProperty("node." + (i + 1) + ".port", Integer.toString(Probes.freePort())));
        }
        SecureRandom random = new SecureRandom();
        SolrCredentials credentials = ClusterSecurity.loadOrCreate(abs, random);
        LocalSolrCluster cluster = new LocalSolrCluster(abs, classpath, zkClientTimeout, zkPort, ports, credentials);
        ClusterFiles.writeProperties(abs, zkPort, ports);
        cluster.hook = new Thread(cluster::close, "solr-cluster-stop");
        Runtime.getRuntime().addShutdownHook(cluster.hook);
        try {
            cluster.startZooKeeper();
            cluster.putSecurityJson(random);
            for (int i = 1; i <= nodeCount; i++) {
                cluster.launchNode(i);
            }
            cluster.awaitLiveNodes(nodeCount);
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
        return cluster;
    }

    /** The classpath of the nodes from this module's build: {@code target/classes} and {@code target/classpath.txt}. */
    public static List<Path> moduleClasspath(Path moduleDir) {
        Path target = moduleDir.resolve("target");
        Path file = target.resolve("classpath.txt");
        try {
            List<Path> out = new ArrayList<>();
            out.add(target.resolve("classes"));
            for (String entry : Files.readString(file).strip().split(java.io.File.pathSeparator)) {
                if (!entry.isBlank()) {
                    out.add(Path.of(entry));
                }
            }
            return out;
        } catch (IOException e) {
            throw new IllegalStateException(
                    "no node classpath at " + file + " (build it: ./mvnw -pl rag-solr-cluster package)", e);
        }
    }

    /** The base URLs of the nodes, {@code http://127.0.0.1:<port>/solr}, node 1 first. */
    public List<String> nodeUrls() {
        List<String> out = new ArrayList<>();
        for (int port : ports) {
            out.add("http://127.0.0.1:" + port + "/solr");
        }
        return out;
    }

    /** The store URL of a collection on this cluster: {@code solr://127.0.0.1:p1/solr,…?collection=…}. */
    public String storeUrl(String collection, int shards, int replicas) {
        StringBuilder sb = new StringBuilder("solr://");
        for (int i = 0; i < ports.length; i++) {
            sb.append(i == 0 ? "" : ",").append("127.0.0.1:").append(ports[i]).append("/solr");
        }
        return sb + "?collection=" + collection + "&shards=" + shards + "&replicas=" + replicas;
    }

    /** The Solr login every request needs (HTTP basic authentication). */
    public SolrCredentials credentials() {
        return credentials;
    }

    /** The file holding {@link #credentials()} as {@code user:password} (owner-only), for {@code RAG_SOLR_AUTH}. */
    public Path credentialsFile() {
        return dir.resolve(ClusterSecurity.CREDENTIALS_FILE);
    }

    public int zkPort() {
        return zkPort;
    }

    public Path directory() {
        return dir;
    }

    /** Whether node {@code i}'s JVM is running. */
    public boolean isRunning(int i) {
        Process p = nodes[i - 1];
        return p != null && p.isAlive();
    }

    /** Kills node {@code i} with SIGKILL (no shutdown of any kind) and waits until its process is gone. */
    public void kill(int i) {
        Process p = nodes[i - 1];
        if (p == null) {
            return;
        }
        p.destroyForcibly();
        await(() -> !p.isAlive(), STOP_TIMEOUT, "node " + i + " to die");
        nodes[i - 1] = null;
    }

    /** Starts node {@code i} again (same port, same home: its cores recover from the others) and waits until live. */
    public void restart(int i) {
        if (isRunning(i)) {
            throw new IllegalStateException("node " + i + " is running");
        }
        launchNode(i);
        awaitLive(i);
    }

    /** Waits until ZooKeeper lists node {@code i} as live. */
    public void awaitLive(int i) {
        String name = "127.0.0.1:" + ports[i - 1] + "_solr";
        await(() -> liveNodes().contains(name), START_TIMEOUT, "node " + i + " to join the cluster");
    }

    /** The live nodes ZooKeeper knows, as any running node reports them; empty when none answers. */
    public List<String> liveNodes() {
        for (int k = 0; k < ports.length; k++) {
            if (nodes[k] == null || !nodes[k].isAlive()) {
                continue;
            }
            Optional<String> body = probes.get(nodeUrls().get(k) + "/admin/collections?action=CLUSTERSTATUS&wt=json");
            if (body.isPresent()) {
                return ClusterStatusJson.liveNodes(body.get());
            }
        }
        return List.of();
    }

    /** Stops every node (SIGTERM: Solr shuts down cleanly), then ZooKeeper; idempotent. */
    @Override
    public void close() {
        for (int i = 0; i < nodes.length; i++) {
            ChildJvms.terminate(nodes[i], STOP_TIMEOUT);
            nodes[i] = null;
            ClusterFiles.deleteQuietly(dir.resolve("node-" + (i + 1) + ".pid"));
        }
        ChildJvms.terminate(zk, STOP_TIMEOUT);
        zk = null;
        ClusterFiles.deleteQuietly(dir.resolve("zk.pid"));
        Thread h = hook;
        hook = null;
        if (h != null && Thread.currentThread() != h) {
            try {
                Runtime.getRuntime().removeShutdownHook(h);
            } catch (IllegalStateException ignored) {
                // The JVM is already shutting down.
            }
        }
    }

    /** Leaves the processes running after this JVM exits; {@link #stop(Path)} stops them. */
    public void detach() {
        Thread h = hook;
        hook = null;
        if (h != null) {
            Runtime.getRuntime().removeShutdownHook(h);
        }
    }

    /**
     * Stops the cluster whose pid files are in {@code dir}: each process that is still the one this launcher
     * started there (its command line names the directory) gets SIGTERM, then SIGKILL if it has not exited within
     * a minute; nodes first, ZooKeeper last.
     *
     * @return how many processes were stopped
     */
    public static int stop(Path dir) {
        Path abs = dir.toAbsolutePath().normalize();
        List<ProcessHandle> running = ClusterFiles.runningPids(abs);
        for (ProcessHandle p : running) { // pid files are listed nodes first, zk.pid last
            p.destroy();
            try {
                p.onExit().get(STOP_TIMEOUT.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                p.destroyForcibly();
            }
        }
        ClusterFiles.deletePidFiles(abs);
        return running.size();
    }

    // ---------------------------------------------------------------------------------------------------------

    private void startZooKeeper() {
        // Loopback only, no admin server (it would open :8080), only the "ruok" probe among the four-letter words.
        String config = String.join(
                "\n",
                "tickTime=2000",
                "dataDir=" + dir.resolve("zk"),
                "clientPort=" + zkPort,
                "clientPortAddress=127.0.0.1",
                "maxClientCnxns=200",
                "admin.enableServer=false",
                "4lw.commands.whitelist=ruok",
                "");
        try {
            Files.writeString(dir.resolve("zoo.cfg"), config);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> cmd = jvms.java("128m");
        cmd.add("-Dzookeeper.admin.enableServer=false");
        cmd.add("org.apache.zookeeper.server.quorum.QuorumPeerMain");
        cmd.add(dir.resolve("zoo.cfg").toString());
        zk = jvms.launch(cmd, "zk");
        await(() -> Probes.zkAnswers(zkPort), START_TIMEOUT, "ZooKeeper to answer on port " + zkPort);
    }

    /** Puts the login's security.json into ZooKeeper (a short-lived JVM with ZooKeeper's client) and waits for it. */
    private void putSecurityJson(SecureRandom random) {
        Path json = ClusterSecurity.writeSecurityJson(dir, credentials, random);
        List<String> cmd = jvms.java("128m");
        cmd.add(ZkSecurity.class.getName());
        cmd.add("127.0.0.1:" + zkPort);
        cmd.add(json.toString());
        Process p = jvms.launch(cmd, "zk-security");
        try {
            await(() -> !p.isAlive(), START_TIMEOUT, "security.json to be put into ZooKeeper");
        } finally {
            ChildJvms.terminate(p, STOP_TIMEOUT);
            ClusterFiles.deleteQuietly(dir.resolve("zk-security.pid"));
        }
        if (p.exitValue() != 0) {
            throw new IllegalStateException(
                    "could not put security.json into ZooKeeper; see " + dir.resolve("zk-security.log"));
        }
    }

    private void launchNode(int i) {
        List<String> cmd = jvms.java("512m");
        cmd.add("-Dsolr.log.dir=" + dir.resolve("logs"));
        cmd.add(SolrNode.class.getName());
        cmd.add(dir.resolve("node-" + i).toString());
        cmd.add(Integer.toString(ports[i - 1]));
        cmd.add("127.0.0.1:" + zkPort);
        cmd.add(Long.toString(zkClientTimeout.toMillis()));
        nodes[i - 1] = jvms.launch(cmd, "node-" + i);
    }

    private void awaitLiveNodes(int n) {
        await(() -> liveNodes().size() >= n, START_TIMEOUT, n + " Solr nodes to join the cluster");
    }

    /** Polls {@code condition} until it holds; fails naming what it waited for, with the tail of a dead child's log. */
    private void await(BooleanSupplier condition, Duration timeout, String what) {
        long deadline = System.nanoTime() + timeout.toNanos();
        long pause = 50;
        while (!condition.getAsBoolean()) {
            String dead = deadChild();
            if (dead != null) {
                throw new IllegalStateException(
                        "while waiting for " + what + ": " + dead + " exited; see " + dir.resolve(dead + ".log"));
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "timed out after " + timeout.toSeconds() + " s waiting for " + what + " (logs in " + dir + ")");
            }
            try {
                Thread.sleep(pause); // waiting on other processes: nothing to be notified by
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + what, e);
            }
            pause = Math.min(500, pause * 2);
        }
    }

    private String deadChild() {
        if (zk != null && !zk.isAlive()) {
            return "zk";
        }
        for (int i = 0; i < nodes.length; i++) {
            if (nodes[i] != null && !nodes[i].isAlive()) {
                return "node-" + (i + 1);
            }
        }
        return null;
    }
}
