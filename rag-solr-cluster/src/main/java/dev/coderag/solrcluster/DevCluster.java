package dev.coderag.solrcluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ./rag dev-cluster start|stop}: a local SolrCloud for development, started in the background. The nodes
 * run on this JVM's own classpath (the launcher starts it with the module's classpath). {@code start} prints the
 * {@code solr://} store URL as its last line once every node is live and exits, leaving the cluster running; before
 * it, where the Solr login is (Solr refuses anonymous requests) and how to hand it to coderag through
 * {@code RAG_SOLR_AUTH} without the password appearing on a command line; {@code stop} stops the cluster whose pid files are in the directory. Exit codes: 0 success, 1 failure, 2 bad
 * usage.
 */
public final class DevCluster {
    static final String USAGE = """
            Usage: ./rag dev-cluster start [--nodes N] [--dir DIR] [--zk-timeout SECONDS]
                                           [--collection NAME] [--shards S] [--replicas R]
                   ./rag dev-cluster stop [--dir DIR]

            A local SolrCloud for development and tests: ZooKeeper and N Solr 9 nodes (default 2), each a JVM
            on 127.0.0.1 (about 0.3-0.5 GB of memory per node), with ports, pid files, logs and data in DIR
            (default .rag-solr). start returns once every node is live and prints, as its last line, the
            store URL to use with --store or RAG_STORE (the collection is created on first use with S shards
            (default: N) and R replicas each (default: 2, at most N)). stop stops it; a later start in the same
            DIR comes back with the same ports, data and login. Not for production: see docs/SCALE.md and
            docker/docker-compose-solr.yaml.

            Solr asks for a login on every request (HTTP basic authentication; anonymous requests get 401, so
            a web page open in your browser cannot write to it). The first start generates it and keeps it in
            DIR/solr-auth as user:password, readable only by you; coderag reads it from RAG_SOLR_AUTH:
                export RAG_SOLR_AUTH="$(cat DIR/solr-auth)"
            curl, without the password on its command line (ps shows those):
                printf 'user = "%s"\\n' "$RAG_SOLR_AUTH" | curl -K - 'NODE_URL/admin/info/system'
            In a browser, use the admin UI's login form at a node's URL, not the browser's own login
            prompt: a browser that holds the login sends it with any page's request to the node.
            """;

    private DevCluster() {}

    public static void main(String[] args) {
        System.exit(run(args));
    }

    static int run(String[] args) {
        if (args.length == 0 || List.of("-h", "--help", "help").contains(args[0])) {
            System.out.print(USAGE);
            return args.length == 0 ? 2 : 0;
        }
        String command = args[0];
        int nodes = 2;
        Path dir = Path.of(".rag-solr");
        long zkTimeout = 15;
        String collection = "coderag";
        Integer shards = null;
        Integer replicas = null;
        List<String> rest = new ArrayList<>(List.of(args).subList(1, args.length));
        try {
            for (int i = 0; i < rest.size(); i++) {
                String flag = rest.get(i);
                if (flag.equals("-h") || flag.equals("--help")) {
                    System.out.print(USAGE);
                    return 0;
                }
                if (i + 1 >= rest.size()) {
                    throw new IllegalArgumentException(flag + " needs a value");
                }
                String value = rest.get(++i);
                switch (flag) {
                    case "--nodes" -> nodes = Integer.parseInt(value);
                    case "--dir" -> dir = Path.of(value);
                    case "--zk-timeout" -> zkTimeout = Long.parseLong(value);
                    case "--collection" -> collection = value;
                    case "--shards" -> shards = Integer.parseInt(value);
                    case "--replicas" -> replicas = Integer.parseInt(value);
                    default -> throw new IllegalArgumentException("unknown option " + flag);
                }
            }
            if (!collection.matches("[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}")) {
                throw new IllegalArgumentException("--collection must be letters, digits, '_', '.' or '-'");
            }
        } catch (IllegalArgumentException e) { // NumberFormatException included
            System.err.println("rag dev-cluster: " + e.getMessage() + " (./rag dev-cluster --help)");
            return 2;
        }
        try {
            switch (command) {
                case "start" -> {
                    LocalSolrCluster cluster =
                            LocalSolrCluster.start(dir, nodes, Duration.ofSeconds(zkTimeout), ownClasspath());
                    cluster.detach();
                    int s = shards == null ? nodes : shards;
                    int r = replicas == null ? Math.min(2, nodes) : replicas;
                    printStarted(cluster, dir);
                    System.out.println(cluster.storeUrl(collection, s, r));
                    return 0;
                }
                case "stop" -> {
                    int stopped = LocalSolrCluster.stop(dir);
                    System.out.println(
                            stopped == 0 ? "no cluster running in " + dir : "stopped " + stopped + " processes");
                    return 0;
                }
                default -> {
                    System.err.println("rag dev-cluster: unknown command '" + command + "' (start or stop)");
                    return 2;
                }
            }
        } catch (IllegalArgumentException e) {
            System.err.println("rag dev-cluster: " + e.getMessage());
            return 2;
        } catch (RuntimeException e) {
            System.err.println("rag dev-cluster: " + e.getMessage());
            return 1;
        }
    }

    /** This JVM's classpath, absolute: the launcher started it with the nodes' classpath. */
    private static List<Path> ownClasspath() {
        List<Path> classpath = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            classpath.add(Path.of(e).toAbsolutePath());
        }
        return classpath;
    }

    /**
     * Where the cluster is, where its login is and how to give it to coderag: through the environment, by file, so
     * the password never shows on a command line ({@code ps}) or in this output (terminal scrollback, CI logs).
     */
    private static void printStarted(LocalSolrCluster cluster, Path dir) {
        System.out.println("ZooKeeper on 127.0.0.1:" + cluster.zkPort() + "; Solr nodes "
                + String.join(" ", cluster.nodeUrls()) + "; logs and data in " + cluster.directory());
        System.out.println(
                "Solr asks for a login (user " + cluster.credentials().user() + "; the password is in "
                        + cluster.credentialsFile() + ", readable only by you); give it to coderag with:");
        System.out.println("  export RAG_SOLR_AUTH=\"$(cat " + shellQuoted(cluster.credentialsFile()) + ")\"");
        System.out.println("stop it with: ./rag dev-cluster stop --dir " + shellQuoted(dir));
    }

    /** {@code path} as one shell word: as it is when it is plain, else in single quotes. */
    static String shellQuoted(Path path) {
        String s = path.toString();
        return s.matches("[A-Za-z0-9_./,:=+@%-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
