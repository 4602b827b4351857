package dev.coderag.ingest;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Where an isolated clone may connect. A URL from the network must not make the server reach what only the
 * server can reach: its own loopback services, the private network, the cloud metadata address. The host is
 * resolved once, here, before git runs; every address must be public (unless the operator allows private
 * ones); and git is pinned to exactly the addresses checked ({@code http.curloptResolve}, or ssh's
 * {@code HostName} with the key still checked under the URL's host), so a DNS answer that changes between the
 * check and the connect (rebinding) changes nothing.
 *
 * <p>Not covered: with a proxy in the environment ({@code https_proxy}), the proxy resolves and connects, and
 * its own rules apply.
 */
final class GitDestination {
    private GitDestination() {}

    /** Name resolution, replaceable in tests (a name that no DNS knows, to prove git does not ask DNS). */
    @FunctionalInterface
    interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    static final Resolver SYSTEM = InetAddress::getAllByName;

    /**
     * The checked addresses git must connect to for {@code host:port}.
     *
     * @param ssh whether the transport is ssh (pinned through its options) rather than http(s) (through curl)
     */
    record Pin(String host, int port, List<InetAddress> addresses, boolean ssh) {
        /** {@code -c} value pinning curl: {@code host:port:addr[,addr]…}, IPv6 addresses in brackets. */
        String curlResolve() {
            return host + ":" + port + ":"
                    + addresses.stream().map(GitDestination::literal).collect(Collectors.joining(","));
        }

        /** The ssh pin: the first checked address, the key checked under {@link #host}. */
        GitSsh.Pin sshPin() {
            return new GitSsh.Pin(host, addresses.getFirst().getHostAddress());
        }
    }

    /**
     * Resolves and checks the host of {@code url} for an isolated policy.
     *
     * @return the pin for git, or empty when there is nothing to pin ({@code file://}, an IP literal, a policy
     *     that is not isolated)
     * @throws IngestException BAD_SOURCE when an address is not public and the policy does not allow private
     *     ones; CLONE_FAILED when the host does not resolve (worded as every other unreachable host)
     */
    static Optional<Pin> check(String url, GitPolicy policy, Resolver resolver) {
        if (!policy.isolated()) {
            return Optional.empty();
        }
        Optional<Pin> target = target(url);
        if (target.isEmpty()) {
            return Optional.empty();
        }
        String host = target.get().host();
        InetAddress[] addresses;
        try {
            addresses = resolver.resolve(host);
        } catch (UnknownHostException | RuntimeException e) {
            throw GitClone.unreachable(url, "cannot resolve " + host + ": " + e.getMessage());
        }
        if (addresses.length == 0) {
            throw GitClone.unreachable(url, "no address for " + host);
        }
        if (!policy.allowPrivate()) {
            for (InetAddress a : addresses) {
                if (!isPublic(a)) {
                    throw new IngestException(
                            IngestException.Reason.BAD_SOURCE,
                            "refusing git URL '" + RepoSources.redact(url) + "': its host is a loopback, private,"
                                    + " link-local or otherwise non-public address (--allow-git-private allows those)");
                }
            }
        }
        boolean literal = host.equals(addresses[0].getHostAddress()) || host.contains(":");
        if (literal && !target.get().ssh()) {
            return Optional.empty(); // nothing for DNS to change
        }
        return Optional.of(new Pin(
                host, target.get().port(), List.of(addresses), target.get().ssh()));
    }

    /** The host and port {@code url} connects to, without addresses; empty for {@code file://}. */
    private static Optional<Pin> target(String url) {
        var scp = RepoSources.SCP_LIKE.matcher(url);
        if (scp.matches()) {
            return Optional.of(new Pin(scp.group(2), 22, List.of(), true));
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new IngestException(
                    IngestException.Reason.BAD_SOURCE, "malformed git URL '" + RepoSources.redact(url) + "'");
        }
        String scheme = Optional.ofNullable(uri.getScheme()).orElse("").toLowerCase(Locale.ROOT);
        int port =
                switch (scheme) {
                    case "https" -> 443;
                    case "http" -> 80;
                    case "ssh" -> 22;
                    default -> -1;
                };
        if (port < 0 || uri.getHost() == null) {
            return Optional.empty();
        }
        String host = uri.getHost();
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        return Optional.of(new Pin(host, uri.getPort() < 0 ? port : uri.getPort(), List.of(), scheme.equals("ssh")));
    }

    /**
     * Whether {@code a} is a public unicast address: not loopback, private (10/8, 172.16/12, 192.168/16,
     * fc00::/7), link-local (169.254/16, fe80::/10), shared (CGNAT 100.64/10), unspecified, multicast, reserved
     * (0/8, 240/4) or site-local; IPv4 embedded in IPv6 (mapped, compatible, NAT64, 6to4) is judged as IPv4.
     */
    static boolean isPublic(InetAddress a) {
        if (a instanceof Inet6Address v6) {
            byte[] b = v6.getAddress();
            Optional<InetAddress> embedded = embeddedV4(b);
            if (embedded.isPresent()) {
                return isPublic(embedded.get());
            }
            if ((b[0] & 0xfe) == 0xfc) {
                return false; // fc00::/7 unique local
            }
        }
        if (a.isAnyLocalAddress()
                || a.isLoopbackAddress()
                || a.isLinkLocalAddress()
                || a.isSiteLocalAddress()
                || a.isMulticastAddress()) {
            return false;
        }
        if (a instanceof Inet4Address) {
            byte[] b = a.getAddress();
            int first = b[0] & 0xff;
            int second = b[1] & 0xff;
            return first != 0 && first < 240 && !(first == 100 && second >= 64 && second < 128);
        }
        return true;
    }

    /** The IPv4 address inside an IPv4-mapped, -compatible, NAT64 (64:ff9b::/96) or 6to4 (2002::/16) address. */
    private static Optional<InetAddress> embeddedV4(byte[] b) {
        byte[] v4;
        boolean zeroPrefix = Arrays.equals(Arrays.copyOf(b, 10), new byte[10]);
        if (zeroPrefix && ((b[10] == 0 && b[11] == 0) || (b[10] == (byte) 0xff && b[11] == (byte) 0xff))) {
            v4 = Arrays.copyOfRange(b, 12, 16); // ::a.b.c.d, ::ffff:a.b.c.d
        } else if (b[0] == 0 && b[1] == 0x64 && b[2] == (byte) 0xff && b[3] == (byte) 0x9b) {
            v4 = Arrays.copyOfRange(b, 12, 16);
        } else if (b[0] == 0x20 && b[1] == 0x02) {
            v4 = Arrays.copyOfRange(b, 2, 6);
        } else {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByAddress(v4));
        } catch (UnknownHostException e) {
            return Optional.empty(); // four bytes are always an address
        }
    }

    private static String literal(InetAddress a) {
        return a instanceof Inet6Address ? "[" + a.getHostAddress() + "]" : a.getHostAddress();
    }
}
