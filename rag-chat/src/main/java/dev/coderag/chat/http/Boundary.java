package dev.coderag.chat.http;

import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The server's boundary with browsers and the network, checked before every route (and the static files):
 *
 * <ol>
 *   <li><b>Host</b>: only loopback names, IP literals and the names the operator allowed. A DNS-rebinding page
 *       reaches this server under its own domain name, which fails here (421), so it can read nothing.
 *   <li><b>Cross-site</b>: a state-changing request ({@code POST} …) must come from this origin or from no
 *       browser at all ({@code Sec-Fetch-Site}, {@code Origin}); the page's own forms also carry a per-process
 *       CSRF token in a header htmx sends. Cross-site subresource reads are refused too. No CORS is offered.
 *   <li><b>Token</b>, when one is configured: {@code Authorization: Bearer} for the API, or the HttpOnly,
 *       SameSite=Strict cookie the login form sets; {@code /health}, the login page and static files stay open.
 *   <li><b>JSON</b>: a body sent to {@code /api/*}, and any POST to {@code /mcp} (the MCP endpoint), must be
 *       {@code application/json} (a form or text/plain body, which a page may send without a CORS preflight, is
 *       415).
 * </ol>
 *
 * Every response gets the security headers ({@link #SECURITY_HEADERS}). Immutable and thread-safe.
 */
final class Boundary {
    static final String CSRF_HEADER = "X-CSRF-Token";
    static final String SESSION_COOKIE = "rag_session";

    /** Headers on every response: no inline script or style, no framing, no sniffing, no referrer. */
    static final String CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
            + " connect-src 'self'; font-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

    static final String[][] SECURITY_HEADERS = {
        {"Content-Security-Policy", CSP},
        {"X-Content-Type-Options", "nosniff"},
        {"X-Frame-Options", "DENY"},
        {"Referrer-Policy", "no-referrer"},
        {"Cross-Origin-Opener-Policy", "same-origin"},
        {"Cross-Origin-Resource-Policy", "same-origin"},
    };

    private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS");

    private final Set<String> allowedHosts;
    private final Optional<byte[]> token;
    private final String csrf;
    private final String session;

    Boundary(ServerOptions options, SecureRandom random) {
        this.allowedHosts = options.allowedHosts().stream()
                .map(h -> h.strip().toLowerCase(Locale.ROOT))
                .filter(h -> !h.isEmpty())
                .collect(Collectors.toUnmodifiableSet());
        this.token = options.token().map(t -> t.getBytes(StandardCharsets.UTF_8));
        byte[] nonce = new byte[32];
        random.nextBytes(nonce);
        this.csrf = Base64.getUrlEncoder().withoutPadding().encodeToString(nonce);
        // the cookie proves the token was typed without being the token; a new process keeps old logins valid
        this.session = token.map(t -> hmac(t, "coderag session")).orElse("");
    }

    /** The per-process token the page's forms send in {@link #CSRF_HEADER}. */
    String csrfToken() {
        return csrf;
    }

    /** Whether a token is configured. */
    boolean requiresToken() {
        return token.isPresent();
    }

    /** The {@code Set-Cookie} value of a logged-in page session. Only when {@link #requiresToken()}. */
    String sessionCookie() {
        return SESSION_COOKIE + "=" + session + "; Path=/; HttpOnly; SameSite=Strict";
    }

    /** True when {@code candidate} is the configured token (constant time). False when none is configured. */
    boolean tokenMatches(String candidate) {
        return token.isPresent()
                && candidate != null
                && MessageDigest.isEqual(token.get(), candidate.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The before-handler of every request.
     *
     * @throws HttpRefusal when the request must not reach a handler
     */
    void check(Context ctx) {
        for (String[] h : SECURITY_HEADERS) {
            ctx.header(h[0], h[1]);
        }
        checkHost(ctx.header("Host"));
        checkEscapes(ctx.req().getRequestURI());
        String path = ctx.path();
        boolean safe = SAFE_METHODS.contains(ctx.method().name());
        checkCrossSite(ctx, safe, path);
        if (!authenticated(ctx, path)) {
            if (safe && path.equals("/")) {
                ctx.redirect("/login", HttpStatus.SEE_OTHER);
                ctx.skipRemainingHandlers();
                return;
            }
            throw new HttpRefusal(HttpRefusal.Reason.UNAUTHENTICATED, "a token is required (Authorization: Bearer …)");
        }
        if (safe && ctx.contentLength() > 0) {
            // A GET with a body (legal, rare): read it (bounded by the server's request size limit) so that
            // closing the connection after the answer does not reset it under the client's feet (fuzzing saw the
            // response to GET /metrics with 7 body bytes lost that way).
            ctx.bodyAsBytes();
        }
        // /mcp's body is left unread for the MCP SDK, which reads it bounded: any POST there must say JSON
        boolean jsonRoute = path.startsWith("/api/") && !ctx.body().isEmpty()
                || path.equals("/mcp") && ctx.method().name().equals("POST");
        if (!safe && jsonRoute && !isJson(ctx.contentType())) {
            throw new HttpRefusal(
                    HttpRefusal.Reason.NOT_JSON, "the body must be JSON (Content-Type: application/json)");
        }
    }

    /**
     * The router decodes path parameters before any handler runs and fails on "%:" with an exception that would be
     * a 500; a bad escape is the client's error. Linear in the path.
     *
     * @throws HttpRefusal MALFORMED_PATH unless every '%' in the raw path starts a two-hex-digit escape
     */
    static void checkEscapes(String rawPath) {
        if (rawPath == null) {
            return;
        }
        for (int i = rawPath.indexOf('%'); i >= 0; i = rawPath.indexOf('%', i + 1)) {
            if (i + 2 >= rawPath.length() || !isHex(rawPath.charAt(i + 1)) || !isHex(rawPath.charAt(i + 2))) {
                throw new HttpRefusal(HttpRefusal.Reason.MALFORMED_PATH, "the path has a malformed percent escape");
            }
        }
    }

    private static boolean isHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    /** @throws HttpRefusal FOREIGN_HOST unless {@code host} (a Host header; null for HTTP/1.0) is ours */
    void checkHost(String hostHeader) {
        if (hostHeader == null) {
            return; // HTTP/1.0 without Host: not a browser, which always sends one
        }
        if (!hostAllowed(hostName(hostHeader))) {
            throw new HttpRefusal(
                    HttpRefusal.Reason.FOREIGN_HOST,
                    "this server does not answer to that host name (start it with --allow-host to add one)");
        }
    }

    private void checkCrossSite(Context ctx, boolean safe, String path) {
        String site = lower(ctx.header("Sec-Fetch-Site"));
        if (safe) {
            // a page elsewhere may link here (a navigation) but not load our responses into itself
            boolean foreign = site.equals("cross-site") || site.equals("same-site");
            boolean navigation = lower(ctx.header("Sec-Fetch-Mode")).equals("navigate");
            if (foreign && !navigation && !isStatic(path)) {
                throw new HttpRefusal(HttpRefusal.Reason.CROSS_SITE, "cross-site request refused");
            }
            return;
        }
        if (!site.isEmpty() && !site.equals("same-origin") && !site.equals("none")) {
            throw new HttpRefusal(HttpRefusal.Reason.CROSS_SITE, "cross-site request refused");
        }
        String origin = ctx.header("Origin");
        if (origin != null && !sameOrigin(origin, ctx.header("Host"))) {
            throw new HttpRefusal(HttpRefusal.Reason.CROSS_SITE, "cross-origin request refused");
        }
        if (path.startsWith("/ui/") && !csrfMatches(ctx.header(CSRF_HEADER))) {
            throw new HttpRefusal(HttpRefusal.Reason.CROSS_SITE, "missing or stale page token; reload the page");
        }
    }

    private boolean authenticated(Context ctx, String path) {
        if (token.isEmpty() || path.equals("/health") || path.equals("/login") || isStatic(path)) {
            return true;
        }
        String auth = ctx.header("Authorization");
        if (auth != null
                && auth.regionMatches(true, 0, "Bearer ", 0, 7)
                && tokenMatches(auth.substring(7).strip())) {
            return true;
        }
        String cookie = ctx.cookie(SESSION_COOKIE);
        return cookie != null
                && MessageDigest.isEqual(
                        session.getBytes(StandardCharsets.US_ASCII), cookie.getBytes(StandardCharsets.UTF_8));
    }

    private boolean csrfMatches(String candidate) {
        return candidate != null
                && MessageDigest.isEqual(
                        csrf.getBytes(StandardCharsets.US_ASCII), candidate.getBytes(StandardCharsets.UTF_8));
    }

    private boolean hostAllowed(String name) {
        return name.equals("localhost")
                || name.endsWith(".localhost") // RFC 6761: always loopback, never from DNS
                || isIpLiteral(name) // rebinding needs a DNS name; an address cannot be rebound
                || allowedHosts.contains(name);
    }

    /** Same origin: {@code http://} + the request's own Host (scheme, name and port). */
    private boolean sameOrigin(String origin, String hostHeader) {
        if (hostHeader == null) {
            return false;
        }
        try {
            URI uri = new URI(origin);
            if (!"http".equalsIgnoreCase(uri.getScheme()) && !"https".equalsIgnoreCase(uri.getScheme())) {
                return false; // includes the opaque origin "null"
            }
            String authority = uri.getRawAuthority();
            return authority != null && authority.equalsIgnoreCase(hostHeader.strip());
        } catch (URISyntaxException e) {
            return false;
        }
    }

    /** The name part of a Host header, lower-case: {@code [::1]:3000} → {@code [::1]}, {@code a:80} → {@code a}. */
    static String hostName(String hostHeader) {
        String h = hostHeader.strip().toLowerCase(Locale.ROOT);
        if (h.startsWith("[")) {
            int end = h.indexOf(']');
            return end < 0 ? h : h.substring(0, end + 1);
        }
        int colon = h.indexOf(':');
        return colon < 0 ? h : h.substring(0, colon);
    }

    /** A dotted-quad IPv4 or a bracketed IPv6 literal (checked by character class: linear, no DNS). */
    static boolean isIpLiteral(String name) {
        if (name.startsWith("[") && name.endsWith("]") && name.length() > 2) {
            return name.substring(1, name.length() - 1)
                    .chars()
                    .allMatch(c -> Character.digit(c, 16) >= 0 || c == ':' || c == '.');
        }
        String[] parts = name.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        for (String p : parts) {
            if (p.isEmpty()
                    || p.length() > 3
                    || !p.chars().allMatch(c -> c >= '0' && c <= '9')
                    || Integer.parseInt(p) > 255) {
                return false;
            }
        }
        return true;
    }

    private static boolean isStatic(String path) {
        return path.startsWith("/static/") || path.startsWith("/webjars/");
    }

    private static boolean isJson(String contentType) {
        if (contentType == null) {
            return false;
        }
        String type = contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        return type.equals("application/json") || (type.startsWith("application/") && type.endsWith("+json"));
    }

    private static String lower(String s) {
        return s == null ? "" : s.strip().toLowerCase(Locale.ROOT);
    }

    private static String hmac(byte[] key, String message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
