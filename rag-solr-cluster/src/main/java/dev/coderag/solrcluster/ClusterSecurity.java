package dev.coderag.solrcluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Set;

/**
 * A cluster directory's Solr login: the credentials in {@code solr-auth} ({@code user:password}, one line, mode 0600;
 * generated with {@link SecureRandom} on the first start, reused by every later start in the directory) and the
 * {@code security.json} that makes Solr ask for them — BasicAuthPlugin with {@code blockUnknown} (no anonymous
 * request is served, not even a health check) and RuleBasedAuthorizationPlugin giving the one user every
 * permission. JDK only: the password is hashed the way Solr's {@code Sha256AuthenticationProvider} checks it.
 */
final class ClusterSecurity {
    /** The credentials file in the cluster directory. */
    static final String CREDENTIALS_FILE = "solr-auth";

    static final String SECURITY_FILE = "security.json";
    static final String USER = "coderag";
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private ClusterSecurity() {}

    /**
     * The credentials of {@code dir}: read from its {@code solr-auth} file (made owner-only again if someone widened
     * it), or generated and written there (created owner-only, never readable by others even for a moment).
     */
    static SolrCredentials loadOrCreate(Path dir, SecureRandom random) {
        Path file = dir.resolve(CREDENTIALS_FILE);
        try {
            if (!Files.exists(file)) {
                byte[] secret = new byte[24];
                random.nextBytes(secret);
                SolrCredentials fresh = new SolrCredentials(
                        USER, Base64.getUrlEncoder().withoutPadding().encodeToString(secret));
                try {
                    writeOwnerOnly(file, fresh.userColonPassword() + "\n");
                    return fresh;
                } catch (FileAlreadyExistsException raced) {
                    // Another start in the same directory wrote it first: use that one.
                }
            }
            Files.setPosixFilePermissions(file, OWNER_ONLY);
            return SolrCredentials.parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(file + " is not user:password on one line (delete it to get new ones)");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or write " + file, e);
        }
    }

    /** Writes {@code security.json} for {@code credentials} into {@code dir} (owner-only) and returns its path. */
    static Path writeSecurityJson(Path dir, SolrCredentials credentials, SecureRandom random) {
        Path file = dir.resolve(SECURITY_FILE);
        try {
            Files.deleteIfExists(file);
            writeOwnerOnly(file, securityJson(credentials, random));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** Solr's security.json for one user with every permission; the password only as a salted hash. */
    static String securityJson(SolrCredentials credentials, SecureRandom random) {
        byte[] salt = new byte[32]; // as long as the salt Solr's own set-user command makes
        random.nextBytes(salt);
        String user = credentials.user(); // letters, digits, '_', '.', '-': nothing to escape in JSON
        return """
                {
                  "authentication": {
                    "class": "solr.BasicAuthPlugin",
                    "blockUnknown": true,
                    "forwardCredentials": false,
                    "credentials": {"%1$s": "%2$s"}
                  },
                  "authorization": {
                    "class": "solr.RuleBasedAuthorizationPlugin",
                    "user-role": {"%1$s": ["admin"]},
                    "permissions": [{"name": "all", "role": "admin"}]
                  }
                }
                """.formatted(user, hashed(credentials.password(), salt));
    }

    /**
     * A password as security.json stores it: {@code base64(sha256(sha256(salt + utf8(password)))) + " " +
     * base64(salt)}, what {@code Sha256AuthenticationProvider.getSaltedHashedValue} produces and its
     * {@code authenticate} checks.
     */
    static String hashed(String password, byte[] salt) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(salt);
            byte[] once = sha.digest(password.getBytes(StandardCharsets.UTF_8));
            byte[] twice = sha.digest(once);
            Base64.Encoder b64 = Base64.getEncoder();
            return b64.encodeToString(twice) + " " + b64.encodeToString(salt);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    private static void writeOwnerOnly(Path file, String content) throws IOException {
        Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        Files.writeString(file, content, StandardCharsets.UTF_8);
    }
}
