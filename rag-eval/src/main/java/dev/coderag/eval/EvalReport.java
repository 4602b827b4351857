package dev.coderag.eval;

import java.nio.file.Path;

/** What an evaluation hands back to print: the summary as JSON, the full report as a file, the table for a human. */
public interface EvalReport {
    /** The summary as JSON (what {@code --json} prints). */
    String summaryJson();

    /**
     * Writes the whole report (settings, figures, per question details) as JSON to {@code file}, creating its
     * directory.
     *
     * @throws EvalException when it cannot be written
     */
    void writeReport(Path file);

    /** The human-readable table (what {@code ./rag eval} prints without {@code --json}). */
    String table();
}
