package dev.coderag.solrit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * docker/docker-compose-solr.yaml as docker-compose reads it (no engine needed: {@code config} parses, resolves
 * and checks the file): ZooKeeper and two Solr nodes from the official images, started only after solr-security
 * has put the login of the required {@code RAG_SOLR_AUTH} into ZooKeeper, every port on loopback, and coderag's chat
 * and ingest services pointed at both nodes with that login. What solr-security runs is checked against Solr's own
 * code by rag-solr-cluster's ComposeSecurityScriptTest; what the coderag services run — {@code serve} and {@code ingest} with
 * {@code RAG_STORE} — is what SolrCliIT runs outside Docker.
 */
class DockerComposeSolrIT {
    private static final Path FILE = SolrCluster.ROOT.resolve("docker/docker-compose-solr.yaml");

    @Test
    void the_compose_file_is_valid_and_points_coderag_at_both_solr_nodes_behind_a_login() throws Exception {
        boolean required = "1".equals(System.getenv("RAG_REQUIRE_COMPOSE"));
        boolean present = Files.isExecutable(Path.of("/usr/bin/docker-compose"));
        assumeThat(present || required).as("docker-compose is not installed").isTrue();
        assertThat(present)
                .as("RAG_REQUIRE_COMPOSE=1 but /usr/bin/docker-compose is missing")
                .isTrue();

        String login = "coderag:test-login-0123456789abcdef";
        String out = config(Map.of("RAG_TOKEN", "test-token-0123456789", "RAG_SOLR_AUTH", login), 0);
        assertThat(out)
                .contains("image: solr:9.10", "image: zookeeper:3.9", "ZK_HOST: zookeeper:2181")
                .contains("RAG_STORE: solr://solr1:8983/solr,solr2:8983/solr?collection=coderag&shards=2&replicas=2")
                .contains("127.0.0.1:8983", "127.0.0.1:8984", "127.0.0.1:3000");
        // The login reaches solr-security, chat and ingest; both nodes wait for solr-security to have finished.
        assertThat(out.split("RAG_SOLR_AUTH: " + login, -1)).hasSize(4);
        assertThat(out)
                .contains("- /opt/coderag/solr-security.sh")
                .containsPattern("solr1:\\n    depends_on:\\n      solr-security:\\n"
                        + "        condition: service_completed_successfully")
                .containsPattern("solr2:\\n    depends_on:\\n      solr-security:\\n"
                        + "        condition: service_completed_successfully");
        // No published port beyond loopback.
        assertThat(out.lines().filter(l -> l.matches("\\s+- .*:\\d+:\\d+/tcp")))
                .hasSize(3)
                .allMatch(l -> l.strip().startsWith("- 127.0.0.1:"));

        String missing = config(Map.of("RAG_TOKEN", "test-token-0123456789"), 1);
        assertThat(missing).contains("set RAG_SOLR_AUTH=user:password");
    }

    /** {@code docker-compose config} with {@code env} (and no RAG_SOLR_AUTH of the test's own); its output. */
    private static String config(Map<String, String> env, int exitCode) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(List.of("/usr/bin/docker-compose", "-f", FILE.toString(), "config"))
                .redirectErrorStream(true);
        pb.environment().remove("RAG_SOLR_AUTH");
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isEqualTo(exitCode);
        return out;
    }
}
