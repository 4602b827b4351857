package dev.coderag.store;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The path restriction of a {@link SearchFilter}, over repository-relative paths with forward slashes.
 *
 * <ul>
 *   <li>empty: everything matches;
 *   <li>no glob character ({@code * ? [ {}): a plain prefix ({@code src/main} matches {@code src/main/A.java});
 *   <li>a glob with a {@code /}: matched against the whole path; {@code *} and {@code ?} stay within one
 *       directory, {@code **} crosses directories ({@code src/**} matches everything under {@code src/},
 *       {@code src/**}{@code /*.java} also matches {@code src/A.java}), {@code [abc]}, {@code [!abc]} and
 *       {@code {a,b}} as usual;
 *   <li>a glob without {@code /}: matched against the file name ({@code *.java} matches {@code src/A.java}).
 * </ul>
 *
 * A leading {@code ./} or {@code /} is ignored. Compiled predicates are cached; thread-safe.
 */
final class PathGlob {
    private PathGlob() {}

    private static final Map<String, Predicate<String>> CACHE = new ConcurrentHashMap<>();
    private static final int CACHE_LIMIT = 256;

    static Predicate<String> compile(String glob) {
        Predicate<String> cached = CACHE.get(glob);
        if (cached != null) {
            return cached;
        }
        Predicate<String> compiled = build(glob);
        if (CACHE.size() >= CACHE_LIMIT) {
            CACHE.clear();
        }
        CACHE.put(glob, compiled);
        return compiled;
    }

    static boolean isGlob(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '*' || c == '?' || c == '[' || c == '{') {
                return true;
            }
        }
        return false;
    }

    private static Predicate<String> build(String raw) {
        String glob = strip(raw);
        if (glob.isEmpty()) {
            return path -> true;
        }
        if (!isGlob(glob)) {
            return path -> strip(path).startsWith(glob);
        }
        Pattern pattern = Pattern.compile(toRegex(glob));
        if (glob.indexOf('/') < 0) {
            return path -> {
                String p = strip(path);
                return pattern.matcher(p.substring(p.lastIndexOf('/') + 1)).matches();
            };
        }
        return path -> pattern.matcher(strip(path)).matches();
    }

    private static String strip(String path) {
        String p = path;
        while (p.startsWith("./")) {
            p = p.substring(2);
        }
        while (p.startsWith("/")) {
            p = p.substring(1);
        }
        return p;
    }

    static String toRegex(String glob) {
        StringBuilder re = new StringBuilder();
        int braces = 0;
        int n = glob.length();
        for (int i = 0; i < n; i++) {
            char c = glob.charAt(i);
            switch (c) {
                case '*' -> {
                    if (i + 1 < n && glob.charAt(i + 1) == '*') {
                        i++;
                        if (i + 1 < n && glob.charAt(i + 1) == '/') {
                            i++;
                            re.append("(?:.*/)?");
                        } else {
                            re.append(".*");
                        }
                    } else {
                        re.append("[^/]*");
                    }
                }
                case '?' -> re.append("[^/]");
                case '[' -> {
                    int close = glob.indexOf(']', i + 2);
                    if (close < 0) {
                        re.append("\\[");
                    } else {
                        String body = glob.substring(i + 1, close);
                        boolean negate = body.startsWith("!") || body.startsWith("^");
                        if (negate) {
                            body = body.substring(1);
                        }
                        re.append('[').append(negate ? "^/" : "");
                        for (char b : body.toCharArray()) {
                            if (b == '\\' || b == '[' || b == ']' || b == '&' || b == '^') {
                                re.append('\\');
                            }
                            re.append(b);
                        }
                        re.append(']');
                        i = close;
                    }
                }
                case '{' -> {
                    braces++;
                    re.append("(?:");
                }
                case '}' -> {
                    if (braces > 0) {
                        braces--;
                        re.append(')');
                    } else {
                        re.append("\\}");
                    }
                }
                case ',' -> re.append(braces > 0 ? "|" : ",");
                default -> re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        while (braces-- > 0) {
            re.append(')');
        }
        return re.toString();
    }
}
