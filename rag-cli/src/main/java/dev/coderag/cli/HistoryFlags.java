package dev.coderag.cli;

import dev.coderag.ingest.history.HistoryOptions;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine.Option;

/** {@code --history} and {@code --history-since}: how much git history an ingest reads (docs/INGEST.md, "History"). */
final class HistoryFlags {
    @Option(
            names = "--history",
            paramLabel = "N|off",
            defaultValue = "${env:RAG_HISTORY:-" + HistoryOptions.DEFAULT_COMMITS + "}",
            description = "Commits of git history to read, newest first (env RAG_HISTORY; default: ${DEFAULT-VALUE});"
                    + " later runs read only the new ones. off: none (and drop what was read). A git URL is"
                    + " cloned this deep.")
    String history;

    @Option(
            names = "--history-since",
            paramLabel = "YYYY-MM-DD",
            description = "Only commits made on or after this day (UTC).")
    String since;

    /** The options these flags say; UsageException for a bad value. */
    HistoryOptions options() {
        String h = history == null ? "" : history.strip().toLowerCase(Locale.ROOT);
        int commits;
        if (h.equals("off") || h.equals("0")) {
            commits = 0;
        } else {
            try {
                commits = Integer.parseInt(h);
            } catch (NumberFormatException e) {
                throw new UsageException("--history takes a number of commits or 'off', not '" + history + "'");
            }
            if (commits < 0 || commits > 1_000_000) {
                throw new UsageException("--history must be 0 to 1000000 commits");
            }
        }
        Optional<java.time.Instant> from = Optional.empty();
        if (since != null && !since.isBlank()) {
            try {
                from = Optional.of(LocalDate.parse(since.strip())
                        .atStartOfDay(ZoneOffset.UTC)
                        .toInstant());
            } catch (DateTimeParseException e) {
                throw new UsageException("--history-since takes a date like 2024-01-31, not '" + since + "'");
            }
        }
        return new HistoryOptions(commits, from);
    }
}
