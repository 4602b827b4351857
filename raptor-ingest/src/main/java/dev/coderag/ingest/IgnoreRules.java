package dev.coderag.ingest;

import java.util.ArrayList;
import java.util.List;

/**
 * The patterns of one ignore file ({@code .gitignore}, {@code .ragignore}, {@code .git/info/exclude}) in
 * gitignore syntax, relative to the directory that holds it. Immutable and thread-safe.
 *
 * <p>Supported: comments, blank lines, trailing-space trimming, {@code \} escapes, negation {@code !},
 * directory-only patterns {@code dir/}, anchoring by a leading or inner {@code /}, {@code *}, {@code ?},
 * {@code [a-z]} / {@code [!a-z]} classes and {@code **} (leading, trailing and inner), with git's wildmatch
 * semantics ({@link Wildmatch}): matching takes time linear in the pattern times the path, whatever the file
 * says.
 */
final class IgnoreRules {
    /** The verdict of one rule set for a path. */
    enum Match {
        IGNORED,
        INCLUDED,
        NONE
    }

    private record Rule(Wildmatch glob, boolean negated, boolean dirOnly, boolean basenameOnly) {}

    /** Directory of the ignore file relative to the repo root: "" or "a/b" (no trailing slash). */
    private final String base;

    private final List<Rule> rules;

    private IgnoreRules(String base, List<Rule> rules) {
        this.base = base;
        this.rules = rules;
    }

    static IgnoreRules parse(String base, String content) {
        List<Rule> rules = new ArrayList<>();
        for (String raw : content.split("\r?\n|\r")) {
            Rule rule = compile(raw);
            if (rule != null) {
                rules.add(rule);
            }
        }
        return new IgnoreRules(base, List.copyOf(rules));
    }

    boolean isEmpty() {
        return rules.isEmpty();
    }

    /** The number of rules (comments and blank lines not counted). */
    int size() {
        return rules.size();
    }

    /**
     * The last matching rule's verdict for {@code path} (relative to the repo root, forward slashes), or
     * {@link Match#NONE} when no rule matches or the path is not under this file's directory.
     */
    Match match(String path, boolean isDirectory) {
        String rel;
        if (base.isEmpty()) {
            rel = path;
        } else if (path.startsWith(base) && path.length() > base.length() && path.charAt(base.length()) == '/') {
            rel = path.substring(base.length() + 1);
        } else {
            return Match.NONE;
        }
        String name = rel.substring(rel.lastIndexOf('/') + 1);
        for (int i = rules.size() - 1; i >= 0; i--) {
            Rule r = rules.get(i);
            if (r.dirOnly() && !isDirectory) {
                continue;
            }
            if (r.glob().matches(r.basenameOnly() ? name : rel)) {
                return r.negated() ? Match.INCLUDED : Match.IGNORED;
            }
        }
        return Match.NONE;
    }

    private static Rule compile(String raw) {
        String line = trimTrailingSpaces(raw);
        if (line.isEmpty() || line.startsWith("#")) {
            return null;
        }
        boolean negated = false;
        if (line.startsWith("!")) {
            negated = true;
            line = line.substring(1);
        } else if (line.startsWith("\\!") || line.startsWith("\\#")) {
            line = line.substring(1);
        }
        boolean dirOnly = false;
        if (line.endsWith("/") && !line.endsWith("\\/")) {
            dirOnly = true;
            line = line.substring(0, line.length() - 1);
        }
        if (line.isEmpty()) {
            return null;
        }
        // A slash at the start or in the middle anchors the pattern to the ignore file's directory.
        boolean anchored = line.indexOf('/') >= 0;
        if (line.startsWith("/")) {
            line = line.substring(1);
        }
        if (line.isEmpty()) {
            return null;
        }
        return new Rule(Wildmatch.compile(line), negated, dirOnly, !anchored);
    }

    private static String trimTrailingSpaces(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ' && !(end >= 2 && s.charAt(end - 2) == '\\')) {
            end--;
        }
        return s.substring(0, end);
    }
}
