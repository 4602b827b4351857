package dev.coderag.retrieval.commits;

import dev.coderag.retrieval.history.Change;
import dev.coderag.retrieval.history.LineHistory;
import dev.coderag.store.History;
import dev.coderag.store.StoredChunk;
import dev.coderag.store.spi.LexicalText;
import dev.coderag.types.CommitChunk;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A definition's own history from the stored commits of its file (no {@code git log -L} per question): the file's
 * commit chunks newest first, following a rename back to the file's older path, and the ones among them that answer
 * a {@link HistoryQuestion}. Reads only through {@link History}; pure otherwise, and thread-safe.
 */
public final class DefinitionHistory {
    /** Renames followed back at most (a cycle of renames ends there too). */
    static final int MAX_RENAMES = 16;
    /** Commit chunks read per path at most. */
    static final int PER_PATH = 1_000;

    private DefinitionHistory() {}

    /**
     * The commit chunks of {@code path} in {@code repo}, newest first; when the oldest of them renamed the file,
     * then those of its old path older than that rename, and so on back (at most {@value #MAX_RENAMES} renames,
     * {@value #PER_PATH} chunks a path).
     */
    public static List<StoredChunk> ofFile(History history, String repo, String path) {
        List<StoredChunk> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        String current = path;
        long before = Long.MAX_VALUE;
        for (int renames = 0; renames <= MAX_RENAMES && !current.isEmpty(); renames++) {
            StoredChunk oldest = null;
            for (StoredChunk s : history.ofFile(repo, current, PER_PATH)) {
                if (s.chunk() instanceof CommitChunk c && c.time() <= before && seen.add(c.sha() + '\0' + c.path())) {
                    out.add(s);
                    oldest = s;
                }
            }
            if (oldest == null
                    || !(oldest.chunk() instanceof CommitChunk c)
                    || c.change() != CommitChunk.Change.RENAMED) {
                break;
            }
            current = c.oldPath();
            before = c.time();
        }
        return out;
    }

    /**
     * The commits of {@code walked} (a file's history, newest first, as {@link #ofFile} reads it) that answer
     * {@code question} about the definition named {@code name} ({@code qualified} its qualified name; both "" for a
     * question about the whole file), best first, at most {@code limit}, only those in the question's dates:
     *
     * <ul>
     *   <li>{@link HistoryQuestion.Ask#ADDED}: the oldest commit that introduced the name, else the one that added
     *       the file; then the others that touched it, oldest first;
     *   <li>{@link HistoryQuestion.Ask#LAST_CHANGED}: the newest commit that touched it, and the ones before;
     *   <li>{@link HistoryQuestion.Ask#WHY}: the commits that touched it, those whose message holds more of the
     *       question's words first, newest first among equals;
     *   <li>{@link HistoryQuestion.Ask#CHANGES}: the commits that touched it, newest first.
     * </ul>
     *
     * A commit touched the name when its {@code touched} list names it or, lacking that, its diff mentions it.
     */
    public static List<StoredChunk> answer(
            HistoryQuestion question, String name, String qualified, List<StoredChunk> walked, int limit) {
        List<StoredChunk> touching = new ArrayList<>();
        StoredChunk introduced = null;
        StoredChunk created = null;
        for (StoredChunk s : walked) {
            CommitChunk c = (CommitChunk) s.chunk();
            if (!question.admits(c.time())) {
                continue;
            }
            if (touches(c, name, qualified)) {
                touching.add(s);
            }
            if (!name.isEmpty() && names(c.introduced(), name, qualified)) {
                introduced = s; // walked newest first: the last one seen is the oldest
            }
            if (c.change() == CommitChunk.Change.ADDED) {
                created = s;
            }
        }
        List<StoredChunk> ranked = new ArrayList<>();
        switch (question.ask()) {
            case ADDED -> {
                StoredChunk first = introduced != null ? introduced : created;
                if (first != null) {
                    ranked.add(first);
                }
                ranked.addAll(touching.reversed());
            }
            case LAST_CHANGED, CHANGES -> ranked.addAll(touching);
            case WHY -> {
                ranked.addAll(touching);
                ranked.sort(Comparator.comparingInt((StoredChunk s) -> -wordsIn((CommitChunk) s.chunk(), question)));
            }
        }
        return ranked.stream().distinct().limit(Math.max(0, limit)).toList();
    }

    /**
     * The commit that last wrote one of lines {@code from..to} of the file today, by a blame-like walk over the
     * hunks of {@code walked} (its history newest first, as {@link #ofFile} reads it): what "who last changed X"
     * asks of a definition at those lines. Empty when the stored history does not reach them.
     */
    public static Optional<StoredChunk> lastWrote(List<StoredChunk> walked, int from, int to) {
        Map<String, StoredChunk> byId = new HashMap<>();
        List<Change> chain = new ArrayList<>();
        for (StoredChunk s : walked) {
            CommitChunk c = (CommitChunk) s.chunk();
            byId.put(s.id(), s);
            chain.add(new Change(s.id(), c.path(), c.oldPath(), c.hunks()));
        }
        return LineHistory.lastChange(chain, to, from, to).map(byId::get);
    }

    private static boolean touches(CommitChunk c, String name, String qualified) {
        if (name.isEmpty()) {
            return true;
        }
        return names(c.touched(), name, qualified)
                || (c.touched().isEmpty() && c.diff().contains(name));
    }

    /** Whether {@code names} holds the definition: its simple or qualified name, or a name ending with ".name". */
    static boolean names(List<String> names, String name, String qualified) {
        for (String n : names) {
            if (n.equals(name)
                    || n.equals(qualified)
                    || n.endsWith("." + name)
                    || n.endsWith("#" + name)
                    || n.endsWith("::" + name)) {
                return true;
            }
        }
        return false;
    }

    /** How many of the question's words the commit's message holds (each counted once). */
    static int wordsIn(CommitChunk c, HistoryQuestion question) {
        // the lexical index's tokens (identifiers split, stemmed): "scanning loops" meets "direct scans"; the
        // message says why, so its words count twice the diff's
        java.util.Set<String> asked = new java.util.HashSet<>();
        for (String w : question.words()) {
            asked.addAll(LexicalText.tokens(w));
        }
        java.util.Set<String> message = new java.util.HashSet<>(LexicalText.tokens(c.subject() + "\n" + c.body()));
        java.util.Set<String> diff = new java.util.HashSet<>(LexicalText.tokens(c.diff()));
        int n = 0;
        for (String w : asked) {
            n += (message.contains(w) ? 2 : 0) + (diff.contains(w) ? 1 : 0);
        }
        return n;
    }
}
