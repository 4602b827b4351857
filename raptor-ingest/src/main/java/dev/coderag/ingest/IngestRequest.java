package dev.coderag.ingest;

import java.util.Objects;
import java.util.Optional;

/**
 * One repository to ingest.
 *
 * @param source a local directory or a git URL ({@code https://…}, {@code git@…})
 * @param name the repo name in the store; empty = the directory or URL's repo name
 * @param branch for git URLs, the branch to clone; empty = the remote's default
 */
public record IngestRequest(String source, Optional<String> name, Optional<String> branch) {
    public IngestRequest {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(branch, "branch");
    }

    public static IngestRequest of(String source) {
        return new IngestRequest(source, Optional.empty(), Optional.empty());
    }
}
