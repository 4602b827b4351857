package dev.coderag.eval;

import dev.coderag.retrieval.evidence.Evidence;
import dev.coderag.retrieval.evidence.Verdict;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Refusal on a labelled set: each question that carries {@code "answerable"} is retrieved as chat retrieves it,
 * and the retrieval's verdict (answer or refuse) is compared with the label. Refusal is the positive class:
 * precision is the share of the refused questions that should have been refused, recall the share of the
 * unanswerable questions that were. Scoring is pure; the judge does the retrieving.
 */
final class Refusals {
    private Refusals() {}

    /** Retrieves one question as chat does and says whether it would be answered. */
    @FunctionalInterface
    interface Judge {
        Judged judge(EvalQuery query);
    }

    /**
     * What chat would do with one question.
     *
     * @param verdict the retrieval's verdict
     * @param evidence what it was decided from
     * @param sources the first sources chat would show ({@code path:start-end}), best first
     */
    record Judged(Verdict verdict, Evidence evidence, List<String> sources) {
        Judged {
            Objects.requireNonNull(verdict, "verdict");
            Objects.requireNonNull(evidence, "evidence");
            sources = List.copyOf(sources);
        }
    }

    /** One labelled question and what chat would do with it. */
    record Outcome(String id, String repo, RefusalKind kind, Judged judged) {
        boolean answered() {
            return judged.verdict().answerable();
        }

        /** Answered when it should be, refused when it should be. */
        boolean right() {
            return answered() == kind.answerable();
        }
    }

    /**
     * Counts of a group of questions.
     *
     * @param answerable questions that should be answered
     * @param answered of those, the ones that were
     * @param unanswerable questions that should be refused
     * @param refused of those, the ones that were
     * @param wronglyRefused answerable questions that were refused
     */
    record Counts(int answerable, int answered, int unanswerable, int refused, int wronglyRefused) {
        static Counts of(List<Outcome> outcomes) {
            int a = 0, ans = 0, u = 0, ref = 0;
            for (Outcome o : outcomes) {
                if (o.kind().answerable()) {
                    a++;
                    ans += o.answered() ? 1 : 0;
                } else {
                    u++;
                    ref += o.answered() ? 0 : 1;
                }
            }
            return new Counts(a, ans, u, ref, a - ans);
        }

        int questions() {
            return answerable + unanswerable;
        }

        /** The share of the answerable questions answered; 1 when there are none. */
        double answeredShare() {
            return answerable == 0 ? 1 : (double) answered / answerable;
        }

        /** The share of the unanswerable questions refused (refusal recall); 1 when there are none. */
        double refusedShare() {
            return unanswerable == 0 ? 1 : (double) refused / unanswerable;
        }

        /** Of the refused questions, the share that should have been refused; 1 when none was refused. */
        double precision() {
            int allRefused = refused + wronglyRefused;
            return allRefused == 0 ? 1 : (double) refused / allRefused;
        }

        /** Refusal recall: the share of the unanswerable questions refused. */
        double recall() {
            return refusedShare();
        }

        /** The share of all questions answered or refused as they should be. */
        double accuracy() {
            return questions() == 0 ? 1 : (double) (answered + refused) / questions();
        }
    }

    /** The whole refusal measurement: every question, then counts overall, per kind and per repository. */
    record Result(
            List<Outcome> perQuery, Counts overall, Map<RefusalKind, Counts> byKind, Map<String, Counts> byRepo) {}

    /**
     * Judges every labelled question.
     *
     * @param defaultRepo the repository of a question that names none
     * @param progress receives a short line now and then
     */
    static Result run(List<EvalQuery> queries, String defaultRepo, Judge judge, Consumer<String> progress) {
        List<Outcome> outcomes = new ArrayList<>();
        for (EvalQuery q : queries) {
            if (q.refusal().isEmpty()) {
                continue;
            }
            outcomes.add(new Outcome(
                    q.id(), q.repo().orElse(defaultRepo), q.refusal().get(), judge.judge(q)));
            if (outcomes.size() % 25 == 0) {
                progress.accept("refusal questions " + outcomes.size());
            }
        }
        return summarise(outcomes);
    }

    /** Counts the outcomes overall, per kind (in {@link RefusalKind} order) and per repository (by name). Pure. */
    static Result summarise(List<Outcome> outcomes) {
        Map<RefusalKind, Counts> byKind = new EnumMap<>(RefusalKind.class);
        for (RefusalKind kind : RefusalKind.values()) {
            List<Outcome> ofKind =
                    outcomes.stream().filter(o -> o.kind() == kind).toList();
            if (!ofKind.isEmpty()) {
                byKind.put(kind, Counts.of(ofKind));
            }
        }
        Map<String, List<Outcome>> perRepo = new TreeMap<>();
        outcomes.forEach(
                o -> perRepo.computeIfAbsent(o.repo(), r -> new ArrayList<>()).add(o));
        Map<String, Counts> byRepo = new TreeMap<>();
        perRepo.forEach((repo, list) -> byRepo.put(repo, Counts.of(list)));
        return new Result(
                List.copyOf(outcomes),
                Counts.of(outcomes),
                Collections.unmodifiableMap(byKind),
                Collections.unmodifiableMap(byRepo));
    }
}
