package dev.coderag.chat.answer;

import dev.coderag.types.Chunk;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.ManifestChunk;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.ReadmeChunk;
import dev.coderag.types.Texts;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The phrases the extractive answer is built from: names, locations, citations and short descriptions of
 * retrieved chunks. Chunk text is untrusted: every piece taken from it is flattened to one line, bounded in
 * characters, has backticks balanced (so it cannot pair with code spans of the answer around it) and digits in
 * brackets defused (a README's "[2]" is no citation of source 2). Every method is a single forward scan: linear
 * in its input, no regular expression over chunk text. Pure.
 */
final class Evidence {
    /** Characters of one quoted sentence (or two) from a doc comment or README. */
    static final int MAX_QUOTE = 300;
    /** Characters of a name or signature in a code span. */
    static final int MAX_CODE = 120;
    /** Calls named from a body. */
    static final int MAX_CALLS = 6;

    /** HTML tags of doc comments that only format: dropped from quotes. Any other tag stays, as text. */
    private static final Set<String> FORMATTING_TAGS =
            Set.of("p", "br", "b", "i", "em", "strong", "tt", "code", "ul", "ol", "li", "pre", "var", "sup", "sub");

    private Evidence() {}

    /** {@code [n]}. */
    static String cite(ContextBlock b) {
        return "[" + b.n() + "]";
    }

    /** {@code `text`}, one line, bounded, with its backticks turned into quotes. */
    static String code(String text) {
        String s = bound(flat(text), MAX_CODE).replace('`', '\'');
        return "`" + (s.isEmpty() ? "…" : s) + "`"; // "``" would open a longer code span
    }

    /** {@code `path:start-end`}. */
    static String where(Chunk c) {
        return code(c.location());
    }

    /** {@code `path:start`}: where a definition begins. */
    static String at(Chunk c) {
        return code(c.path() + ":" + c.startLine());
    }

    /** How the text names a chunk: {@code `A.b`}, the section **Install**, the package **demo**, the module **m**. */
    static String name(Chunk c) {
        return switch (c) {
            case CodeChunk code -> code(code.qualifiedName());
            case ReadmeChunk r -> "the section **" + strong(sectionName(r)) + "**";
            case ManifestChunk m -> "the package **" + strong(m.name()) + "**";
            case ModuleDocChunk d -> "the module **" + strong(d.moduleName()) + "**";
            case dev.coderag.types.CommitChunk h -> "the commit " + code(h.shortSha());
        };
    }

    /** A cited definition with the line it starts on: {@code `A.b` (`path:12`) [3]}. */
    static String located(ContextBlock b) {
        return name(b.hit().chunk()) + " (" + at(b.hit().chunk()) + ") " + cite(b);
    }

    /** A cited chunk with its range: {@code `A.b` (`path:12-30`) [3]}. */
    static String ranged(ContextBlock b) {
        return name(b.hit().chunk()) + " (" + where(b.hit().chunk()) + ") " + cite(b);
    }

    /** "a python function", "an interface in java". */
    static String kind(CodeChunk c) {
        String kind = c.symbolKind().id();
        String article = "aeiou".indexOf(c.language().id().charAt(0)) >= 0 ? "an " : "a ";
        return article + c.language().id() + " " + kind;
    }

    /**
     * One sentence about a source, cited: its name and range, then what it is — a doc comment's first
     * sentences, a README section's first sentence, a package's description and dependencies, or for code
     * without a doc comment its declaration and the calls its body makes in order.
     */
    static String describe(ContextBlock b) {
        Chunk c = b.hit().chunk();
        String head = ranged(b);
        return switch (c) {
            case CodeChunk code -> {
                String doc = sentences(code.docstring(), 2);
                String declared = code.signature().isBlank() ? "" : " declared as " + code(code.signature());
                yield doc.isEmpty()
                        ? head + " is " + kind(code) + declared + calls(b.hit().calls()) + "."
                        : head + " is " + kind(code) + ": " + doc;
            }
            case ReadmeChunk r -> {
                String first = sentences(DocSteps.prose(r.text()), 2);
                yield first.isEmpty() ? head + " of " + code(r.path()) + "." : head + ": " + first;
            }
            case ManifestChunk m -> {
                String desc = sentences(m.description(), 1);
                String deps = m.dependencies().isEmpty()
                        ? ""
                        : (desc.isEmpty() ? " depends on " : " It depends on ") + list(m.dependencies(), 8) + ".";
                yield head + (desc.isEmpty() ? "" : ": " + desc) + (deps.isEmpty() && desc.isEmpty() ? "." : deps);
            }
            case ModuleDocChunk d -> {
                String first = sentences(d.text(), 2);
                yield first.isEmpty() ? head + "." : head + ": " + first;
            }
            case dev.coderag.types.CommitChunk h ->
                head + " (" + HistoryAnswer.quote(h.author()) + ", " + HistoryAnswer.date(h) + ") changed "
                        + code(h.path()) + ": “" + HistoryAnswer.quote(h.subject()) + "”";
        };
    }

    /** One line of the answer about a source: {@link #describe}, a finished sentence starting with a capital. */
    static String line(ContextBlock b) {
        String s = end(describe(b));
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** The text as a finished sentence: a full stop added unless it ends with one (or "…", "!", "?", ":"). */
    static String end(String s) {
        String t = s.stripTrailing();
        return t.isEmpty() || ".!?:…".indexOf(t.charAt(t.length() - 1)) >= 0 ? t : t + ".";
    }

    /**
     * ", which calls `a`, `b` and `c`" from the calls a body makes in first-seen order ({@code RetrievalHit#calls}:
     * the resolved ones when a compiler resolved the file), or "".
     */
    static String calls(List<String> calls) {
        List<String> named = calls.stream().filter(n -> !n.isBlank()).toList();
        return named.isEmpty() ? "" : ", which calls " + list(named, MAX_CALLS);
    }

    /** {@code `a`, `b` and `c`} (and "N more" past {@code max}). */
    static String list(List<String> names, int max) {
        List<String> shown = new ArrayList<>();
        for (String n : names.subList(0, Math.min(max, names.size()))) {
            shown.add(code(n));
        }
        if (names.size() > max) {
            shown.add((names.size() - max) + " more");
        }
        return join(shown);
    }

    /** "a", "a and b", "a, b and c". */
    static String join(List<String> items) {
        if (items.size() <= 1) {
            return items.isEmpty() ? "" : items.getFirst();
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.getLast();
    }

    static String sectionName(ReadmeChunk r) {
        return r.headingPath().isEmpty() ? r.path() : String.join(" › ", r.headingPath());
    }

    /**
     * The first {@code count} sentences of a doc comment or paragraph as prose: its first paragraph, before any
     * tag block ({@code @param}, {@code :param}, {@code Args:}), Javadoc inline tags unwrapped ({@code {@code x}}
     * becomes {@code `x`}), HTML tags dropped, bounded to {@link #MAX_QUOTE} characters. "" for no text.
     */
    static String sentences(String text, int count) {
        String para = prose(plainDoc(firstParagraph(text)));
        int end = 0;
        int found = 0;
        while (found < count && end < para.length()) {
            end = sentenceEnd(para, end);
            found++;
        }
        return bound(para.substring(0, end).strip(), MAX_QUOTE);
    }

    /** The index just past the sentence starting at {@code from}: after ". " before a capital, or the end. */
    private static int sentenceEnd(String s, int from) {
        for (int i = from; i < s.length() - 2; i++) {
            char c = s.charAt(i);
            if ((c == '.' || c == '!' || c == '?') && s.charAt(i + 1) == ' ') {
                char next = s.charAt(i + 2);
                if (Character.isUpperCase(next) || Character.isDigit(next) || next == '`') {
                    return i + 1;
                }
            }
        }
        return s.length();
    }

    /** Lines up to the first blank line or tag line, leading blank lines skipped. */
    private static String firstParagraph(String text) {
        StringBuilder out = new StringBuilder();
        int start = 0;
        int len = Math.min(text.length(), 20_000);
        while (start < len) {
            int nl = text.indexOf('\n', start);
            int end = nl < 0 || nl > len ? len : nl;
            String line = text.substring(start, end).strip();
            start = end + 1;
            if (line.isEmpty() || line.startsWith("```")) {
                if (out.isEmpty()) {
                    continue;
                }
                break;
            }
            if (line.startsWith("@")
                    || line.startsWith(":param")
                    || line.startsWith(":return")
                    || line.startsWith(":raises")
                    || line.equals("Args:")
                    || line.equals("Returns:")
                    || line.equals("Parameters")
                    || line.startsWith("#")) {
                if (out.isEmpty() && line.startsWith("#")) {
                    continue; // a heading before the paragraph
                }
                break;
            }
            out.append(line).append(' ');
            if (out.length() > 4 * MAX_QUOTE) {
                break;
            }
        }
        return out.toString();
    }

    /** Javadoc inline tags unwrapped and HTML tags dropped, in one pass. */
    private static String plainDoc(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '{' && i + 1 < s.length() && s.charAt(i + 1) == '@') {
                int close = find(s, '}', i, 200);
                if (close > 0) {
                    int space = find(s, ' ', i, close - i);
                    String tag = s.substring(i + 2, space > 0 ? space : close);
                    String body = space > 0 ? s.substring(space + 1, close) : "";
                    boolean asCode = tag.equals("code") || tag.startsWith("link") || tag.equals("value");
                    out.append(asCode ? "`" + body.replace('`', '\'') + "`" : body);
                    i = close + 1;
                    continue;
                }
            }
            if (c == '<' && i + 1 < s.length()) {
                int nameAt = s.charAt(i + 1) == '/' ? i + 2 : i + 1;
                int close = find(s, '>', i, 40);
                int nameEnd = nameAt;
                while (nameEnd < close && Character.isLetter(s.charAt(nameEnd))) {
                    nameEnd++;
                }
                if (close > nameAt
                        && (nameEnd == close || s.charAt(nameEnd) == ' ' || s.charAt(nameEnd) == '/')
                        && FORMATTING_TAGS.contains(s.substring(nameAt, nameEnd).toLowerCase(Locale.ROOT))) {
                    i = close + 1; // Javadoc formatting: <p>, </b>, <code>; other tags stay text (escaped later)
                    continue;
                }
            }
            out.append(c);
            i++;
        }
        return out.toString();
    }

    /** The index of {@code c} in {@code s} within {@code max} characters after {@code from}, or -1. */
    private static int find(String s, char c, int from, int max) {
        int end = Math.min(s.length(), from + 1 + max);
        for (int i = from + 1; i < end; i++) {
            if (s.charAt(i) == c) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Untrusted text made safe to place inside a line of the answer: whitespace flattened, digits in brackets
     * outside code spans defused, and all backticks turned into quotes when they do not pair up.
     */
    static String prose(String s) {
        String flat = flat(s);
        StringBuilder out = new StringBuilder(flat.length() + 8);
        boolean inCode = false;
        int ticks = 0;
        for (int i = 0; i < flat.length(); i++) {
            char c = flat.charAt(i);
            out.append(c);
            if (c == '`') {
                ticks++;
                if (i + 1 >= flat.length() || flat.charAt(i + 1) != '`') {
                    inCode = !inCode;
                }
            } else if (c == '[' && !inCode && i + 1 < flat.length() && Character.isDigit(flat.charAt(i + 1))) {
                out.append(Citations.DEFUSED);
            }
        }
        String result = out.toString();
        return ticks % 2 == 0 ? result : result.replace('`', '\'');
    }

    /** Text for inside {@code **…**}: Markdown's own characters escaped, one line, bounded. */
    static String strong(String s) {
        String flat = s.isBlank() ? "…" : bound(flat(s), MAX_CODE);
        StringBuilder out = new StringBuilder(flat.length() + 8);
        for (int i = 0; i < flat.length(); i++) {
            char c = flat.charAt(i);
            if ("\\`*_[]<>&".indexOf(c) >= 0) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }

    /** Whitespace runs as one space, stripped; at most 64,000 characters. */
    static String flat(String s) {
        return Texts.collapseWhitespace(s, 64_000);
    }

    /** At most {@code max} characters, "…" marking a cut (never inside a surrogate pair). */
    static String bound(String s, int max) {
        if (s.length() <= max) {
            return s;
        }
        int end = max - 1;
        if (Character.isHighSurrogate(s.charAt(end - 1))) {
            end--;
        }
        String cut = s.substring(0, end);
        long ticks = cut.chars().filter(ch -> ch == '`').count();
        return (ticks % 2 == 0 ? cut : cut.replace('`', '\'')) + "…";
    }
}
