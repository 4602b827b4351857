package dev.coderag.solrcluster;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.solr.common.cloud.SolrZkClient;
import org.apache.zookeeper.CreateMode;

/**
 * The main class of the short-lived JVM that puts a cluster's security.json into ZooKeeper before any node starts:
 * {@code ZkSecurity <zkHost> <security.json>}. It must come first: a node that finds no {@code /security.json}
 * creates an empty one and serves anyone. Overwrites what is there, so the directory's credentials file stays the
 * one source of the login. Exits 0 on success, 1 on failure (with the stack trace in its log).
 */
public final class ZkSecurity {
    private static final String ZNODE = "/security.json";

    private ZkSecurity() {}

    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: ZkSecurity <zkHost> <security.json>");
            System.exit(2);
        }
        try (SolrZkClient zk = new SolrZkClient.Builder()
                .withUrl(args[0])
                .withTimeout(30, TimeUnit.SECONDS)
                .withConnTimeOut(60, TimeUnit.SECONDS)
                .build()) {
            byte[] json = Files.readAllBytes(Path.of(args[1]));
            if (zk.exists(ZNODE, true)) {
                zk.setData(ZNODE, json, true);
            } else {
                zk.create(ZNODE, json, CreateMode.PERSISTENT, true);
            }
            System.out.println("security.json put into ZooKeeper at " + args[0]);
        } catch (Throwable t) {
            t.printStackTrace();
            System.exit(1);
        }
        System.exit(0); // ZooKeeper's client threads would otherwise delay the exit
    }
}
