package dev.coderag.ingest.history;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * How the reader starts git: one command in one repository, its standard output streamed to a sink. The ingest
 * implements it with its isolation and time limits ({@link dev.coderag.ingest.GitPolicy#historyGit()}); the
 * arguments start with the git subcommand.
 */
@FunctionalInterface
public interface GitRunner {
    /**
     * Runs {@code git -C dir args…} and returns when it ended, was stopped because the sink wanted no more, or ran
     * longer than {@code timeout} (then it is killed). Standard error never reaches the sink.
     */
    Exit run(Path dir, Duration timeout, Sink sink, List<String> args);

    /** Takes git's standard output as it arrives, from one thread. */
    @FunctionalInterface
    interface Sink {
        /**
         * Takes the next {@code n} bytes of {@code buffer} (reused after the call).
         *
         * @return false to stop git: nothing more is wanted
         */
        boolean accept(byte[] buffer, int n);
    }

    /** git's exit status (not 0 when it failed, was stopped or timed out) and, then, one line saying why. */
    record Exit(int status, String error) {
        public boolean ok() {
            return status == 0;
        }
    }
}
