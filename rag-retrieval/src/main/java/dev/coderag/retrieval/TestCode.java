package dev.coderag.retrieval;

import dev.coderag.retrieval.Fusion.Fused;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which files are tests, and how much less they weigh for questions that are not about tests: behaviour as data
 * ({@code routing.json}'s {@code tests}). Newcomers ask how the product works; a test that exercises a function
 * shares its words and would otherwise outrank it. Pure string checks, linear in the path and query; immutable.
 *
 * @param weight factor on a test chunk's fused score, in (0, 1]; 1 turns demotion off
 * @param dirs directory names that hold tests ({@code test}, {@code __tests__}), matched per path segment
 * @param prefixes file-name prefixes of tests ({@code test_})
 * @param suffixes file-name suffixes of tests ({@code Test.java}, {@code _test.go}, {@code .spec.ts})
 * @param questionWords words that make a question about tests (then nothing is demoted), lower case
 */
record TestCode(
        double weight, Set<String> dirs, List<String> prefixes, List<String> suffixes, Set<String> questionWords) {
    static final TestCode NONE = new TestCode(1.0, Set.of(), List.of(), List.of(), Set.of());

    TestCode {
        if (!(weight > 0 && weight <= 1)) {
            throw new IllegalArgumentException("tests.weight must be in (0, 1]: " + weight);
        }
        dirs = Set.copyOf(dirs);
        prefixes = List.copyOf(prefixes);
        suffixes = List.copyOf(suffixes);
        questionWords = Set.copyOf(questionWords);
    }

    /** Whether a repository-relative path (forward slashes) is test code. */
    boolean isTest(String path) {
        int slash = path.lastIndexOf('/');
        String file = path.substring(slash + 1);
        for (String p : prefixes) {
            if (file.startsWith(p)) {
                return true;
            }
        }
        for (String s : suffixes) {
            if (file.endsWith(s)) {
                return true;
            }
        }
        int start = 0;
        while (slash > 0 && start < slash) {
            int end = path.indexOf('/', start);
            if (end < 0 || end > slash) {
                end = slash;
            }
            if (dirs.contains(path.substring(start, end))) {
                return true;
            }
            start = end + 1;
        }
        return false;
    }

    /** Whether the question asks about tests (one of {@link #questionWords} as a word, any case). */
    boolean aboutTests(String question) {
        for (String w : question.toLowerCase(Locale.ROOT).split("[^a-z0-9_]+")) {
            if (questionWords.contains(w)) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code fused} with test chunks' scores multiplied by {@link #weight}, best first (stable for ties); the
     * list unchanged when the question is about tests or the weight is 1.
     */
    List<Fused> demote(List<Fused> fused, String question) {
        if (weight >= 1 || fused.isEmpty() || aboutTests(question)) {
            return fused;
        }
        List<Fused> out = new ArrayList<>(fused.size());
        boolean changed = false;
        for (Fused f : fused) {
            if (isTest(f.chunk().path())) {
                out.add(new Fused(f.found(), f.score() * weight, f.via()));
                changed = true;
            } else {
                out.add(f);
            }
        }
        if (changed) {
            out.sort(Comparator.comparingDouble(Fused::score).reversed());
        }
        return out;
    }
}
