package dev.coderag.store.spi;

import java.util.regex.Pattern;

/**
 * The regex translation {@link PathGlob} used before its linear matcher, kept verbatim as the reference for
 * equivalence tests. Backtracks polynomially on {@code *a*a*a*c}: never use it outside tests.
 */
final class LegacyPathGlob {
    private LegacyPathGlob() {}

    /** Whether {@code path} matches {@code raw} the old way; throws what the old code threw. */
    static boolean matches(String raw, String path) {
        String glob = strip(raw);
        if (glob.isEmpty()) {
            return true;
        }
        if (!PathGlob.isGlob(glob)) {
            return strip(path).startsWith(glob);
        }
        Pattern pattern = Pattern.compile(toRegex(glob));
        String p = strip(path);
        if (glob.indexOf('/') < 0) {
            return pattern.matcher(p.substring(p.lastIndexOf('/') + 1)).matches();
        }
        return pattern.matcher(p).matches();
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
