package dev.coderag.ingest.parse.manifest;

import dev.coderag.ingest.parse.manifest.GradleTokens.Kind;
import dev.coderag.ingest.parse.manifest.GradleTokens.Token;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * sbt's {@code build.sbt}, read without running it (it is Scala; nothing here compiles or evaluates it): the
 * top-level {@code name := "…"} and {@code description := "…"} (also with {@code ThisBuild /}), and every module ID
 * {@code "group" % "artifact" % version} ({@code %%} and {@code %%%} too) as {@code group:artifact:version}, a
 * configuration such as {@code % Test} as a suffix ({@code " (test)"}) and {@code addSbtPlugin(…)}'s as
 * {@code " (plugin)"}. A version named by a {@code val x = "…"} of the file is that string; any other expression is
 * kept as written. Scala's tokens are Gradle's as far as this needs them ({@link GradleTokens}: strings,
 * identifiers, comments), so one linear pass over them. Pure.
 */
final class SbtManifest {
    private SbtManifest() {}

    static ManifestInfo read(String text) {
        List<Token> tokens = GradleTokens.of(text);
        Map<String, String> vals = new HashMap<>();
        String name = "";
        String description = "";
        Set<String> deps = new LinkedHashSet<>();
        int depth = 0;
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.is("(") || t.is("{") || t.is("[")) {
                depth++;
            } else if (t.is(")") || t.is("}") || t.is("]")) {
                depth = Math.max(0, depth - 1);
            } else if (t.isIdent("val")
                    && isString(tokens, i + 3)
                    && at(tokens, i + 2).is("=")) {
                vals.putIfAbsent(at(tokens, i + 1).text(), tokens.get(i + 3).text());
            } else if (depth == 0 && startsSetting(tokens, i)) {
                if (t.isIdent("name") && name.isEmpty()) {
                    name = tokens.get(i + 3).text();
                } else if (t.isIdent("description") && description.isEmpty()) {
                    description = tokens.get(i + 3).text();
                }
            } else if (t.kind() == Kind.STRING && isPercent(tokens, i + 1)) {
                int[] end = {i};
                String dep = moduleId(tokens, i, vals, end);
                if (dep != null) {
                    boolean plugin =
                            at(tokens, i - 1).is("(") && at(tokens, i - 2).isIdent("addSbtPlugin");
                    deps.add(plugin ? dep + " (plugin)" : dep);
                    i = end[0]; // the artifact and version are no module IDs of their own
                }
            }
        }
        return new ManifestInfo(name, description, List.copyOf(deps));
    }

    /** {@code key := "…"} at a line's start, or after {@code ThisBuild /}. */
    private static boolean startsSetting(List<Token> tokens, int i) {
        Token before = at(tokens, i - 1);
        boolean lineStart = i == 0 || before.kind() == Kind.NEWLINE || before.is(";");
        boolean thisBuild = before.text().equals("/") && at(tokens, i - 2).isIdent("ThisBuild");
        return (lineStart || thisBuild)
                && at(tokens, i + 1).is(":")
                && at(tokens, i + 2).is("=")
                && isString(tokens, i + 3);
    }

    /**
     * {@code "g" %% "a" % v [% Config]} starting at {@code i}, or null when it is not one.
     *
     * @param end set to the index of its last token
     */
    private static String moduleId(List<Token> tokens, int i, Map<String, String> vals, int[] end) {
        String group = tokens.get(i).text();
        int j = i + 1;
        while (isPercent(tokens, j)) {
            j++;
        }
        if (!isString(tokens, j) || !isPercent(tokens, j + 1)) {
            return null;
        }
        String artifact = tokens.get(j).text();
        j += 2;
        StringBuilder version = new StringBuilder();
        if (isString(tokens, j)) {
            version.append(tokens.get(j++).text());
        } else {
            while (at(tokens, j).kind() == Kind.IDENT || at(tokens, j).is(".")) {
                version.append(tokens.get(j++).text());
            }
            String bound = vals.get(version.toString());
            if (bound != null) {
                version.setLength(0);
                version.append(bound);
            }
        }
        if (version.isEmpty()) {
            return null;
        }
        String dep = group + ":" + artifact + ":" + version;
        Token config = at(tokens, j + 1);
        if (isPercent(tokens, j) && (config.kind() == Kind.IDENT || config.kind() == Kind.STRING)) {
            end[0] = j + 1;
            return dep + " (" + config.text().toLowerCase(Locale.ROOT) + ")";
        }
        end[0] = j - 1;
        return dep;
    }

    private static boolean isPercent(List<Token> tokens, int i) {
        Token t = at(tokens, i);
        return t.kind() == Kind.OTHER && t.text().equals("%");
    }

    private static boolean isString(List<Token> tokens, int i) {
        return at(tokens, i).kind() == Kind.STRING;
    }

    private static final Token NONE = new Token(Kind.NEWLINE, "");

    private static Token at(List<Token> tokens, int i) {
        return i >= 0 && i < tokens.size() ? tokens.get(i) : NONE;
    }
}
