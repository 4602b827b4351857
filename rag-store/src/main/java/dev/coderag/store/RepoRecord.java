package dev.coderag.store;

import java.time.Instant;
import java.util.Objects;

/** What an ingest records about a repository when it commits. */
public record RepoRecord(String name, String source, String commit, Instant indexedAt) {
    public RepoRecord {
        Objects.requireNonNull(name, "name");
        source = Objects.requireNonNullElse(source, "");
        commit = Objects.requireNonNullElse(commit, "");
        Objects.requireNonNull(indexedAt, "indexedAt");
    }
}
