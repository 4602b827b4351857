package dev.coderag.retrieval.rank;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** How the ranking matches a question's words against names: name parts, word forms, file names. */
final class WordMatch {
    private final RankingConfig config;

    WordMatch(RankingConfig config) {
        this.config = config;
    }

    /**
     * The name a file is about: its stem, or for an index file ({@code mod.rs}, {@code index.ts}, {@code __init__.py};
     * {@link RankingConfig.PathStem#indexNames}) its directory's name, which names its module.
     */
    String topicName(String path) {
        String stem = stem(path);
        int slash = path.lastIndexOf('/');
        if (slash > 0 && config.pathStem().indexNames().contains(stem.toLowerCase(Locale.ROOT))) {
            return path.substring(path.lastIndexOf('/', slash - 1) + 1, slash);
        }
        return stem;
    }

    /** Whether every identifier part of a file's name is one of the question's words (or a form of one). */
    boolean namedByWords(String stem, Set<String> keywords) {
        List<String> parts = Identifiers.split(stem);
        if (parts.isEmpty()) {
            return false;
        }
        for (String part : parts) {
            if (matches(keywords, Set.of(part)) == 0) {
                return false;
            }
        }
        return true;
    }

    /** How many keywords a name part matches exactly or by a shared prefix of at least the minimum length. */
    int matches(Set<String> keywords, Set<String> parts) {
        int n = 0;
        for (String k : keywords) {
            if (parts.contains(k)) {
                n++;
                continue;
            }
            for (String p : parts) {
                if (related(k, p)) {
                    n++;
                    break;
                }
            }
        }
        return n;
    }

    /**
     * Whether a word and a name part are forms of one word: one starts the other (at least the minimum prefix long:
     * load / loader), or they share a prefix of at least {@code commonPrefixShare} of the shorter (formatting /
     * formatter, serialization / serializer).
     */
    private boolean related(String a, String b) {
        String shorter = a.length() <= b.length() ? a : b;
        String longer = shorter == a ? b : a;
        if (shorter.length() < config.minPrefix()) {
            return false;
        }
        if (longer.startsWith(shorter)) {
            return true;
        }
        if (config.commonPrefixShare() <= 0) {
            return false;
        }
        int common = 0;
        while (common < shorter.length() && shorter.charAt(common) == longer.charAt(common)) {
            common++;
        }
        return common >= config.minPrefix() && common >= config.commonPrefixShare() * shorter.length();
    }

    /** The lower-case identifier parts of a file's stem and of its directory's name. */
    static Set<String> pathParts(String path) {
        Set<String> parts = new HashSet<>(Identifiers.split(stem(path)));
        int slash = path.lastIndexOf('/');
        if (slash > 0) {
            int prev = path.lastIndexOf('/', slash - 1);
            parts.addAll(Identifiers.split(path.substring(prev + 1, slash)));
        }
        return parts;
    }

    /** A file's name without directories and without its last extension. */
    static String stem(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
