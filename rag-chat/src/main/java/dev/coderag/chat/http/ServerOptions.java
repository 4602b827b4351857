package dev.coderag.chat.http;

import dev.coderag.chat.ChatOptions;
import dev.coderag.chat.repos.RepoManager;
import dev.coderag.chat.repos.WatchOptions;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Where and how {@link ChatServer} listens, and who may talk to it.
 *
 * @param host interface to bind; {@code 127.0.0.1} by default so nothing is exposed beyond this machine. Any
 *     other than a loopback address needs a {@code token}: {@link ChatServer#start} refuses otherwise
 * @param port TCP port; 0 = any free port (see {@link ChatServer#port()})
 * @param token the shared secret clients must present (API: {@code Authorization: Bearer}; page: a login that
 *     sets an HttpOnly cookie); empty = no authentication, allowed on loopback only
 * @param allowedHosts host names, besides loopback names and IP literals, that the {@code Host} header may
 *     carry (a name a DNS-rebinding page cannot forge is one the operator chose); never null
 * @param maxConcurrentAnswers answers written at once (a question past it gets 503 with {@code Retry-After});
 *     at least 1
 * @param allowWrites whether the MCP endpoint offers the {@code reindex} tool (the operator's choice; the JSON
 *     API's {@code POST /api/repos} is governed by the indexer's own rules)
 * @param jobLimit the longest an ingest that a request asked for may run ({@code --job-timeout}); past it, it stops
 *     keeping what it committed and the repository shows {@code error}
 * @param watch how the indexes are kept fresh ({@link WatchOptions#off()} unless asked: {@code serve} watches by
 *     default)
 */
public record ServerOptions(
        String host,
        int port,
        ChatOptions chat,
        Optional<String> token,
        List<String> allowedHosts,
        int maxConcurrentAnswers,
        boolean allowWrites,
        Duration jobLimit,
        WatchOptions watch) {
    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 3000;
    public static final int DEFAULT_MAX_CONCURRENT_ANSWERS = 8;

    public ServerOptions {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(chat, "chat");
        Objects.requireNonNull(watch, "watch");
        token = Objects.requireNonNull(token, "token").filter(t -> !t.isBlank());
        allowedHosts = List.copyOf(allowedHosts);
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be in 0..65535: " + port);
        }
        if (jobLimit.isNegative() || jobLimit.isZero()) {
            throw new IllegalArgumentException("jobLimit must be positive: " + jobLimit);
        }
        if (maxConcurrentAnswers < 1) {
            throw new IllegalArgumentException("maxConcurrentAnswers must be at least 1: " + maxConcurrentAnswers);
        }
    }

    /** True when {@link #host()} is this machine's loopback interface (by name or address; no DNS lookup). */
    public boolean loopbackOnly() {
        String h = host.strip();
        return h.equalsIgnoreCase("localhost")
                || h.equals("::1")
                || h.equals("[::1]")
                || (h.startsWith("127.") && Boundary.isIpLiteral(h));
    }

    /**
     * The rule that keeps the code on this machine: a server reachable from elsewhere must have a token —
     * listening on another interface than loopback, or answering to a host name given with {@code --allow-host}
     * (a proxy or a tailnet forwards the network to a loopback port, so loopback alone proves nothing then).
     *
     * @throws IllegalArgumentException with a one-line reason when there is no token and {@link #host()} is not
     *     loopback or {@link #allowedHosts()} is not empty
     */
    public void requireTokenWhenReachable() {
        if (token.isPresent()) {
            return;
        }
        if (!loopbackOnly()) {
            throw new IllegalArgumentException("refusing to listen on " + host
                    + " without a token: anyone who can reach it could read the indexed code; set RAG_TOKEN"
                    + " (or --token), or listen on 127.0.0.1");
        }
        if (!allowedHosts.isEmpty()) {
            throw new IllegalArgumentException("refusing to answer to " + String.join(", ", allowedHosts)
                    + " without a token: a proxy or tunnel under that name would let anyone who reaches it read"
                    + " the indexed code; set RAG_TOKEN (or --token)");
        }
    }

    public static ServerOptions defaults() {
        return new ServerOptions(
                DEFAULT_HOST,
                DEFAULT_PORT,
                ChatOptions.defaults(),
                Optional.empty(),
                List.of(),
                DEFAULT_MAX_CONCURRENT_ANSWERS,
                false,
                RepoManager.DEFAULT_JOB_LIMIT,
                WatchOptions.off());
    }

    public ServerOptions withHost(String h) {
        return new ServerOptions(
                h, port, chat, token, allowedHosts, maxConcurrentAnswers, allowWrites, jobLimit, watch);
    }

    public ServerOptions withPort(int p) {
        return new ServerOptions(
                host, p, chat, token, allowedHosts, maxConcurrentAnswers, allowWrites, jobLimit, watch);
    }

    public ServerOptions withChat(ChatOptions c) {
        return new ServerOptions(
                host, port, c, token, allowedHosts, maxConcurrentAnswers, allowWrites, jobLimit, watch);
    }

    public ServerOptions withToken(Optional<String> t) {
        return new ServerOptions(host, port, chat, t, allowedHosts, maxConcurrentAnswers, allowWrites, jobLimit, watch);
    }

    public ServerOptions withAllowedHosts(List<String> hosts) {
        return new ServerOptions(host, port, chat, token, hosts, maxConcurrentAnswers, allowWrites, jobLimit, watch);
    }

    public ServerOptions withAllowWrites(boolean w) {
        return new ServerOptions(host, port, chat, token, allowedHosts, maxConcurrentAnswers, w, jobLimit, watch);
    }

    public ServerOptions withMaxConcurrentAnswers(int n) {
        return new ServerOptions(host, port, chat, token, allowedHosts, n, allowWrites, jobLimit, watch);
    }

    public ServerOptions withJobLimit(Duration limit) {
        return new ServerOptions(
                host, port, chat, token, allowedHosts, maxConcurrentAnswers, allowWrites, limit, watch);
    }

    public ServerOptions withWatch(WatchOptions w) {
        return new ServerOptions(host, port, chat, token, allowedHosts, maxConcurrentAnswers, allowWrites, jobLimit, w);
    }
}
