package dev.coderag.eval;

/** An evaluation that cannot run (bad query file, bad corpus, bad options); the message is one user-facing line. */
public final class EvalException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public EvalException(String message) {
        super(message);
    }

    public EvalException(String message, Throwable cause) {
        super(message, cause);
    }
}
