package dev.coderag.cli;

/**
 * Bad usage found after picocli parsed the arguments (an out-of-range value, a file that is not there): the
 * command prints its one-line message and exits with code 2, as for a parse error. The one usage-error type of
 * every coderag command line.
 */
final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
