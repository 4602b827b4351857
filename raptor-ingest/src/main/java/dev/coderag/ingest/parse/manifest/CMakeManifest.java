package dev.coderag.ingest.parse.manifest;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * CMakeLists.txt: {@code project(<name> … DESCRIPTION "…")} gives the name and description;
 * {@code find_package(<Pkg> [version] …)}, {@code pkg_check_modules(<prefix> … <module>…)},
 * {@code FetchContent_Declare(<name> … GIT_TAG <tag>)}, {@code ExternalProject_Add} and {@code CPMAddPackage}
 * give the dependencies ("Pkg 1.2", "fmt 10.2.1"); {@code add_subdirectory(<dir>)} is "dir (subdirectory)".
 * Nothing is evaluated ({@code ${VAR}} stays as written). No Java library reads CMake's language, so this is a
 * small scanner of its grammar — commands {@code name(args)}, quoted, bracket ({@code [[…]]}, {@code [=[…]=]})
 * and unquoted arguments, {@code #} and bracket comments — that reads each character once. Pure.
 */
final class CMakeManifest {
    private CMakeManifest() {}

    private record Command(String name, List<String> args) {}

    static ManifestInfo read(String text) {
        String name = "";
        String description = "";
        List<String> deps = new ArrayList<>();
        for (Command c : commands(text)) {
            List<String> a = c.args();
            switch (c.name()) {
                case "project" -> {
                    if (name.isEmpty() && !a.isEmpty()) {
                        name = a.getFirst();
                        description = valueOf(a, "DESCRIPTION");
                    }
                }
                case "find_package" -> {
                    if (!a.isEmpty()) {
                        boolean versioned = a.size() > 1
                                && !a.get(1).isEmpty()
                                && Character.isDigit(a.get(1).charAt(0));
                        deps.add(versioned ? a.get(0) + " " + a.get(1) : a.get(0));
                    }
                }
                case "pkg_check_modules", "pkg_search_module" -> {
                    for (int i = 1; i < a.size(); i++) {
                        if (!isUpperKeyword(a.get(i))) {
                            deps.add(a.get(i));
                        }
                    }
                }
                case "fetchcontent_declare", "externalproject_add" -> {
                    if (!a.isEmpty()) {
                        String tag = valueOf(a, "GIT_TAG");
                        deps.add(tag.isEmpty() ? a.getFirst() : a.getFirst() + " " + tag);
                    }
                }
                case "cpmaddpackage" -> {
                    String dep = cpm(a);
                    if (!dep.isEmpty()) {
                        deps.add(dep);
                    }
                }
                case "add_subdirectory" -> {
                    if (!a.isEmpty()) {
                        deps.add(a.getFirst() + " (subdirectory)");
                    }
                }
                default -> {}
            }
        }
        return new ManifestInfo(name, description, deps);
    }

    /** {@code CPMAddPackage("gh:fmtlib/fmt#10.2.1")} or {@code CPMAddPackage(NAME fmt VERSION 10.2.1 …)}. */
    private static String cpm(List<String> a) {
        if (a.size() == 1) {
            String spec = a.getFirst();
            int colon = spec.indexOf(':');
            String path = colon >= 0 ? spec.substring(colon + 1) : spec;
            int hash = path.lastIndexOf('#');
            String version = hash >= 0 ? path.substring(hash + 1) : "";
            String repo = hash >= 0 ? path.substring(0, hash) : path;
            String depName = repo.substring(repo.lastIndexOf('/') + 1);
            return version.isEmpty() ? depName : depName + " " + version;
        }
        String depName = valueOf(a, "NAME");
        String version = valueOf(a, "VERSION");
        if (version.isEmpty()) {
            version = valueOf(a, "GIT_TAG");
        }
        return depName.isEmpty() ? "" : version.isEmpty() ? depName : depName + " " + version;
    }

    /** The argument after a keyword argument, or "". */
    private static String valueOf(List<String> args, String keyword) {
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).equals(keyword)) {
                return args.get(i + 1);
            }
        }
        return "";
    }

    private static boolean isUpperKeyword(String arg) {
        return arg.equals("REQUIRED")
                || arg.equals("QUIET")
                || arg.equals("IMPORTED_TARGET")
                || arg.equals("GLOBAL")
                || arg.equals("NO_CMAKE_PATH")
                || arg.equals("NO_CMAKE_ENVIRONMENT_PATH");
    }

    // ---- the scanner ----

    /** The commands of the file in order, names lower-case (CMake's are case-insensitive). */
    private static List<Command> commands(String text) {
        List<Command> out = new ArrayList<>();
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            if (c == '#') {
                i = comment(text, i);
            } else if (Character.isLetter(c) || c == '_') {
                int start = i;
                while (i < n && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
                    i++;
                }
                String name = text.substring(start, i).toLowerCase(Locale.ROOT);
                while (i < n && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
                    i++;
                }
                if (i < n && text.charAt(i) == '(') {
                    List<String> args = new ArrayList<>();
                    i = arguments(text, i + 1, args);
                    out.add(new Command(name, args));
                }
            } else {
                i++;
            }
        }
        return out;
    }

    /** Reads arguments up to the matching {@code )}; returns the index after it (or the end). */
    private static int arguments(String text, int i, List<String> args) {
        int n = text.length();
        int depth = 0; // nested unquoted parentheses are part of the arguments
        while (i < n) {
            char c = text.charAt(i);
            if (c == ')') {
                if (depth == 0) {
                    return i + 1;
                }
                depth--;
                i++;
            } else if (c == '(') {
                depth++;
                i++;
            } else if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '#') {
                i = comment(text, i);
            } else if (c == '"') {
                StringBuilder arg = new StringBuilder();
                i++;
                while (i < n && text.charAt(i) != '"') {
                    if (text.charAt(i) == '\\' && i + 1 < n) {
                        i++;
                    }
                    arg.append(text.charAt(i++));
                }
                args.add(arg.toString());
                i++;
            } else if (c == '[' && bracketLevel(text, i) >= 0) {
                int level = bracketLevel(text, i);
                int open = i + level + 2;
                int close = text.indexOf("]" + "=".repeat(level) + "]", open);
                int end = close < 0 ? n : close;
                args.add(text.substring(open, end));
                i = close < 0 ? n : close + level + 2;
            } else {
                int start = i;
                while (i < n && !Character.isWhitespace(text.charAt(i)) && "()\"#".indexOf(text.charAt(i)) < 0) {
                    i++;
                }
                args.add(text.substring(start, i));
            }
        }
        return n;
    }

    /** A bracket opening {@code [==[} at {@code i}: the number of {@code =}, or -1 for none. */
    private static int bracketLevel(String text, int i) {
        int j = i + 1;
        while (j < text.length() && text.charAt(j) == '=') {
            j++;
        }
        return j < text.length() && text.charAt(j) == '[' ? j - i - 1 : -1;
    }

    /** Skips a {@code #} line comment or a {@code #[[…]]} bracket comment; returns the index after it. */
    private static int comment(String text, int i) {
        int level = i + 1 < text.length() && text.charAt(i + 1) == '[' ? bracketLevel(text, i + 1) : -1;
        if (level >= 0) {
            int close = text.indexOf("]" + "=".repeat(level) + "]", i + level + 3);
            return close < 0 ? text.length() : close + level + 2;
        }
        int end = text.indexOf('\n', i);
        return end < 0 ? text.length() : end;
    }
}
