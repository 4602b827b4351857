package dev.coderag.solrcluster;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.solr.embedded.JettyConfig;
import org.apache.solr.embedded.JettySolrRunner;

/**
 * The main class of one Solr node's JVM: {@code SolrNode <home> <port> <zkHost> <zkClientTimeoutMillis>}. Writes
 * the node's {@code solr.xml} into {@code home} when it has none, then runs Solr (Jetty on 127.0.0.1:{@code port},
 * context {@code /solr}) in SolrCloud mode against {@code zkHost} until the JVM is stopped (SIGTERM stops Jetty
 * and Solr cleanly; SIGKILL is what the failover tests use). A node whose start fails exits with status 1 — Jetty's
 * threads would otherwise keep a half-started JVM alive.
 */
public final class SolrNode {
    private SolrNode() {}

    public static void main(String[] args) {
        if (args.length != 4) {
            System.err.println("usage: SolrNode <home> <port> <zkHost> <zkClientTimeoutMillis>");
            System.exit(2);
        }
        try {
            Path home = Path.of(args[0]).toAbsolutePath();
            int port = Integer.parseInt(args[1]);
            Files.createDirectories(home);
            Path solrXml = home.resolve("solr.xml");
            if (!Files.exists(solrXml)) {
                try (InputStream in = SolrNode.class.getResourceAsStream("solr.xml")) {
                    if (in == null) {
                        throw new IOException("solr.xml is missing from the classpath");
                    }
                    Files.copy(in, solrXml);
                }
            }
            Properties props = new Properties();
            props.setProperty("zkHost", args[2]);
            props.setProperty("zkClientTimeout", args[3]);
            props.setProperty("host", "127.0.0.1");
            props.setProperty("hostPort", Integer.toString(port));
            props.setProperty("hostContext", "/solr");
            JettyConfig config = JettyConfig.builder()
                    .setPort(port)
                    .setContext("/solr")
                    .stopAtShutdown(true)
                    .build();
            JettySolrRunner node = new JettySolrRunner(home.toString(), props, config);
            node.start();
            System.out.println("solr node up: " + node.getBaseUrl());
        } catch (Throwable t) {
            t.printStackTrace();
            System.exit(1);
        }
    }
}
