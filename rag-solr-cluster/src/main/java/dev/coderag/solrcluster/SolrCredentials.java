package dev.coderag.solrcluster;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The login of a local cluster's Solr (HTTP basic authentication). {@link #toString()} never shows the password, so
 * a record that ends up in a log or an assertion message does not leak it.
 *
 * @param user the Solr user: letters, digits, '_', '.' or '-'
 * @param password not empty, no line breaks
 */
public record SolrCredentials(String user, String password) {
    public SolrCredentials {
        if (user == null || !user.matches("[A-Za-z0-9_.-]{1,64}")) {
            throw new IllegalArgumentException("a Solr user is 1-64 letters, digits, '_', '.' or '-'");
        }
        if (password == null || password.isEmpty() || password.contains("\n") || password.contains("\r")) {
            throw new IllegalArgumentException("a Solr password is one non-empty line");
        }
    }

    /**
     * Parses {@code user:password}, the form {@code RAG_SOLR_AUTH} and the cluster's {@code solr-auth} file hold.
     *
     * @throws IllegalArgumentException when there is no ':' or either part is invalid (the message never holds the
     *     password)
     */
    public static SolrCredentials parse(String userColonPassword) {
        String s = userColonPassword == null ? "" : userColonPassword.strip();
        int colon = s.indexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("credentials are user:password");
        }
        return new SolrCredentials(s.substring(0, colon), s.substring(colon + 1));
    }

    /** {@code user:password}, what {@code RAG_SOLR_AUTH} takes. */
    public String userColonPassword() {
        return user + ":" + password;
    }

    /** The value of an HTTP {@code Authorization} header for these credentials. */
    public String authorizationHeader() {
        return "Basic " + Base64.getEncoder().encodeToString(userColonPassword().getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return "SolrCredentials[user=" + user + ", password=***]";
    }
}
