package dev.coderag.eval;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One benchmark query with its gold answer (a line of a {@code .queries.jsonl} file, see
 * ../shared/eval/README.md).
 *
 * @param goldFiles repository-relative paths of the relevant files, distinct, never empty
 * @param goldRanges line ranges of the relevant functions; empty when the set has none (then no function-level
 *     metrics are computed for this query)
 * @param repo the repository name the query is about, when the set says so
 * @param kind what the question asks for, when the set says so (the natural-question set does; BLIZZARD does not)
 * @param semble the category and targets of a semble benchmark question (NDCG@k is scored from them), when the
 *     query comes from a semble annotation file
 * @param refusal whether the question should be answered or refused and why, when the line says
 *     ({@code "answerable"}); such a question may have no gold files, and then it is only judged for refusal
 */
public record EvalQuery(
        String id,
        String query,
        List<String> goldFiles,
        List<GoldRange> goldRanges,
        Optional<String> repo,
        Optional<QueryKind> kind,
        Optional<SembleJudgement> semble,
        Optional<RefusalKind> refusal) {

    public EvalQuery {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(query, "query");
        goldFiles = List.copyOf(goldFiles);
        goldRanges = List.copyOf(goldRanges);
        Objects.requireNonNull(repo, "repo");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(semble, "semble");
        Objects.requireNonNull(refusal, "refusal");
        if (goldFiles.isEmpty() && refusal.isEmpty()) {
            throw new IllegalArgumentException("query " + id + " has no gold files");
        }
    }

    /** A query of a semble annotation file or a JSON Lines file without a refusal label. */
    public EvalQuery(
            String id,
            String query,
            List<String> goldFiles,
            List<GoldRange> goldRanges,
            Optional<String> repo,
            Optional<QueryKind> kind,
            Optional<SembleJudgement> semble) {
        this(id, query, goldFiles, goldRanges, repo, kind, semble, Optional.empty());
    }

    /** Whether the query has gold files to rank (a refusal question may have none). */
    public boolean ranked() {
        return !goldFiles.isEmpty();
    }

    /** A query of a JSON Lines file (no semble judgement). */
    public EvalQuery(
            String id,
            String query,
            List<String> goldFiles,
            List<GoldRange> goldRanges,
            Optional<String> repo,
            Optional<QueryKind> kind) {
        this(id, query, goldFiles, goldRanges, repo, kind, Optional.empty());
    }

    /** A query without a kind. */
    public EvalQuery(
            String id, String query, List<String> goldFiles, List<GoldRange> goldRanges, Optional<String> repo) {
        this(id, query, goldFiles, goldRanges, repo, Optional.empty());
    }

    /** Lines {@code start..end} (1-based, inclusive) of {@code path}. */
    public record GoldRange(String path, int start, int end) {
        public GoldRange {
            Objects.requireNonNull(path, "path");
            if (start < 1 || end < start) {
                throw new IllegalArgumentException("bad gold range " + start + "-" + end + " in " + path);
            }
        }

        /** Whether lines {@code from..to} of {@code otherPath} share at least one line with this range. */
        public boolean overlaps(String otherPath, int from, int to) {
            return path.equals(otherPath) && from <= end && to >= start;
        }
    }
}
