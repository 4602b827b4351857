package dev.coderag.ingest;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;

/**
 * A git URL split into what may appear on git's command line and in {@code .git/config} — the URL without its
 * user info — and the credentials that user info carried, which reach git only through the environment of its
 * process ({@link GitProcess}): an argument list is readable by every local user ({@code ps -eo args}), a
 * process environment only by the same user.
 *
 * <p>Only {@code http(s)} URLs lose their user info. An ssh URL keeps its user name (ssh needs it and it is no
 * secret) and is refused with a password: ssh has no way to take one from coderag. The user info
 * {@code ***} is {@link RepoSources#redact}'s marker, not a credential: a redacted source (as the store records
 * it, so as a re-index passes it) means "no credentials".
 *
 * @param url the URL to give git and record as {@code origin}
 * @param credentials what the user info carried, for the host of {@code url}
 */
record GitRemote(String url, Optional<Credentials> credentials) {

    /**
     * A user name and password (either may be empty) for one host.
     *
     * @param host the URL's host as git's credential protocol names it: {@code host[:port]} as written in the
     *     URL; the helper answers no other host (so a redirect to another host gets nothing)
     */
    record Credentials(String username, String password, String host) {
        @Override
        public String toString() {
            return "Credentials[" + host + "]"; // never the secret, whatever logs this
        }
    }

    /** The marker {@link RepoSources#redact} puts where user info was. */
    private static final String REDACTED = "***";

    /**
     * Splits {@code url} (one {@link GitSource#validateUrl} accepted).
     *
     * @throws IngestException BAD_SOURCE for an ssh URL with a password, or credentials that decode to control
     *     characters (they would inject lines into git's credential protocol)
     */
    static GitRemote of(String url) {
        int sep = url.indexOf("://");
        if (sep < 0) {
            return new GitRemote(url, Optional.empty()); // scp-like git@host:path, or not a URL at all
        }
        String scheme = url.substring(0, sep).toLowerCase(Locale.ROOT);
        int start = sep + 3;
        int end = start;
        while (end < url.length() && "/?#".indexOf(url.charAt(end)) < 0) {
            end++;
        }
        String authority = url.substring(start, end);
        int at = authority.lastIndexOf('@');
        if (at < 0) {
            return new GitRemote(url, Optional.empty());
        }
        String userInfo = authority.substring(0, at);
        if (scheme.equals("ssh")) {
            if (userInfo.contains(":")) {
                throw new IngestException(
                        IngestException.Reason.BAD_SOURCE,
                        "refusing git URL '" + RepoSources.redact(url)
                                + "': an ssh URL takes no password (the server's ssh key is --git-ssh-key)");
            }
            return new GitRemote(url, Optional.empty());
        }
        if (!scheme.equals("https") && !scheme.equals("http")) {
            return new GitRemote(url, Optional.empty());
        }
        String host = authority.substring(at + 1);
        String bare = url.substring(0, start) + host + url.substring(end);
        if (userInfo.equals(REDACTED)) {
            return new GitRemote(bare, Optional.empty());
        }
        int colon = userInfo.indexOf(':');
        String user = decode(colon < 0 ? userInfo : userInfo.substring(0, colon), url);
        String password = colon < 0 ? "" : decode(userInfo.substring(colon + 1), url);
        return new GitRemote(bare, Optional.of(new Credentials(user, password, host)));
    }

    /** Percent-decodes as git does ({@code +} stays {@code +}); refuses control characters. */
    private static String decode(String raw, String url) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int i = 0;
        while (i < raw.length()) {
            if (raw.charAt(i) == '%'
                    && i + 2 < raw.length()
                    && hex(raw.charAt(i + 1)) >= 0
                    && hex(raw.charAt(i + 2)) >= 0) {
                bytes.write(hex(raw.charAt(i + 1)) * 16 + hex(raw.charAt(i + 2)));
                i += 3;
            } else {
                int next = raw.indexOf('%', i + 1);
                int stop = next < 0 ? raw.length() : next;
                bytes.writeBytes(raw.substring(i, stop).getBytes(StandardCharsets.UTF_8));
                i = stop;
            }
        }
        String decoded = bytes.toString(StandardCharsets.UTF_8);
        if (decoded.chars().anyMatch(Character::isISOControl)) {
            throw new IngestException(
                    IngestException.Reason.BAD_SOURCE,
                    "refusing git URL '" + RepoSources.redact(url) + "': its credentials hold control characters");
        }
        return decoded;
    }

    private static int hex(char c) {
        return Character.digit(c, 16);
    }
}
