package dev.coderag.chat.repos;

import dev.coderag.chat.Freshness;
import java.nio.file.Path;

/**
 * What {@link RepoWatcher} knows of one local repository: the snapshot its last committed ingest started from (what
 * the index holds), the one of the ingest running now, the last check's, and the freshness last published. Fields
 * are guarded by the object's monitor, except {@link #published}, read by request threads.
 */
final class RepoWatch {
    final String name;
    final Path root;
    /** The files when the last committed ingest started; null when no ingest ran since the server started. */
    TreeSnapshot baseline;
    /** HEAD when that ingest started. */
    String headAtIngest = "";
    /** The files and HEAD when the running ingest started; null when none runs. */
    TreeSnapshot starting;

    String startingHead = "";
    boolean ingesting;
    /** {@code events} or {@code poll}. */
    String mode = "poll";
    /** Why it is not watched as asked, or null. */
    String error;
    /** The last check's freshness; null before the first. */
    volatile Freshness published;

    RepoWatch(String name, Path root) {
        this.name = name;
        this.root = root;
    }
}
