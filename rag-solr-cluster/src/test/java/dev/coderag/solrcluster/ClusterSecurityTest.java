package dev.coderag.solrcluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import org.apache.solr.common.util.Utils;
import org.apache.solr.security.Sha256AuthenticationProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster's login against Solr's own code: the security.json it writes is read by Solr's JSON parser and its
 * password hash is checked by Solr's {@link Sha256AuthenticationProvider}, the class the nodes use.
 */
class ClusterSecurityTest {
    private final SecureRandom random = new SecureRandom();

    @TempDir
    Path dir;

    @Test
    @SuppressWarnings("unchecked")
    void solr_accepts_the_generated_password_and_refuses_another() {
        SolrCredentials credentials = ClusterSecurity.loadOrCreate(dir, random);
        Map<String, Object> json =
                (Map<String, Object>) Utils.fromJSONString(ClusterSecurity.securityJson(credentials, random));
        Map<String, Object> authentication = (Map<String, Object>) json.get("authentication");
        assertThat(authentication)
                .containsEntry("class", "solr.BasicAuthPlugin")
                .containsEntry("blockUnknown", true);
        Map<String, Object> authorization = (Map<String, Object>) json.get("authorization");
        assertThat(authorization.get("user-role")).isEqualTo(Map.of(credentials.user(), java.util.List.of("admin")));

        Sha256AuthenticationProvider solr = new Sha256AuthenticationProvider();
        solr.init(authentication);
        assertThat(solr.authenticate(credentials.user(), credentials.password()))
                .isTrue();
        assertThat(solr.authenticate(credentials.user(), credentials.password() + "x"))
                .isFalse();
        assertThat(solr.authenticate("someone", credentials.password())).isFalse();
    }

    @Test
    void the_hash_is_solrs_sha256_of_salt_and_password_twice() {
        byte[] salt = new byte[32];
        random.nextBytes(salt);
        String salt64 = Base64.getEncoder().encodeToString(salt);
        assertThat(ClusterSecurity.hashed("pässword:1", salt))
                .isEqualTo(Sha256AuthenticationProvider.sha256("pässword:1", salt64) + " " + salt64);
    }

    @Test
    void the_credentials_file_is_owner_only_and_reused_by_the_next_start() throws Exception {
        SolrCredentials first = ClusterSecurity.loadOrCreate(dir, random);
        Path file = dir.resolve("solr-auth");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-------");
        assertThat(first.password()).hasSizeGreaterThanOrEqualTo(32);

        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        assertThat(ClusterSecurity.loadOrCreate(dir, random)).isEqualTo(first);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-------");
        Path other = Files.createDirectory(dir.resolve("other"));
        assertThat(ClusterSecurity.loadOrCreate(other, random).password()).isNotEqualTo(first.password());
    }

    @Test
    void credentials_never_show_their_password_and_a_damaged_file_is_named() throws Exception {
        SolrCredentials c = SolrCredentials.parse("coderag:s3cret:with-colon");
        assertThat(c.password()).isEqualTo("s3cret:with-colon");
        assertThat(c.toString()).doesNotContain("s3cret");
        assertThat(c.authorizationHeader())
                .isEqualTo("Basic " + Base64.getEncoder().encodeToString("coderag:s3cret:with-colon".getBytes()));

        Files.writeString(dir.resolve("solr-auth"), "no colon here\n");
        assertThatThrownBy(() -> ClusterSecurity.loadOrCreate(dir, random))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("solr-auth")
                .hasMessageNotContaining("no colon here");
    }
}
