package dev.coderag.retrieval;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The syntactic scans {@link QueryAnalyzer} runs over a question: JVM stack frames, file names,
 * (dotted) identifiers and camel-case shape. Pure and thread-safe.
 *
 * <p>Each scan finds exactly what the {@link java.util.regex} pattern in its Javadoc finds with
 * {@link java.util.regex.Matcher#find()}, but as a single forward pass: the question is untrusted, and those
 * patterns repeat groups ({@code (?:\.[\w$]+)+}), which {@code java.util.regex} matches by recursing once per
 * repetition — a 5 KB question of {@code "a."} overflowed the stack. Every scan here is O(length) time, no
 * recursion, whatever the input. "Word" characters are ASCII {@code [A-Za-z0-9_]} as in {@code \w}.
 */
final class QueryScanner {
    private QueryScanner() {}

    /** The extensions {@link #fileNameEnd} accepts after the last dot. */
    private static final Set<String> EXTENSIONS = Set.of(
            "java",
            "py",
            "pyi",
            "rs",
            "go",
            "ts",
            "tsx",
            "mts",
            "cts",
            "js",
            "jsx",
            "mjs",
            "cjs",
            "md",
            "markdown",
            "toml",
            "xml",
            "json",
            "kt",
            "kts",
            "scala",
            "c",
            "h",
            "cc",
            "cpp",
            "cxx",
            "hpp",
            "hh",
            "hxx",
            "cs",
            "csproj",
            "sh",
            "bash",
            "rb",
            "php",
            "swift",
            "yml",
            "yaml",
            "gradle",
            "properties",
            "txt");

    /** One JVM frame: {@code at org.x.Foo.bar(Foo.java:12)}, spanning {@code [start, end)} of the text. */
    record JvmFrame(int start, int end, String qualifiedType, String method, String fileName, String line) {}

    static boolean isWord(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    }

    private static boolean isWordOrDollar(char c) {
        return isWord(c) || c == '$';
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    private static int skip(CharSequence s, int i, CharPredicate p) {
        int n = s.length();
        while (i < n && p.test(s.charAt(i))) {
            i++;
        }
        return i;
    }

    @FunctionalInterface
    private interface CharPredicate {
        boolean test(char c);
    }

    /**
     * The frames {@code \bat\s+([\w$]+(?:\.[\w$]+)+)\.([\w$<>]+)\(([\w$-]+\.\w+):(\d+)\)} finds, in order and
     * not overlapping.
     */
    static List<JvmFrame> jvmFrames(String s) {
        List<JvmFrame> out = new ArrayList<>();
        int n = s.length();
        int from = 0;
        while (true) {
            int at = s.indexOf("at", from);
            if (at < 0) {
                return out;
            }
            JvmFrame f = (at == 0 || !isWord(s.charAt(at - 1))) ? jvmFrameAt(s, at) : null;
            if (f != null) {
                out.add(f);
                from = f.end();
            } else {
                from = at + 1;
            }
            if (from >= n) {
                return out;
            }
        }
    }

    private static JvmFrame jvmFrameAt(String s, int at) {
        int n = s.length();
        int i = at + 2;
        int afterSpace = skip(s, i, QueryScanner::isSpace);
        if (afterSpace == i) {
            return null;
        }
        int typeStart = afterSpace;
        int e = skip(s, typeStart, QueryScanner::isWordOrDollar);
        if (e == typeStart) {
            return null;
        }
        // the dotted run: w0 (.wi)*, remembering where the last two groups begin
        int groups = 0;
        int lastDot = -1;
        while (e + 1 < n && s.charAt(e) == '.' && isWordOrDollar(s.charAt(e + 1))) {
            lastDot = e;
            e = skip(s, e + 1, QueryScanner::isWordOrDollar);
            groups++;
        }
        // greedy first: the type is the whole run and the method follows its last dot ...
        if (groups >= 1 && e < n && s.charAt(e) == '.') {
            JvmFrame f = frameTail(s, at, typeStart, e, e + 1);
            if (f != null) {
                return f;
            }
        }
        // ... then one group back: the last group starts the method
        if (groups >= 2) {
            return frameTail(s, at, typeStart, lastDot, lastDot + 1);
        }
        return null;
    }

    /** {@code ([\w$<>]+)\(([\w$-]+\.\w+):(\d+)\)} at {@code methodStart}; the type is {@code [typeStart, typeEnd)}. */
    private static JvmFrame frameTail(String s, int at, int typeStart, int typeEnd, int methodStart) {
        int n = s.length();
        int methodEnd = skip(s, methodStart, c -> isWordOrDollar(c) || c == '<' || c == '>');
        if (methodEnd == methodStart || methodEnd >= n || s.charAt(methodEnd) != '(') {
            return null;
        }
        int fileStart = methodEnd + 1;
        int baseEnd = skip(s, fileStart, c -> isWordOrDollar(c) || c == '-');
        if (baseEnd == fileStart || baseEnd >= n || s.charAt(baseEnd) != '.') {
            return null;
        }
        int extEnd = skip(s, baseEnd + 1, QueryScanner::isWord);
        if (extEnd == baseEnd + 1 || extEnd >= n || s.charAt(extEnd) != ':') {
            return null;
        }
        int lineEnd = skip(s, extEnd + 1, c -> c >= '0' && c <= '9');
        if (lineEnd == extEnd + 1 || lineEnd >= n || s.charAt(lineEnd) != ')') {
            return null;
        }
        return new JvmFrame(
                at,
                lineEnd + 1,
                s.substring(typeStart, typeEnd),
                s.substring(methodStart, methodEnd),
                s.substring(fileStart, extEnd),
                s.substring(extEnd + 1, lineEnd));
    }

    /** {@code s} with every {@link #jvmFrames frame} replaced by one space. */
    static String withoutJvmFrames(String s, List<JvmFrame> frames) {
        if (frames.isEmpty()) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length());
        int from = 0;
        for (JvmFrame f : frames) {
            out.append(s, from, f.start()).append(' ');
            from = f.end();
        }
        return out.append(s, from, s.length()).toString();
    }

    private static boolean isPathChar(char c) {
        return isWord(c) || c == '.' || c == '-' || c == '/';
    }

    /**
     * The file names {@code (?<![\w/.-])((?:[\w.-]+/)*[\w-]+\.(?:java|py|…|txt))(?![\w-])} finds, in order: a
     * match can only begin where a run of {@code [\w./-]} begins.
     */
    static List<String> fileNames(String s) {
        List<String> out = new ArrayList<>();
        int n = s.length();
        int i = 0;
        while (i < n) {
            if (isPathChar(s.charAt(i)) && (i == 0 || !isPathChar(s.charAt(i - 1)))) {
                int end = fileNameEnd(s, i);
                if (end > 0) {
                    out.add(s.substring(i, end));
                }
                i = skip(s, i, QueryScanner::isPathChar); // nothing inside the run can start a match
            } else {
                i++;
            }
        }
        return out;
    }

    /**
     * The end of {@code (?:[\w.-]+/)*[\w-]+\.(?:java|py|…|txt)(?![\w-])} matched at {@code i} (the look-behind
     * left to the caller), or -1. Directories are tried longest first, as the greedy regex does.
     */
    static int fileNameEnd(String s, int i) {
        int n = s.length();
        int runEnd = skip(s, i, QueryScanner::isPathChar);
        // segment k starts at starts[k]: after k "[\w.-]+/" directories
        List<Integer> starts = new ArrayList<>();
        starts.add(i);
        int p = i;
        while (true) {
            int segEnd = skip(s, p, c -> isWord(c) || c == '.' || c == '-');
            if (segEnd == p || segEnd >= runEnd || s.charAt(segEnd) != '/') {
                break;
            }
            p = segEnd + 1;
            starts.add(p);
        }
        for (int k = starts.size() - 1; k >= 0; k--) {
            int nameStart = starts.get(k);
            int nameEnd = skip(s, nameStart, c -> isWord(c) || c == '-');
            if (nameEnd == nameStart || nameEnd >= n || s.charAt(nameEnd) != '.') {
                continue;
            }
            int extEnd = skip(s, nameEnd + 1, c -> isWord(c) || c == '-');
            if (EXTENSIONS.contains(s.substring(nameEnd + 1, extEnd))) {
                return extEnd;
            }
        }
        return -1;
    }

    /** Whether {@code s} starts with a file name (see {@link #fileNameEnd}). */
    static boolean startsWithFileName(String s, int i) {
        return fileNameEnd(s, i) >= 0;
    }

    private static boolean isTokenStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
    }

    /**
     * The end of {@code [A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(\(\))?} matched at {@code i}, or -1 when
     * {@code s.charAt(i)} cannot start it. The match is unique: a dot or parenthesis never is a word character.
     */
    static int tokenEnd(String s, int i) {
        int n = s.length();
        if (i >= n || !isTokenStart(s.charAt(i))) {
            return -1;
        }
        int e = skip(s, i + 1, QueryScanner::isWordOrDollar);
        while (e + 1 < n && s.charAt(e) == '.' && isTokenStart(s.charAt(e + 1))) {
            e = skip(s, e + 2, QueryScanner::isWordOrDollar);
        }
        if (e + 1 < n && s.charAt(e) == '(' && s.charAt(e + 1) == ')') {
            e += 2;
        }
        return e;
    }

    /**
     * Whether {@code [a-z0-9][A-Z]|[A-Z]{2,}[a-z]} occurs in {@code s} (camelCase, PascalCase after an acronym:
     * {@code parseHeaders}, {@code HTTPClient}). The regex's {@code find()} retried its greedy {@code [A-Z]{2,}}
     * from every position, quadratic on a long run of capitals; this is one pass.
     */
    static boolean isCamelShaped(String s) {
        int capitals = 0; // length of the run of A-Z ending just before i
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean upper = c >= 'A' && c <= 'Z';
            if (upper && i > 0) {
                char prev = s.charAt(i - 1);
                if ((prev >= 'a' && prev <= 'z') || (prev >= '0' && prev <= '9')) {
                    return true;
                }
            }
            if (c >= 'a' && c <= 'z' && capitals >= 2) {
                return true;
            }
            capitals = upper ? capitals + 1 : 0;
        }
        return false;
    }

    /** Whether the whole of {@code s} is one token (see {@link #tokenEnd}). */
    static boolean isToken(String s) {
        return !s.isEmpty() && tokenEnd(s, 0) == s.length();
    }
}
