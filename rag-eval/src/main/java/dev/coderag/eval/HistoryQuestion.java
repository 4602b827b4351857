package dev.coderag.eval;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One question about a repository's history with the commits that answer it (a line of
 * {@code rag-eval/src/test/resources/history/<repo>.jsonl}; format in that folder's README.md).
 *
 * @param repo the repository the question is about
 * @param gold the answering commits, full lower-case hex ids, distinct, never empty (for {@link HistoryKind#BETWEEN}
 *     every commit of the range; any one of them answers)
 * @param path the file or directory the question is about, when the line names one
 * @param position how many non-merge commits are newer than the gold (for {@code between}, than its oldest): a
 *     store that read only the newest N commits can hold the gold only when {@code position < N}
 */
record HistoryQuestion(
        String id,
        String repo,
        HistoryKind kind,
        String question,
        List<String> gold,
        Optional<String> path,
        int position) {
    HistoryQuestion {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(repo, "repo");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(path, "path");
        gold = List.copyOf(gold);
        if (gold.isEmpty()) {
            throw new IllegalArgumentException(id + ": no gold commit");
        }
        if (position < 0) {
            throw new IllegalArgumentException(id + ": negative position");
        }
    }
}
