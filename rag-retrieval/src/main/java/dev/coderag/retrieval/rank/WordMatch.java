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

    /**
     * The qualified names a text writes: runs of identifier parts joined by {@code .} or {@code ::} ({@code
     * mini.jump}, {@code absl::Status}, {@code Sinatra::Base}), each as its parts, lower case. Linear in the text.
     */
    static List<List<String>> qualifiedNames(String text) {
        List<List<String>> out = new java.util.ArrayList<>();
        List<String> parts = new java.util.ArrayList<>();
        int i = 0;
        int n = text.length();
        while (i < n) {
            int start = i;
            while (i < n && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
                i++;
            }
            if (i > start) {
                parts.add(text.substring(start, i).toLowerCase(Locale.ROOT));
            }
            int sep = i < n && text.charAt(i) == '.' ? 1 : text.startsWith("::", i) ? 2 : 0;
            boolean joined = i > start && sep > 0 && i + sep < n && wordStart(text.charAt(i + sep));
            if (joined) {
                i += sep;
                continue;
            }
            if (parts.size() >= 2) {
                out.add(List.copyOf(parts));
            }
            parts.clear();
            i = i > start ? i : i + 1;
        }
        if (parts.size() >= 2) {
            out.add(List.copyOf(parts));
        }
        return out;
    }

    private static boolean wordStart(char c) {
        return Character.isLetter(c) || c == '_';
    }

    /**
     * The capitalised words of a text past its first (a name the question writes: "how Applicative combines …"), as
     * written; not all-capital words (acronyms: HTTP, JSON). Linear in the text.
     */
    static Set<String> typeNames(String text) {
        Set<String> out = new HashSet<>();
        int i = 0;
        int n = text.length();
        boolean first = true;
        while (i < n) {
            int start = i;
            while (i < n && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
                i++;
            }
            if (i > start) {
                String w = text.substring(start, i);
                if (!first && Character.isUpperCase(w.charAt(0)) && !w.equals(w.toUpperCase(Locale.ROOT))) {
                    out.add(w);
                }
                first = false;
            } else {
                i++;
            }
        }
        return out;
    }

    /** Whether the file's topic name is, exactly, one of {@code names}. */
    boolean namedByType(String path, Set<String> names) {
        return !names.isEmpty() && names.contains(topicName(path));
    }

    /**
     * Whether a qualified name names this file: its last part is the file's topic name and each earlier part a
     * directory of the path, compared without case, {@code _} or {@code -}.
     */
    boolean namedByQualified(String path, List<List<String>> names) {
        if (names.isEmpty()) {
            return false;
        }
        String topic = plain(topicName(path));
        Set<String> dirs = new HashSet<>();
        String[] segments = path.split("/");
        for (int i = 0; i < segments.length - 1; i++) {
            dirs.add(plain(segments[i]));
        }
        for (List<String> name : names) {
            if (plain(name.getLast()).equals(topic)
                    && name.subList(0, name.size() - 1).stream().allMatch(p -> dirs.contains(plain(p)))) {
                return true;
            }
        }
        return false;
    }

    private static String plain(String s) {
        return s.toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
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
