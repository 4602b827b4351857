package dev.coderag.store.solr;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A Solr store URL: {@code solr://host:port/path[,host:port/path…][?collection=NAME&shards=N&replicas=N&retry=SECONDS]}
 * ({@code solrs://} for HTTPS). The hosts are any nodes of one SolrCloud cluster (the client learns the others from
 * them); the port defaults to 8983 and the path to {@code /solr}. Parameters: {@code collection} (default
 * {@code coderag}), {@code shards} and {@code replicas} (used only when the collection is created; default 1 and 1
 * — a cluster that should survive a node needs {@code replicas=2} or more), {@code retry} (how long a write is
 * retried while leaders move, default 60 s: it must exceed the cluster's ZooKeeper session timeout). Credentials
 * never go in the URL (it shows in process lists): {@code RAG_SOLR_AUTH=user:password} sets HTTP basic auth
 * ({@link SolrConnection#credentials()}).
 *
 * @param nodes the nodes' base URLs ({@code http://host:port/solr}), in the order given
 */
record SolrUrl(String url, List<String> nodes, String collection, int shards, int replicas, Duration retry) {
    static final String DEFAULT_COLLECTION = "coderag";
    private static final Pattern COLLECTION = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}");
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9._-]{1,253}|\\[[0-9A-Fa-f:.]{2,45}]");
    private static final int MAX_URL = 4096;

    SolrUrl {
        nodes = List.copyOf(nodes);
    }

    /**
     * Parses and checks a URL; nothing is contacted.
     *
     * @throws IllegalArgumentException naming what is wrong, in one line
     */
    static SolrUrl parse(String url) {
        if (url == null || url.isBlank()) {
            throw new IllegalArgumentException("empty Solr store URL");
        }
        if (url.length() > MAX_URL) {
            throw new IllegalArgumentException("Solr store URL longer than " + MAX_URL + " characters");
        }
        String s = url.strip();
        int sep = s.indexOf("://");
        String scheme = sep < 0 ? "" : s.substring(0, sep).toLowerCase(Locale.ROOT);
        String http =
                switch (scheme) {
                    case "solr" -> "http://";
                    case "solrs" -> "https://";
                    default ->
                        throw new IllegalArgumentException(
                                "a Solr store URL starts with solr:// or solrs://, not: " + shorten(url));
                };
        String rest = s.substring(sep + 3);
        int q = rest.indexOf('?');
        String hostPart = q < 0 ? rest : rest.substring(0, q);
        Map<String, String> params = params(q < 0 ? "" : rest.substring(q + 1));
        if (hostPart.contains("@")) {
            throw new IllegalArgumentException(
                    "no credentials in the store URL (it shows in process lists): set RAG_SOLR_AUTH=user:password");
        }
        List<String> nodes = new ArrayList<>();
        for (String node : hostPart.split(",", -1)) {
            nodes.add(http + node(node.strip()));
        }
        if (nodes.size() > 64) {
            throw new IllegalArgumentException("more than 64 Solr nodes in the store URL");
        }
        String collection = params.getOrDefault("collection", DEFAULT_COLLECTION);
        if (!COLLECTION.matcher(collection).matches()) {
            throw new IllegalArgumentException(
                    "collection must be 1-100 letters, digits, '_', '.' or '-' (not starting with '.' or '-'): "
                            + shorten(collection));
        }
        int shards = number(params, "shards", 1, 1, 64);
        int replicas = number(params, "replicas", 1, 1, 16);
        int retry = number(params, "retry", 60, 1, 3600);
        return new SolrUrl(s, nodes, collection, shards, replicas, Duration.ofSeconds(retry));
    }

    /** {@code host[:port][/path]} → {@code host:port/path}, checked. */
    private static String node(String node) {
        if (node.isEmpty()) {
            throw new IllegalArgumentException("empty host in the Solr store URL");
        }
        int slash = node.indexOf('/');
        String hostPort = slash < 0 ? node : node.substring(0, slash);
        String path = slash < 0 ? "/solr" : node.substring(slash);
        while (path.length() > 1 && path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        if (path.equals("/")) {
            path = "";
        }
        int colon = hostPort.lastIndexOf(':');
        String host = colon < 0 || hostPort.endsWith("]") ? hostPort : hostPort.substring(0, colon);
        String port = colon < 0 || hostPort.endsWith("]") ? "8983" : hostPort.substring(colon + 1);
        if (!HOST.matcher(host).matches()) {
            throw new IllegalArgumentException("bad host in the Solr store URL: " + shorten(host));
        }
        int p;
        try {
            p = Integer.parseInt(port);
        } catch (NumberFormatException e) {
            p = -1;
        }
        if (p < 1 || p > 65535) {
            throw new IllegalArgumentException("bad port in the Solr store URL: " + shorten(port));
        }
        if (!isPath(path)) {
            throw new IllegalArgumentException("bad path in the Solr store URL: " + shorten(path));
        }
        return host + ":" + p + path;
    }

    /** "" or "/seg/seg…" with non-empty segments of URL-safe characters; one pass over the path. */
    private static boolean isPath(String path) {
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == '/') {
                if (i + 1 == path.length() || path.charAt(i + 1) == '/') {
                    return false; // an empty segment
                }
            } else if (i == 0
                    || !(Character.isLetterOrDigit(c) && c < 128 || c == '.' || c == '_' || c == '~' || c == '-')) {
                return false;
            }
        }
        return true;
    }

    private static Map<String, String> params(String query) {
        Map<String, String> out = new LinkedHashMap<>();
        if (query.isEmpty()) {
            return out;
        }
        for (String pair : query.split("&", -1)) {
            int eq = pair.indexOf('=');
            String key = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            if (!List.of("collection", "shards", "replicas", "retry").contains(key)) {
                throw new IllegalArgumentException("unknown parameter '" + shorten(key)
                        + "' in the Solr store URL (known: collection, shards, replicas, retry)");
            }
            if (out.put(key, value) != null) {
                throw new IllegalArgumentException("parameter '" + key + "' given twice in the Solr store URL");
            }
        }
        return out;
    }

    private static int number(Map<String, String> params, String key, int dflt, int min, int max) {
        String v = params.get(key);
        if (v == null) {
            return dflt;
        }
        try {
            int n = Integer.parseInt(v);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // Reported below.
        }
        throw new IllegalArgumentException(
                key + " must be a number from " + min + " to " + max + ", not: " + shorten(v));
    }

    /** The URL for messages. */
    String describe() {
        return shorten(url);
    }

    private static String shorten(String s) {
        String t = s.replaceAll("\\p{Cntrl}", "?");
        return t.length() > 200 ? t.substring(0, 200) + "…" : t;
    }
}
