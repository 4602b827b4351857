package dev.coderag.ingest.history;

import java.util.List;
import java.util.Objects;

/**
 * One commit's metadata as stored: untrusted text with control characters (but {@code \n} and {@code \t}) and
 * invisible format characters removed, the message capped ({@link HistoryBounds#maxMessageChars()}).
 *
 * @param sha the full object name (40 or 64 lowercase hex digits)
 * @param parents the parents' object names, first parent first
 * @param author the author's name as the commit records it (no e-mail, no mailmap)
 * @param epochSeconds the author date, seconds since 1970
 * @param subject the message's first paragraph on one line
 * @param body the rest of the message, without the blank lines around it; "" when there is none
 */
public record CommitInfo(
        String sha, List<String> parents, String author, long epochSeconds, String subject, String body) {
    public CommitInfo {
        Objects.requireNonNull(sha, "sha");
        parents = List.copyOf(parents);
        Objects.requireNonNull(author, "author");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(body, "body");
    }
}
