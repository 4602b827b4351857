package dev.coderag.eval;

import dev.coderag.store.HistoryMark;
import dev.coderag.types.Chunk;
import dev.coderag.types.CommitChunk;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Judges one history question against the sources retrieval gave for it, in order. Pure.
 *
 * <p>The rule (issue 34): a question is answered right when one of the first {@link #SOURCES} sources is a commit
 * chunk whose commit is gold ({@link #right}). Sources of other kinds (code, docs) take their place in the order
 * but can never be right. Also kept: the rank of the first gold commit at any depth (hit@1 is rank 1).
 */
final class HistoryJudge {
    /** How many of the first sources a gold commit must be among. */
    static final int SOURCES = 3;

    /** How many of the first sources the report lists per question. */
    static final int REPORTED = 5;

    private HistoryJudge() {}

    /**
     * One source as the report lists it: the commit's short id and subject for a commit chunk ({@code ""} for the
     * others), the path and the line range.
     */
    record Source(String kind, String sha7, String subject, String path, int start, int end) {
        static Source of(Chunk chunk) {
            String table = chunk.kind().table();
            return chunk instanceof CommitChunk c
                    ? new Source(table, c.shortSha(), c.subject(), c.path(), c.startLine(), c.endLine())
                    : new Source(table, "", "", chunk.path(), chunk.startLine(), chunk.endLine());
        }
    }

    /**
     * How one question fared.
     *
     * @param firstGoldRank the 1-based rank of the first source that is a gold commit, 0 when none is
     * @param commitSources how many of the sources are commit chunks
     * @param beyondDepth whether the gold is older than the history the store holds ({@link #beyondDepth})
     * @param goldStored whether the store holds some gold commit at all
     * @param top the first {@link #REPORTED} sources
     * @param intent the intent retrieval classified the question as
     * @param answerable whether retrieval judged its hits enough to answer from (chat refuses otherwise)
     */
    record Judged(
            HistoryQuestion question,
            int firstGoldRank,
            int commitSources,
            boolean beyondDepth,
            boolean goldStored,
            List<Source> top,
            String intent,
            boolean answerable,
            double millis) {
        Judged {
            Objects.requireNonNull(question, "question");
            Objects.requireNonNull(intent, "intent");
            top = List.copyOf(top);
        }

        /** A gold commit among the first {@link #SOURCES} sources. */
        boolean right() {
            return firstGoldRank >= 1 && firstGoldRank <= SOURCES;
        }

        /** A gold commit as the first source. */
        boolean hit1() {
            return firstGoldRank == 1;
        }
    }

    /** The facts about the store and the retrieval that a verdict needs beside the sources. */
    record Context(Optional<HistoryMark> mark, boolean goldStored, String intent, boolean answerable, double millis) {}

    /** Judges {@code q} on {@code sources}, best first. */
    static Judged judge(HistoryQuestion q, List<? extends Chunk> sources, Context context) {
        return new Judged(
                q,
                firstGoldRank(sources, q.gold()),
                (int) sources.stream().filter(CommitChunk.class::isInstance).count(),
                beyondDepth(q.position(), context.mark()),
                context.goldStored(),
                sources.stream().limit(REPORTED).map(Source::of).toList(),
                context.intent(),
                context.answerable(),
                context.millis());
    }

    /** The 1-based rank of the first source that is a commit chunk of a {@code gold} commit; 0 when there is none. */
    static int firstGoldRank(List<? extends Chunk> sources, Collection<String> gold) {
        for (int i = 0; i < sources.size(); i++) {
            if (sources.get(i) instanceof CommitChunk c && gold.contains(c.sha())) {
                return i + 1;
            }
        }
        return 0;
    }

    /**
     * Whether a gold {@code position} commits back is older than the history the store read: the store holds the
     * newest {@link HistoryMark#commits()} non-merge commits, so positions from that count on were never ingested.
     * A store with no history holds none.
     */
    static boolean beyondDepth(int position, Optional<HistoryMark> mark) {
        return mark.map(m -> position >= m.commits()).orElse(true);
    }
}
