package dev.coderag.ingest.parse.manifest;

import java.util.ArrayList;
import java.util.List;

/** Manifests read line by line: go.mod and pip's requirements files. Pure; linear in the text. */
final class LineManifests {
    private LineManifests() {}

    // ---- go.mod ----

    /** The module path and the required modules as "path version", indirect ones marked. */
    static ManifestInfo goMod(String text) {
        String module = "";
        List<String> deps = new ArrayList<>();
        boolean inRequire = false;
        for (String raw : text.split("\n")) {
            String line = raw.strip();
            boolean indirect = line.contains("// indirect");
            int comment = line.indexOf("//");
            if (comment >= 0) {
                line = line.substring(0, comment).strip();
            }
            if (line.isEmpty()) {
                continue;
            }
            if (inRequire) {
                if (line.equals(")")) {
                    inRequire = false;
                } else {
                    addGoRequire(line, indirect, deps);
                }
            } else if (line.startsWith("module ")) {
                module = unquote(line.substring("module ".length()).strip());
            } else if (line.equals("require (") || line.equals("require(")) {
                inRequire = true;
            } else if (line.startsWith("require ")) {
                addGoRequire(line.substring("require ".length()).strip(), indirect, deps);
            }
        }
        return new ManifestInfo(module, "", deps);
    }

    private static void addGoRequire(String spec, boolean indirect, List<String> deps) {
        String[] parts = spec.split("\\s+");
        String dep = parts.length >= 2 ? unquote(parts[0]) + " " + parts[1] : unquote(parts[0]);
        deps.add(indirect ? dep + " (indirect)" : dep);
    }

    private static String unquote(String s) {
        return s.length() >= 2 && (s.startsWith("\"") && s.endsWith("\"") || s.startsWith("`") && s.endsWith("`"))
                ? s.substring(1, s.length() - 1)
                : s;
    }

    // ---- requirements.txt ----

    /**
     * pip's requirements file: one requirement per line as written ({@code requests>=2.31; python_version
     * >= "3.8"}), comments, options ({@code -r}, {@code -e}, {@code --index-url}) and per-line options
     * ({@code --hash=…}) left out, editable ones ({@code -e …#egg=name}) kept, {@code \} continuations joined. A file named {@code requirements-dev.txt}
     * marks its requirements {@code (dev)}. Requirements files declare no name.
     */
    static ManifestInfo requirements(String text, String fileName) {
        String group = fileName.substring("requirements".length(), fileName.length() - ".txt".length());
        int start = 0;
        while (start < group.length()
                && (group.charAt(start) == '-' || group.charAt(start) == '_' || group.charAt(start) == '.')) {
            start++;
        }
        String suffix = start == group.length() ? "" : " (" + group.substring(start) + ")";
        List<String> deps = new ArrayList<>();
        StringBuilder logical = new StringBuilder();
        for (String raw : text.split("\n", -1)) {
            String line = withoutComment(raw).strip();
            if (line.endsWith("\\")) {
                logical.append(line, 0, line.length() - 1).append(' ');
                continue;
            }
            logical.append(line);
            String requirement = requirement(logical.toString());
            logical.setLength(0);
            if (!requirement.isEmpty()) {
                deps.add(requirement + suffix);
            }
        }
        String last = requirement(logical.toString());
        if (!last.isEmpty()) {
            deps.add(last + suffix);
        }
        return new ManifestInfo("", "", deps);
    }

    /**
     * The requirement of a logical line, whitespace collapsed, or "" for an option or an empty line. An
     * editable requirement ({@code -e git+https://…#egg=name}) is its egg name, else its target, marked
     * {@code (editable)}.
     */
    private static String requirement(String line) {
        String stripped = line.strip();
        for (String editable : new String[] {"-e ", "--editable ", "--editable="}) {
            if (stripped.startsWith(editable)) {
                String target = stripped.substring(editable.length()).strip();
                int egg = target.indexOf("#egg=");
                if (egg >= 0) {
                    target = target.substring(egg + "#egg=".length());
                    int amp = target.indexOf('&');
                    target = amp < 0 ? target : target.substring(0, amp);
                }
                return target.isEmpty() ? "" : target + " (editable)";
            }
        }
        if (stripped.isEmpty() || stripped.startsWith("-")) {
            return "";
        }
        int option = stripped.indexOf(" -");
        String spec = option < 0 ? stripped : stripped.substring(0, option);
        return ManifestParser.collapse(spec);
    }

    /** A {@code #} at the start or after whitespace starts a comment (pip's rule; {@code url#egg=} is not). */
    private static String withoutComment(String line) {
        for (int i = 0; i < line.length(); i++) {
            if (line.charAt(i) == '#' && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
                return line.substring(0, i);
            }
        }
        return line;
    }
}
