package dev.coderag.retrieval;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A group of files that weigh more or less than the rest — tests, changelogs, community files, examples — as
 * data ({@code routing.json}'s {@code path_weights}). Newcomers ask how the product works: a test that exercises
 * a function, or a changelog line that mentions it, shares its words and would otherwise outrank it; for "how do
 * I" questions a runnable example is the best answer. Pure string checks, linear in the path and the question;
 * immutable.
 *
 * @param name what the group is ({@code tests}); the group named {@code tests} also orders callers
 * @param weight factor on a matching chunk's fused score, in (0, 4]; below 1 demotes, above 1 promotes
 * @param dirs directory names of the group ({@code test}, {@code examples}), matched per path segment
 * @param prefixes file-name prefixes ({@code test_})
 * @param suffixes file-name suffixes ({@code Test.java}, {@code _test.go})
 * @param names whole file names, any case ({@code CHANGELOG.md})
 * @param questionWords words that make a question about this group, lower case: then its weight does not apply
 * @param intents the intents whose questions the weight applies to; empty for all
 */
record PathGroup(
        String name,
        double weight,
        Set<String> dirs,
        List<String> prefixes,
        List<String> suffixes,
        Set<String> names,
        Set<String> questionWords,
        Set<String> intents) {
    static final PathGroup NONE =
            new PathGroup("tests", 1.0, Set.of(), List.of(), List.of(), Set.of(), Set.of(), Set.of());

    PathGroup {
        java.util.Objects.requireNonNull(name, "name");
        if (!(weight > 0 && weight <= 4)) {
            throw new IllegalArgumentException("path_weights." + name + ".weight must be in (0, 4]: " + weight);
        }
        dirs = Set.copyOf(dirs);
        prefixes = List.copyOf(prefixes);
        suffixes = List.copyOf(suffixes);
        names = names.stream()
                .map(n -> n.toLowerCase(Locale.ROOT))
                .collect(java.util.stream.Collectors.toUnmodifiableSet());
        questionWords = Set.copyOf(questionWords);
        intents = Set.copyOf(intents);
    }

    /** Whether a repository-relative path (forward slashes) belongs to the group. */
    boolean matches(String path) {
        int slash = path.lastIndexOf('/');
        String file = path.substring(slash + 1);
        if (names.contains(file.toLowerCase(Locale.ROOT))) {
            return true;
        }
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

    /** Whether the question asks about this group (one of {@link #questionWords} as a word, any case). */
    boolean askedAbout(String question) {
        for (String w : question.toLowerCase(Locale.ROOT).split("[^a-z0-9_]+")) {
            if (questionWords.contains(w)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the weight applies to a question of {@code intent} with this text. */
    boolean appliesTo(String intent, String question) {
        return weight != 1 && (intents.isEmpty() || intents.contains(intent)) && !askedAbout(question);
    }
}
