package dev.coderag.ingest.parse.manifest;

import dev.coderag.ingest.parse.manifest.GradleTokens.Kind;
import dev.coderag.ingest.parse.manifest.GradleTokens.Token;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * SwiftPM's {@code Package.swift}, read without running it (it is Swift; nothing here compiles it): the
 * {@code Package(name: "…")} and each {@code .package(…)} dependency as "name version": the name is the URL's last
 * path segment without {@code .git} (or {@code name:}, or a registry {@code id:}), the version the
 * {@code from:}/{@code exact:}/{@code revision:} string, {@code .upToNextMajor(from: …)}'s, or a range
 * {@code "1.0.0"..<"2.0.0"} as written; a {@code branch:} is {@code "name (branch x)"} and a local
 * {@code path:} {@code "name (local)"}. Commented-out dependencies are not read: Swift's comments and strings are
 * Gradle's as far as this needs them ({@link GradleTokens}). One linear pass. Pure.
 */
final class SwiftPackageManifest {
    private SwiftPackageManifest() {}

    static ManifestInfo read(String text) {
        List<Token> tokens = GradleTokens.of(text).stream()
                .filter(t -> t.kind() != Kind.NEWLINE)
                .toList();
        String name = "";
        List<String> deps = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (name.isEmpty() && t.isIdent("Package") && at(tokens, i + 1).is("(")) {
                if (at(tokens, i + 2).isIdent("name") && at(tokens, i + 3).is(":") && isString(tokens, i + 4)) {
                    name = tokens.get(i + 4).text();
                }
            } else if (t.is(".")
                    && at(tokens, i + 1).isIdent("package")
                    && at(tokens, i + 2).is("(")) {
                int[] end = {i + 2};
                String dep = dependency(tokens, i + 3, end);
                if (dep != null) {
                    deps.add(dep);
                }
                i = end[0];
            }
        }
        return new ManifestInfo(name, "", deps);
    }

    /** The dependency whose arguments start at {@code from}; {@code end} is set to its closing parenthesis. */
    private static String dependency(List<Token> tokens, int from, int[] end) {
        Map<String, String> args = new HashMap<>();
        String range = "";
        int depth = 1;
        String label = "";
        int i = from;
        for (; i < tokens.size() && depth > 0; i++) {
            Token t = tokens.get(i);
            if (t.is("(") || t.is("[")) {
                depth++;
            } else if (t.is(")") || t.is("]")) {
                depth--;
            } else if (t.kind() == Kind.IDENT && at(tokens, i + 1).is(":")) {
                label = t.text();
            } else if (t.kind() == Kind.STRING) {
                boolean rangeStart =
                        at(tokens, i + 1).is(".") && at(tokens, i + 2).is(".");
                if (rangeStart && isString(tokens, i + 4)) {
                    range = t.text() + ".." + tokens.get(i + 3).text()
                            + tokens.get(i + 4).text();
                    i += 4;
                } else {
                    args.putIfAbsent(label.isEmpty() ? "version" : label, t.text());
                }
            }
        }
        end[0] = i - 1;
        String location = args.getOrDefault("url", args.getOrDefault("path", args.getOrDefault("id", "")));
        String depName = args.getOrDefault("name", lastSegment(location));
        if (depName.isEmpty()) {
            return null;
        }
        if (args.containsKey("path")) {
            return depName + " (local)";
        }
        if (args.containsKey("branch")) {
            return depName + " (branch " + args.get("branch") + ")";
        }
        String version = range.isEmpty()
                ? args.getOrDefault("from", args.getOrDefault("exact", args.getOrDefault("revision", "")))
                : range;
        return version.isEmpty() ? depName : depName + " " + version;
    }

    private static String lastSegment(String location) {
        String s = location.endsWith("/") ? location.substring(0, location.length() - 1) : location;
        s = s.endsWith(".git") ? s.substring(0, s.length() - 4) : s;
        return s.substring(s.lastIndexOf('/') + 1);
    }

    private static boolean isString(List<Token> tokens, int i) {
        return at(tokens, i).kind() == Kind.STRING;
    }

    private static final Token NONE = new Token(Kind.NEWLINE, "");

    private static Token at(List<Token> tokens, int i) {
        return i >= 0 && i < tokens.size() ? tokens.get(i) : NONE;
    }
}
