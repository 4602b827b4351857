package dev.coderag.ingest;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The rules for repository sources and names, written once for every entry point (the ingest command line,
 * the library, the chat server's API): which source strings are git URLs, which repo names are valid, and
 * the name a source gets when none is given. Pure functions of their arguments; thread-safe.
 *
 * <p>These rules classify; they do not make a source safe. A string {@link #isGitUrl} accepts may still be
 * refused (an {@code ext::} transport, a {@code file://} URL where those are off, an option-like path):
 * {@link Ingester#check} applies every check without touching the network.
 */
public final class RepoSources {
    /** The longest valid repo name. */
    public static final int MAX_NAME_LENGTH = 100;

    /** Appended to the commit of a git working tree with uncommitted changes (the recorded "commit"). */
    public static final String DIRTY_SUFFIX = "-dirty";

    /** git's {@code <transport>::<address>} syntax ({@code ext::sh -c …}). */
    static final Pattern TRANSPORT_PREFIX = Pattern.compile("^[A-Za-z][A-Za-z0-9+.\\-]*::");
    /** The scp-like {@code user@host:path} form; groups: user, host, path. */
    static final Pattern SCP_LIKE = Pattern.compile("^([A-Za-z0-9._\\-]+)@([A-Za-z0-9][A-Za-z0-9.\\-]*):(.+)$");
    /** {@code scheme://…}; group 1 is the scheme. */
    static final Pattern URL_SCHEME = Pattern.compile("^([A-Za-z][A-Za-z0-9+.\\-]*)://.*");

    private static final Pattern VALID_NAME = Pattern.compile("^[A-Za-z0-9][A-Za-z0-9._\\-]{0,99}$");
    private static final Pattern NAME_INVALID_CHAR = Pattern.compile("[^A-Za-z0-9._\\-]");
    private static final Pattern NAME_BAD_START = Pattern.compile("^[._\\-]+");

    private RepoSources() {}

    /**
     * True when {@code source} is meant as a git URL rather than a local path: it has a {@code scheme://}
     * (any scheme), a {@code transport::} prefix or the scp-like {@code user@host:path} form. Everything else
     * is a path.
     *
     * @param source non-null; any length
     */
    public static boolean isGitUrl(String source) {
        Objects.requireNonNull(source, "source");
        return URL_SCHEME.matcher(source).matches()
                || TRANSPORT_PREFIX.matcher(source).find()
                || SCP_LIKE.matcher(source).matches();
    }

    /**
     * True for a valid repo name: 1 to {@value #MAX_NAME_LENGTH} ASCII letters, digits, {@code .}, {@code _}
     * and {@code -}, starting with a letter or digit. Such a name is safe as a directory name and in a URL path.
     *
     * @param name non-null; any length
     */
    public static boolean isValidName(String name) {
        Objects.requireNonNull(name, "name");
        return name.length() <= MAX_NAME_LENGTH && VALID_NAME.matcher(name).matches();
    }

    /**
     * The repo name a source gets when the user gives none: for a {@linkplain #isGitUrl git URL} the last
     * segment of its path without {@code .git}, otherwise {@link #defaultName(Path) the last segment of the
     * path} as written. Characters not allowed in a name become {@code -}, leading {@code .}, {@code _} and
     * {@code -} are dropped, and the result is cut to {@value #MAX_NAME_LENGTH} characters, so a present result
     * is always {@linkplain #isValidName valid}.
     *
     * @param source non-null; any length
     * @return empty when nothing is left (then the user must name the repo)
     */
    public static Optional<String> defaultName(String source) {
        Objects.requireNonNull(source, "source");
        if (isGitUrl(source)) {
            return sanitized(repoNameOfUrl(source));
        }
        try {
            return defaultName(Path.of(source));
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    /**
     * The repo name of a local directory: its last path segment, made valid as {@link #defaultName(String)}
     * describes. Pass the real path ({@link Path#toRealPath}) to name {@code .} or {@code ..} by the directory
     * they stand for, as the ingester does.
     *
     * @return empty for a root, or when no valid character is left
     */
    public static Optional<String> defaultName(Path directory) {
        Path fileName = directory.getFileName();
        return sanitized(fileName == null ? "" : fileName.toString());
    }

    /**
     * The commit an ingest of {@code dir} would record now: HEAD's sha when it is the top of a git work tree, with
     * {@link #DIRTY_SUFFIX} when tracked files differ from HEAD; empty when it is not a work tree's top, git is
     * missing or a git command ran longer than {@code timeout}. git runs as the ingester runs it (no shell, no
     * prompt, no fsmonitor, this directory alone trusted).
     */
    public static Optional<String> headCommit(Path dir, java.time.Duration timeout) {
        return GitSource.headCommit(dir, timeout);
    }

    /**
     * Whether {@code source} is still the directory it was recorded as: a directory whose real path is the source
     * itself (the recorded source of a local repository is its real path). False once a directory on the way became a
     * link, so a refresh never follows a link swapped in after the directory was added.
     */
    public static boolean isSameDirectory(String source) {
        try {
            Path dir = Path.of(source);
            return dir.isAbsolute()
                    && java.nio.file.Files.isDirectory(dir)
                    && dir.toRealPath().equals(dir);
        } catch (java.io.IOException | java.nio.file.InvalidPathException e) {
            return false;
        }
    }

    /**
     * {@code text} with the user-info part of every URL in it ({@code https://user:token@host/…}) replaced by
     * {@code ***} and control characters shown as {@code ?}: the one redaction for everything that shows or
     * logs a source — API responses, the page, logs, error messages (git's own output included).
     *
     * @param text a URL, a path or a message; non-null
     */
    public static String redact(String text) {
        Objects.requireNonNull(text, "text");
        return withoutUserInfo(text).replaceAll("\\p{Cntrl}", "?");
    }

    /**
     * What {@code ([A-Za-z][A-Za-z0-9+.\-]*://)[^/\s]*@} replaced by {@code $1***@} gives, in one pass: that
     * regex's {@code find()} retried its scheme run from every position, quadratic on a long run of letters (a
     * megabyte source sent to the API took hours). Each {@code ://} is looked at once: its scheme is the run of
     * scheme characters before it from its first letter, its user info reaches the last {@code @} before the
     * next {@code /} or whitespace.
     */
    static String withoutUserInfo(String text) {
        StringBuilder out = null;
        int copied = 0;
        int sep = text.indexOf("://");
        while (sep >= 0) {
            int scheme = sep;
            while (scheme > copied && isSchemeChar(text.charAt(scheme - 1))) {
                scheme--;
            }
            while (scheme < sep && !isAsciiLetter(text.charAt(scheme))) {
                scheme++;
            }
            int host = sep + 3;
            int at = -1;
            int end = host;
            if (scheme < sep) {
                while (end < text.length() && text.charAt(end) != '/' && !isRegexSpace(text.charAt(end))) {
                    if (text.charAt(end) == '@') {
                        at = end;
                    }
                    end++;
                }
            }
            if (at >= 0) {
                if (out == null) {
                    out = new StringBuilder(text.length());
                }
                out.append(text, copied, host).append("***@");
                copied = at + 1;
                sep = text.indexOf("://", copied);
            } else {
                // the next "://" may begin inside the part just read ("a://b:://c@h"), but not before this one's end
                sep = text.indexOf("://", sep + 1);
            }
        }
        return out == null ? text : out.append(text, copied, text.length()).toString();
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isSchemeChar(char c) {
        return isAsciiLetter(c) || (c >= '0' && c <= '9') || c == '+' || c == '.' || c == '-';
    }

    /** {@code \s} as {@link java.util.regex} reads it by default: ASCII whitespace only. */
    private static boolean isRegexSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    /** The repository name a URL implies: its last path segment without {@code .git}; not yet sanitised. */
    static String repoNameOfUrl(String url) {
        String path = url;
        var scp = SCP_LIKE.matcher(url);
        if (scp.matches()) {
            path = scp.group(3);
        } else {
            try {
                URI uri = new URI(url);
                if (uri.getPath() != null) {
                    path = uri.getPath();
                }
            } catch (URISyntaxException e) {
                // fall back to the raw string
            }
        }
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf(':'));
        String last = slash < 0 ? path : path.substring(slash + 1);
        if (last.endsWith(".git")) {
            last = last.substring(0, last.length() - 4);
        }
        return last;
    }

    private static Optional<String> sanitized(String raw) {
        String name = NAME_INVALID_CHAR.matcher(raw).replaceAll("-");
        name = NAME_BAD_START.matcher(name).replaceAll("");
        if (name.length() > MAX_NAME_LENGTH) {
            name = name.substring(0, MAX_NAME_LENGTH);
        }
        return name.isEmpty() ? Optional.empty() : Optional.of(name);
    }
}
