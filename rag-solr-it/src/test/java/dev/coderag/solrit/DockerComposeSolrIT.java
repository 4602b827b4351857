package dev.coderag.solrit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * docker/docker-compose-solr.yaml as docker-compose reads it (no engine needed: {@code config} parses, resolves
 * and checks the file): ZooKeeper and two Solr nodes from the official images, and coderag's chat and ingest
 * services pointed at both nodes. What the coderag services run — {@code serve} and {@code ingest} with
 * {@code RAG_STORE} — is what SolrCliIT runs outside Docker.
 */
class DockerComposeSolrIT {
    private static final Path FILE = SolrCluster.ROOT.resolve("docker/docker-compose-solr.yaml");

    @Test
    void the_compose_file_is_valid_and_points_coderag_at_both_solr_nodes() throws Exception {
        boolean required = "1".equals(System.getenv("RAG_REQUIRE_COMPOSE"));
        boolean present = Files.isExecutable(Path.of("/usr/bin/docker-compose"));
        assumeThat(present || required).as("docker-compose is not installed").isTrue();
        assertThat(present)
                .as("RAG_REQUIRE_COMPOSE=1 but /usr/bin/docker-compose is missing")
                .isTrue();

        ProcessBuilder pb = new ProcessBuilder(List.of("/usr/bin/docker-compose", "-f", FILE.toString(), "config"))
                .redirectErrorStream(true);
        pb.environment().put("RAG_TOKEN", "test-token-0123456789");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out)
                .contains("image: solr:9.10", "image: zookeeper:3.9", "ZK_HOST: zookeeper:2181")
                .contains("RAG_STORE: solr://solr1:8983/solr,solr2:8983/solr?collection=coderag&shards=2&replicas=2")
                .contains("127.0.0.1:8983", "127.0.0.1:8984", "127.0.0.1:3000");
    }
}
