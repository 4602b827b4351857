package dev.coderag.ingest.parse.manifest;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * Bundler's {@code Gemfile} and a gem's {@code *.gemspec}, read line by line without running them (they are Ruby;
 * there is no Ruby here, and no maintained Java reader of these files): the {@code gem "name", "constraint", …} lines
 * of a Gemfile as "name constraint, …", with their {@code group :test do … end} (or {@code group:} option) as a
 * suffix; a gemspec's {@code name}, {@code description} (else {@code summary}; a heredoc is read to its terminator)
 * and {@code add_dependency}/{@code add_runtime_dependency} (plain) and {@code add_development_dependency}
 * ({@code " (dev)"}) calls. Only string literals are read: a version held in a constant is left out. One pass over
 * the lines; the block nesting kept is bounded. Pure.
 */
final class RubyManifests {
    /** Keywords that open a block closed by {@code end} when they start a line. */
    private static final Set<String> OPENERS =
            Set.of("if", "unless", "case", "while", "until", "begin", "def", "class", "module", "for");

    /** Deeper nesting is not tracked (a hostile file cannot grow the stack). */
    private static final int MAX_DEPTH = 64;

    private RubyManifests() {}

    // ---- Gemfile ----

    static ManifestInfo gemfile(String text) {
        List<String> deps = new ArrayList<>();
        Deque<String> blocks = new ArrayDeque<>(); // group names, "" for any other block
        for (String raw : text.split("\n", -1)) {
            String line = withoutComment(raw).strip();
            String word = firstWord(line);
            if (line.isEmpty()) {
                continue;
            }
            if (word.equals("end")) {
                blocks.poll();
            } else if (word.equals("gem")) {
                addGem(line.substring(3), currentGroup(blocks), deps);
            } else if (word.equals("group") && endsWithDo(line)) {
                push(blocks, String.join(", ", symbols(line.substring(5, line.lastIndexOf("do")))));
            } else if (OPENERS.contains(word) || endsWithDo(line)) {
                push(blocks, "");
            }
        }
        return new ManifestInfo("", "", deps);
    }

    private static void addGem(String args, String group, List<String> deps) {
        int options = optionsStart(args);
        List<String> positional = literals(options < 0 ? args : args.substring(0, options));
        if (positional.isEmpty()) {
            return;
        }
        String dep = positional.size() == 1
                ? positional.getFirst()
                : positional.getFirst() + " " + String.join(", ", positional.subList(1, positional.size()));
        String optionGroup = "";
        if (options >= 0) {
            String rest = args.substring(options);
            int g = rest.indexOf("group:");
            int gs = rest.indexOf("groups:");
            if (g >= 0 || gs >= 0) {
                int at = g >= 0 ? g + "group:".length() : gs + "groups:".length();
                optionGroup = String.join(", ", symbols(rest.substring(at)));
            }
        }
        String suffix = optionGroup.isEmpty() ? group : optionGroup;
        deps.add(suffix.isEmpty() ? dep : dep + " (" + suffix + ")");
    }

    /** Where the keyword options ({@code require: false}, {@code group: :test}) start, or -1. */
    private static int optionsStart(String args) {
        boolean inString = false;
        char quote = 0;
        for (int i = 0; i < args.length(); i++) {
            char c = args.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    inString = false;
                }
            } else if (c == '"' || c == '\'') {
                inString = true;
                quote = c;
            } else if ((c == ':' && i > 0 && Character.isLetterOrDigit(args.charAt(i - 1)))
                    || args.startsWith("=>", i)) {
                return args.lastIndexOf(',', i) < 0 ? i : args.lastIndexOf(',', i);
            }
        }
        return -1;
    }

    /** The {@code :name} symbols (and string literals) of a group list, up to a {@code do}. */
    private static List<String> symbols(String text) {
        List<String> out = new ArrayList<>();
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c == ':' && i + 1 < n && Character.isLetter(text.charAt(i + 1))) {
                int start = ++i;
                while (i < n && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
                    i++;
                }
                out.add(text.substring(start, i));
            } else if (c == '"' || c == '\'') {
                int end = text.indexOf(c, i + 1);
                if (end < 0) {
                    break;
                }
                out.add(text.substring(i + 1, end));
                i = end;
            } else if (text.startsWith("do", i) || text.startsWith("optional", i)) {
                break;
            }
        }
        return out;
    }

    private static String currentGroup(Deque<String> blocks) {
        for (String b : blocks) {
            if (!b.isEmpty()) {
                return b;
            }
        }
        return "";
    }

    private static void push(Deque<String> blocks, String block) {
        if (blocks.size() < MAX_DEPTH) {
            blocks.push(block);
        }
    }

    private static boolean endsWithDo(String line) {
        if (line.endsWith(" do") || line.equals("do")) {
            return true;
        }
        int bar = line.lastIndexOf(" do |");
        return bar >= 0 && line.endsWith("|");
    }

    private static String firstWord(String line) {
        int i = 0;
        while (i < line.length() && (Character.isLetterOrDigit(line.charAt(i)) || line.charAt(i) == '_')) {
            i++;
        }
        return line.substring(0, i);
    }

    /** The line up to a {@code #} outside string quotes. */
    static String withoutComment(String line) {
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '#') {
                return line.substring(0, i);
            }
        }
        return line;
    }

    // ---- *.gemspec ----

    static ManifestInfo gemspec(String text) {
        String[] lines = text.split("\n", -1);
        String name = "";
        String summary = "";
        String description = "";
        List<String> deps = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            String line = withoutComment(lines[i]).strip();
            String value = assigned(line, "name");
            if (value != null && name.isEmpty()) {
                name = first(literals(value));
            } else if ((value = assigned(line, "summary")) != null && summary.isEmpty()) {
                summary = first(literals(value));
            } else if ((value = assigned(line, "description")) != null && description.isEmpty()) {
                String terminator = heredocTerminator(value);
                if (terminator == null) {
                    description = first(literals(value));
                } else {
                    StringBuilder doc = new StringBuilder();
                    for (i++; i < lines.length && !lines[i].strip().equals(terminator); i++) {
                        doc.append(lines[i].strip()).append('\n');
                    }
                    description = doc.toString();
                }
            } else {
                addGemspecDependency(line, deps);
            }
        }
        return new ManifestInfo(name, description.isBlank() ? summary : description, deps);
    }

    /** The text after {@code x.<attribute> =} (any receiver), or null. */
    private static String assigned(String line, String attribute) {
        int dot = line.indexOf('.');
        if (dot <= 0 || !line.startsWith(attribute, dot + 1)) {
            return null;
        }
        String rest = line.substring(dot + 1 + attribute.length()).stripLeading();
        return rest.startsWith("=") && !rest.startsWith("==")
                ? rest.substring(1).strip()
                : null;
    }

    private static void addGemspecDependency(String line, List<String> deps) {
        int dot = line.indexOf('.');
        if (dot <= 0) {
            return;
        }
        String call = firstWord(line.substring(dot + 1));
        String suffix =
                switch (call) {
                    case "add_dependency", "add_runtime_dependency" -> "";
                    case "add_development_dependency" -> " (dev)";
                    default -> null;
                };
        if (suffix == null) {
            return;
        }
        List<String> strings = literals(line.substring(dot + 1 + call.length()));
        if (strings.isEmpty()) {
            return;
        }
        String dep = strings.size() == 1
                ? strings.getFirst()
                : strings.getFirst() + " " + String.join(", ", strings.subList(1, strings.size()));
        deps.add(dep + suffix);
    }

    /** The contents of the {@code '…'} and {@code "…"} literals of {@code text}, in order (escapes kept). */
    static List<String> literals(String text) {
        List<String> out = new ArrayList<>();
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c != '"' && c != '\'') {
                continue;
            }
            int j = i + 1;
            while (j < n && text.charAt(j) != c) {
                j += text.charAt(j) == '\\' ? 2 : 1;
            }
            out.add(text.substring(i + 1, Math.min(j, n)));
            i = j;
        }
        return out;
    }

    /** The terminator of a heredoc ({@code <<~EOF}, {@code <<-'EOS'}, {@code <<EOF}) that starts {@code value}, or null. */
    static String heredocTerminator(String value) {
        if (!value.startsWith("<<")) {
            return null;
        }
        int i = 2;
        if (i < value.length() && (value.charAt(i) == '~' || value.charAt(i) == '-')) {
            i++;
        }
        if (i < value.length() && (value.charAt(i) == '\'' || value.charAt(i) == '"')) {
            i++;
        }
        int start = i;
        while (i < value.length() && (Character.isLetterOrDigit(value.charAt(i)) || value.charAt(i) == '_')) {
            i++;
        }
        return i > start ? value.substring(start, i) : null;
    }

    private static String first(List<String> strings) {
        return strings.isEmpty() ? "" : strings.getFirst();
    }
}
