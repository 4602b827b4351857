package dev.coderag.chat;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * How fresh a repository's index is compared with its source, as {@code GET /api/repos} and every answer
 * ({@code /api/chat}'s {@code freshness}) report it: a local directory is watched while the server runs (file
 * events, or a periodic check), a git URL is fetched again on a schedule or on request.
 *
 * @param state {@code fresh}, {@code stale}, {@code refreshing} or {@code unknown}
 * @param watch how changes are noticed: {@code events} (file-system events), {@code poll} (a periodic check of
 *     every file's size and time), {@code schedule} (a git URL fetched every {@code --refresh-every}) or
 *     {@code off}
 * @param indexedCommit the commit the index was built from ("" when not a git checkout or nothing indexed)
 * @param headCommit the working tree's HEAD now, as the ingester records it ({@code -dirty} with uncommitted
 *     changes to tracked files); "" when not a git checkout or not known
 * @param changedFiles files whose size or time changed since the last committed ingest started
 * @param addedFiles files that appeared since then
 * @param deletedFiles files that went since then
 * @param checkedAt ISO-8601 instant of the last check, or null before the first
 * @param error why the repository is not watched or checked as asked (one line), or null
 */
public record Freshness(
        State state,
        String watch,
        String indexedCommit,
        String headCommit,
        int changedFiles,
        int addedFiles,
        int deletedFiles,
        String checkedAt,
        String error) {

    /** Where the index stands against its source. */
    public enum State {
        /** Nothing changed since the last committed ingest. */
        FRESH,
        /** Files changed (or HEAD moved) since the last committed ingest; a refresh follows. */
        STALE,
        /** An ingest of it is queued or running. */
        REFRESHING,
        /** Not checked (a git URL between fetches, watching off, or not checked yet). */
        UNKNOWN;

        /** The API's and the page's word: the lower-case name. */
        @JsonValue
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A repository nothing is known of. */
    public static Freshness unknown(String watch, String indexedCommit) {
        return new Freshness(State.UNKNOWN, watch, indexedCommit, "", 0, 0, 0, null, null);
    }

    /** The same with another state. */
    public Freshness withState(State s) {
        return new Freshness(
                s, watch, indexedCommit, headCommit, changedFiles, addedFiles, deletedFiles, checkedAt, error);
    }

    /** The same with a one-line reason why it is not watched or checked as asked. */
    public Freshness withError(String e) {
        return new Freshness(
                state, watch, indexedCommit, headCommit, changedFiles, addedFiles, deletedFiles, checkedAt, e);
    }

    /** Whether the index lags its source: files changed since the last committed ingest, or HEAD moved. */
    @JsonIgnore
    public boolean stale() {
        return changedFiles + addedFiles + deletedFiles > 0 || headMoved();
    }

    private boolean headMoved() {
        return !headCommit.isEmpty() && !indexedCommit.isEmpty() && !headCommit.equals(indexedCommit);
    }

    /** What changed, in words: "2 changed, 1 added, 0 deleted files" and/or "HEAD moved". */
    @JsonIgnore
    public String changes() {
        String files = changedFiles + addedFiles + deletedFiles == 0
                ? ""
                : changedFiles + " changed, " + addedFiles + " added, " + deletedFiles + " deleted files";
        String head = headMoved() ? "HEAD is at " + shortSha(headCommit) + ", indexed " + shortSha(indexedCommit) : "";
        return files.isEmpty() || head.isEmpty() ? files + head : files + "; " + head;
    }

    /** The warning an answer drawing on {@code repo} carries while it is stale ({@code --stale warn}). */
    public static String notice(String repo, Freshness f) {
        return "The index of " + repo + " is stale (" + f.changes() + " since it was indexed; a refresh follows):"
                + " answers may cite old lines.";
    }

    /** The answer to a question drawing on {@code repo} while it is stale ({@code --stale refuse}). */
    public static String refusal(String repo, Freshness f) {
        return "Not answered: the index of " + repo + " is stale (" + f.changes() + " since it was indexed), and"
                + " this server refuses to answer from a stale index. Ask again once it is refreshed (GET /api/repos"
                + " shows its freshness).";
    }

    private static String shortSha(String c) {
        return c.length() > 10 ? c.substring(0, 10) + (c.endsWith("-dirty") ? "-dirty" : "") : c;
    }
}
