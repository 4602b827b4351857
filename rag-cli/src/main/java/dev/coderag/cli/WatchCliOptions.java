package dev.coderag.cli;

import dev.coderag.chat.StalePolicy;
import dev.coderag.chat.repos.WatchOptions;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/**
 * The server's options for keeping its indexes fresh: watching local repositories, fetching git URLs again, and what
 * answers do while a repository is stale. {@link #options} checks them (before any model loads).
 */
final class WatchCliOptions {
    private static final Pattern DURATION = Pattern.compile("(\\d{1,6})([smhd])");

    @Option(
            names = "--no-watch",
            description = "Do not watch local repositories (env RAG_WATCH=false; RAG_WATCH=poll watches by checking"
                    + " every file's size and time each --watch-poll, without file events). By default a repository"
                    + " indexed from a directory is watched while the server runs (file events, or that check past"
                    + " 8,192 directories or where there are none), and a change is indexed again (incrementally)"
                    + " once its files are quiet for 0.4 s.")
    boolean noWatch;

    @Option(
            names = "--watch-poll",
            paramLabel = "SECONDS",
            defaultValue = "10",
            description = "How often a repository watched without file events is checked, and the list of"
                    + " repositories read again (env RAG_WATCH_POLL; default: ${DEFAULT-VALUE}).")
    long pollSeconds;

    @Option(
            names = "--refresh-every",
            paramLabel = "DURATION",
            description = "Fetch and index again every repository indexed from a git URL this often, e.g. 15m, 2h, 1d"
                    + " (env RAG_REFRESH_EVERY; at least 1m; default: never; POST /api/repos/{name}/refresh does it"
                    + " on request).")
    String refreshEvery;

    @Option(
            names = "--stale",
            paramLabel = "warn|refuse",
            defaultValue = "warn",
            description = "What an answer drawing on a repository whose files changed since its index was built"
                    + " does until it is refreshed: warn (a warning naming it) or refuse (a refusal naming it)"
                    + " (env RAG_STALE; default: ${DEFAULT-VALUE}).")
    String stale;

    /**
     * @param watchEnv the value of {@code RAG_WATCH}, or null
     * @throws UsageException with a one-line reason for a bad value
     */
    WatchOptions options(String watchEnv) {
        String mode = watchEnv == null ? "true" : watchEnv.strip().toLowerCase(Locale.ROOT);
        if (!mode.equals("true") && !mode.equals("false") && !mode.equals("poll")) {
            throw new UsageException("RAG_WATCH must be true, false or poll, not '" + watchEnv + "'");
        }
        if (pollSeconds < 1 || pollSeconds > 86_400) {
            throw new UsageException("--watch-poll must be between 1 and 86400 seconds, not " + pollSeconds);
        }
        StalePolicy policy;
        try {
            policy = StalePolicy.of(stale);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        boolean watch = !noWatch && !mode.equals("false");
        return WatchOptions.on()
                .withWatch(watch, watch && !mode.equals("poll"))
                .withPoll(Duration.ofSeconds(pollSeconds))
                .withRefreshEvery(every(refreshEvery))
                .withStale(policy);
    }

    /** {@code 90s}, {@code 15m}, {@code 2h}, {@code 1d}; empty for none. */
    static Optional<Duration> every(String text) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        Matcher m = DURATION.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new UsageException("--refresh-every takes a number and a unit (s, m, h or d), e.g. 15m, not '"
                    + CliSupport.oneLine(text) + "'");
        }
        long n = Long.parseLong(m.group(1));
        Duration d =
                switch (m.group(2)) {
                    case "s" -> Duration.ofSeconds(n);
                    case "m" -> Duration.ofMinutes(n);
                    case "h" -> Duration.ofHours(n);
                    default -> Duration.ofDays(n);
                };
        if (d.compareTo(Duration.ofMinutes(1)) < 0) {
            throw new UsageException("--refresh-every must be at least 1m, not '" + text.strip() + "'");
        }
        return Optional.of(d);
    }
}
