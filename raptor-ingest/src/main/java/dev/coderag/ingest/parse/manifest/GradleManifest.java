package dev.coderag.ingest.parse.manifest;

import dev.coderag.ingest.parse.manifest.GradleTokens.Kind;
import dev.coderag.ingest.parse.manifest.GradleTokens.Token;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * build.gradle, build.gradle.kts, settings.gradle and settings.gradle.kts. A build script is a program
 * (Groovy or Kotlin), and no Java library reads either without running it, so this reads its declarations
 * from {@link GradleTokens}: blocks by their name, statements by line (a line ending in {@code ,} {@code =}
 * {@code :} or {@code .}, or inside brackets, continues). From them:
 *
 * <ul>
 *   <li>dependencies (any {@code dependencies { }} block, also in {@code buildscript} or a Kotlin
 *       Multiplatform source set): {@code implementation("g:a:v")}, {@code api 'g:a:v'}, map notation
 *       {@code group: 'g', name: 'a', version: 'v'}, {@code project(":core")}, {@code kotlin("stdlib")},
 *       {@code platform(…)}, catalog references {@code libs.okio}; {@code implementation}, {@code api} and
 *       {@code compile} are plain, other configurations are the suffix ({@code " (testImplementation)"}),
 *       as is a source set other than a main one ({@code " (jvmTest)"});
 *   <li>plugins ({@code plugins { id("x") version "1" }}, {@code kotlin("jvm")}, {@code alias(libs.…)},
 *       {@code apply plugin: 'x'}) with the suffix {@code " (plugin)"};
 *   <li>settings' {@code include(":a", ":b")} as {@code ":a (module)"};
 *   <li>the name: settings' {@code rootProject.name}, else {@code archivesBaseName} or {@code archivesName};
 *       the description: a top-level {@code description = "…"}.
 * </ul>
 *
 * Linear in the text: one pass over the tokens, each statement read once. Pure.
 */
final class GradleManifest {
    private static final int MAX_BLOCKS = 64;
    private static final Set<String> PLAIN = Set.of("implementation", "api", "compile");
    private static final Set<String> NOT_SOURCE_SETS = Set.of("", "buildscript", "allprojects", "subprojects");
    private static final Set<String> CONTINUES = Set.of(",", "=", ":", ".");
    /** Statements in a dependencies block that are code, not declarations. */
    private static final Set<String> KEYWORDS = Set.of("val", "var", "def", "if", "else", "for", "when", "return");

    private final boolean settings;
    private final Deque<Frame> frames = new ArrayDeque<>();
    private final List<String> deps = new ArrayList<>();
    private String name = "";
    private String description = "";
    private int opaque; // blocks nested deeper than MAX_BLOCKS, skipped

    /** A block: its name (the identifier before its brace), the statement being read, open brackets. */
    private static final class Frame {
        final String name;
        final List<Token> statement = new ArrayList<>();
        int brackets;

        Frame(String name) {
            this.name = name;
        }
    }

    private GradleManifest(boolean settings) {
        this.settings = settings;
        frames.push(new Frame(""));
    }

    static ManifestInfo read(String text, String fileName) {
        GradleManifest reader = new GradleManifest(fileName.startsWith("settings.gradle"));
        for (Token t : GradleTokens.of(text)) {
            reader.accept(t);
        }
        while (reader.frames.size() > 1) {
            reader.closeBlock();
        }
        reader.endStatement();
        return new ManifestInfo(reader.name, reader.description, reader.deps);
    }

    private void accept(Token t) {
        if (opaque > 0) {
            opaque += t.is("{") ? 1 : t.is("}") ? -1 : 0;
            return;
        }
        Frame frame = frames.peek();
        if (t.is("{")) {
            if (frames.size() >= MAX_BLOCKS) {
                opaque = 1;
                return;
            }
            String blockName = "";
            if (frame.brackets == 0) {
                List<Token> header = frame.statement;
                if (!header.isEmpty() && header.getLast().kind() == Kind.IDENT) {
                    blockName = header.getLast().text();
                }
                if (header.size() > 1) {
                    endStatement(); // implementation("g:a:v") { exclude(…) }: the header is the declaration
                }
                frame.statement.clear();
            }
            frames.push(new Frame(blockName));
        } else if (t.is("}")) {
            if (frames.size() > 1) {
                closeBlock();
            }
        } else if (t.is(";")) {
            endStatement();
        } else if (t.kind() == Kind.NEWLINE) {
            List<Token> s = frame.statement;
            boolean continues = !s.isEmpty()
                    && CONTINUES.contains(s.getLast().text())
                    && s.getLast().kind() == Kind.PUNCT;
            if (frame.brackets == 0 && !continues) {
                endStatement();
            }
        } else {
            if (t.is("(") || t.is("[")) {
                frame.brackets++;
            } else if (t.is(")") || t.is("]")) {
                frame.brackets = Math.max(0, frame.brackets - 1);
            }
            frame.statement.add(t);
        }
    }

    private void closeBlock() {
        endStatement();
        frames.pop();
    }

    private void endStatement() {
        Frame frame = frames.peek();
        List<Token> s = frame.statement;
        if (!s.isEmpty() && s.getFirst().kind() == Kind.IDENT) {
            Frame parent = frames.size() > 1 ? parentOf(frame) : null;
            statement(s, frame.name, parent == null ? "" : parent.name, frames.size() == 1);
        }
        s.clear();
        frame.brackets = 0;
    }

    private Frame parentOf(Frame frame) {
        var it = frames.iterator();
        it.next();
        return it.hasNext() ? it.next() : null;
    }

    private void statement(List<Token> s, String block, String parentBlock, boolean topLevel) {
        String first = s.getFirst().text();
        if (block.equals("dependencies")) {
            dependency(s, parentBlock);
        } else if (block.equals("plugins")) {
            plugin(s);
        } else if (first.equals("apply")) {
            String plugin = after(s, "plugin");
            if (!plugin.isEmpty()) {
                deps.add(plugin + " (plugin)");
            }
        } else if (settings && topLevel && first.equals("include")) {
            for (Token t : s) {
                if (t.kind() == Kind.STRING) {
                    deps.add(t.text() + " (module)");
                }
            }
        } else if (s.size() >= 5
                && first.equals("rootProject")
                && s.get(2).isIdent("name")
                && s.get(3).is("=")) {
            name = firstString(s, 4);
        } else if (name.isEmpty() && (first.equals("archivesBaseName") || first.equals("archivesName"))) {
            name = firstString(s, 1);
        } else if (topLevel && first.equals("description") && s.size() >= 2) {
            description = firstString(s, 1);
        }
    }

    private void dependency(List<Token> s, String sourceSet) {
        String configuration = s.getFirst().text();
        if (s.size() < 2 || s.get(1).is(".") || s.get(1).is("=") || KEYWORDS.contains(configuration)) {
            return; // not a declaration: configurations.x.y, x = …
        }
        String notation = notation(s, 1, 0);
        if (notation.isEmpty()) {
            return;
        }
        String suffix;
        if (!PLAIN.contains(configuration)) {
            suffix = " (" + configuration + ")";
        } else if (NOT_SOURCE_SETS.contains(sourceSet) || sourceSet.endsWith("Main") || sourceSet.equals("main")) {
            suffix = "";
        } else {
            suffix = " (" + sourceSet + ")";
        }
        deps.add(notation + suffix);
    }

    /** The dependency a call's arguments from {@code from} name, or "" (files, file trees, nothing). */
    private static String notation(List<Token> s, int from, int depth) {
        int i = from;
        while (i < s.size() && (s.get(i).is("(") || s.get(i).is("["))) {
            i++;
        }
        if (i >= s.size()) {
            return "";
        }
        Token t = s.get(i);
        boolean call =
                t.kind() == Kind.IDENT && i + 1 < s.size() && s.get(i + 1).is("(");
        if (call && depth < 2) {
            switch (t.text()) {
                case "project":
                    String path = firstString(s, i + 1);
                    return path.isEmpty() ? "" : "project " + path;
                case "kotlin":
                    String module = firstString(s, i + 1);
                    return module.isEmpty() ? "" : "org.jetbrains.kotlin:kotlin-" + module;
                case "files", "fileTree":
                    return "";
                case "platform", "enforcedPlatform", "testFixtures":
                    return notation(s, i + 1, depth + 1);
                default:
                    break;
            }
        }
        String group = after(s, "group");
        String module = after(s, "name");
        if (!module.isEmpty()) {
            String version = after(s, "version");
            return group + ":" + module + (version.isEmpty() ? "" : ":" + version);
        }
        String string = firstString(s, i);
        if (!string.isEmpty()) {
            return string;
        }
        if (t.kind() != Kind.IDENT) {
            return "";
        }
        StringBuilder dotted = new StringBuilder(t.text());
        for (int j = i + 1; j + 1 < s.size() && s.get(j).is(".") && s.get(j + 1).kind() == Kind.IDENT; j += 2) {
            dotted.append('.').append(s.get(j + 1).text());
        }
        return call && dotted.indexOf(".") < 0 ? dotted + "()" : dotted.toString();
    }

    private void plugin(List<Token> s) {
        Token first = s.getFirst();
        String id;
        if ((first.text().equals("id") || first.text().equals("kotlin")) && s.size() > 1) {
            id = firstString(s, 1);
            if (!id.isEmpty() && first.text().equals("kotlin")) {
                id = "org.jetbrains.kotlin." + id;
            }
        } else if (first.text().equals("alias")) {
            id = notation(s, 1, 0);
        } else if (s.size() == 1) {
            id = first.text(); // java, `java-library`, application
        } else {
            return;
        }
        String version = after(s, "version");
        if (!id.isEmpty()) {
            deps.add(id + (version.isEmpty() ? "" : " " + version) + " (plugin)");
        }
    }

    /** The string after {@code key} ({@code key: "x"}, {@code key = "x"}, {@code key "x"}, {@code key("x")}). */
    private static String after(List<Token> s, String key) {
        for (int i = 0; i + 1 < s.size(); i++) {
            if (s.get(i).isIdent(key)) {
                int j = i + 1;
                while (j < s.size()
                        && (s.get(j).is(":") || s.get(j).is("=") || s.get(j).is("("))) {
                    j++;
                }
                if (j < s.size() && s.get(j).kind() == Kind.STRING) {
                    return s.get(j).text();
                }
            }
        }
        return "";
    }

    /** The first string literal at or after {@code from} before the statement's first closing bracket. */
    private static String firstString(List<Token> s, int from) {
        for (int i = from; i < s.size(); i++) {
            Token t = s.get(i);
            if (t.kind() == Kind.STRING) {
                return t.text();
            }
            if (t.is(")") || t.is("]")) {
                return "";
            }
        }
        return "";
    }
}
