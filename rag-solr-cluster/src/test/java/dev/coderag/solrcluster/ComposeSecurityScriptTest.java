package dev.coderag.solrcluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.solr.common.util.Utils;
import org.apache.solr.security.Sha256AuthenticationProvider;
import org.junit.jupiter.api.Test;

/**
 * docker/solr-security.sh (docker-compose-solr.yaml's solr-security service) run with bash as the solr image runs
 * it, its security.json checked by Solr's own parser and {@link Sha256AuthenticationProvider}. The upload step
 * ({@code solr zk cp}) needs the image; what it copies is what this checks.
 */
class ComposeSecurityScriptTest {
    private static final Path SCRIPT =
            Path.of("..", "docker", "solr-security.sh").toAbsolutePath().normalize();

    private record Run(int exitCode, String out, String err) {}

    @Test
    @SuppressWarnings("unchecked")
    void solr_accepts_the_login_the_script_hashes_whatever_bytes_the_salt_holds() throws Exception {
        String password = "p%s'\"$(x) ümlaut\\x00-0123456789";
        // Each run draws a new 32-byte salt: runs enough that zero bytes and '%'-like bytes turn up in salt or hash.
        for (int i = 0; i < 12; i++) {
            Run r = run(Map.of("RAG_SOLR_AUTH", "ops.user:" + password));
            assertThat(r.exitCode()).as(r.err()).isZero();
            Map<String, Object> json = (Map<String, Object>) Utils.fromJSONString(r.out());
            Map<String, Object> authentication = (Map<String, Object>) json.get("authentication");
            assertThat(authentication)
                    .containsEntry("class", "solr.BasicAuthPlugin")
                    .containsEntry("blockUnknown", true);
            assertThat(((Map<String, Object>) json.get("authorization")).get("user-role"))
                    .isEqualTo(Map.of("ops.user", List.of("admin")));
            Sha256AuthenticationProvider solr = new Sha256AuthenticationProvider();
            solr.init(authentication);
            assertThat(solr.authenticate("ops.user", password)).as(r.out()).isTrue();
            assertThat(solr.authenticate("ops.user", password + "!")).isFalse();
        }
    }

    @Test
    void a_missing_short_or_malformed_login_is_refused_without_echoing_it() throws Exception {
        for (String auth : List.of("", "no-colon-here-0123456789", "coderag:short", "bad user:0123456789abcdefgh")) {
            Run r = run(auth.isEmpty() ? Map.of() : Map.of("RAG_SOLR_AUTH", auth));
            assertThat(r.exitCode()).as(auth).isEqualTo(2);
            assertThat(r.err()).contains("RAG_SOLR_AUTH must be user:password");
            assertThat(r.out()).isEmpty();
            if (!auth.isEmpty()) {
                assertThat(r.err()).doesNotContain(auth.substring(auth.indexOf(':') + 1));
            }
        }
    }

    private static Run run(Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("bash", SCRIPT.toString(), "--print");
        pb.environment().remove("RAG_SOLR_AUTH");
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        var err = p.getErrorStream();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String errText = new String(err.readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Run(p.exitValue(), out, errText);
    }
}
