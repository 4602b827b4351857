package dev.coderag.ingest.parse.text;

import dev.coderag.ingest.parse.SourceFile;
import dev.coderag.ingest.parse.SourceText;
import dev.coderag.types.ReadmeChunk;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Splits Markdown into sections at ATX ({@code ## Title}) and setext ({@code Title\n===}) headings,
 * ignoring anything inside fenced code blocks and YAML front matter. Each section keeps the path of
 * headings above it and its exact lines; a section longer than {@value #MAX_CHARS} characters is cut at
 * line boundaries (preferring blank lines) into windows that overlap by a line or two. Pure.
 */
public final class MarkdownChunker {
    static final int MAX_CHARS = 1500;
    private static final int OVERLAP_CHARS = 200;
    private static final Pattern SETEXT = Pattern.compile("^ {0,3}(=+|-+)[ \\t]*$");
    private static final Pattern NOT_PARAGRAPH = Pattern.compile("^ {0,3}([-*+]\\s|\\d+[.)]\\s|>|\\||<|#|```|~~~)");

    private MarkdownChunker() {}

    record Heading(int level, String text) {}

    /** A fence line: {@code length} (at least 3) of {@code ch} ({@code `} or {@code ~}), then {@code info}. */
    record Fence(char ch, int length, String info) {}

    private record Section(List<String> path, int startRow, int endRow, int bodyStartRow) {}

    public static List<ReadmeChunk> chunk(SourceFile file, SourceText src) {
        int rows = src.rowCount();
        List<String> lines = new ArrayList<>(rows);
        for (int row = 0; row < rows; row++) {
            lines.add(src.row(row));
        }
        List<Section> sections = sections(lines);
        List<ReadmeChunk> out = new ArrayList<>();
        for (Section s : sections) {
            if (isBlank(lines, s.bodyStartRow(), s.endRow())) {
                continue; // a heading directly followed by a sub-heading: its title lives on in the path
            }
            windows(file, lines, s, out);
        }
        if (out.isEmpty() && !isBlank(lines, 0, rows - 1)) {
            windows(file, lines, new Section(List.of(), 0, rows - 1, 0), out);
        }
        return out;
    }

    private static List<Section> sections(List<String> lines) {
        List<Section> sections = new ArrayList<>();
        List<Heading> path = new ArrayList<>();
        int start = 0;
        int bodyStart = 0;
        Fence fence = null;
        int row = frontMatterEnd(lines);
        for (; row < lines.size(); row++) {
            String line = lines.get(row);
            Fence fenceLine = fence(line);
            if (fence != null) {
                if (fenceLine != null
                        && fenceLine.ch() == fence.ch()
                        && fenceLine.length() >= fence.length()
                        && fenceLine.info().isBlank()) {
                    fence = null;
                }
                continue;
            }
            if (fenceLine != null && !(fenceLine.ch() == '`' && fenceLine.info().contains("`"))) {
                fence = fenceLine;
                continue;
            }
            int headingRow = row;
            Heading heading = atxHeading(line);
            if (heading == null
                    && row > start
                    && SETEXT.matcher(line).matches()
                    && isParagraphLine(lines.get(row - 1))
                    && (row - 1 == start || lines.get(row - 2).isBlank() || row - 1 == bodyStart)) {
                heading = new Heading(
                        line.strip().charAt(0) == '=' ? 1 : 2,
                        lines.get(row - 1).strip());
                headingRow = row - 1;
            }
            if (heading == null) {
                continue;
            }
            if (headingRow > start) {
                sections.add(new Section(names(path), start, headingRow - 1, bodyStart));
            }
            while (!path.isEmpty() && path.getLast().level() >= heading.level()) {
                path.removeLast();
            }
            path.add(heading);
            start = headingRow;
            bodyStart = row + 1;
        }
        if (start < lines.size()) {
            sections.add(new Section(names(path), start, lines.size() - 1, bodyStart));
        }
        return sections;
    }

    /**
     * The ATX heading on {@code line}, or null: at most 3 spaces, 1 to 6 {@code #}, then nothing or a space or
     * tab; the text runs from the first character after the spaces and tabs that follow, to before an
     * optional closing sequence (spaces or tabs, then {@code #}s, then spaces or tabs at the end), and is
     * {@link String#strip stripped}. A closing sequence needs a space or tab after the text's first
     * character, so {@code # ##} has the text {@code ##}. A line holding one of Java's regex line terminators
     * ({@code \n \r \u0085 \u2028 \u2029}) is no heading. Exactly what the regex
     * {@code ^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$} found, whose lazy group backtracked
     * quadratically on a long line of spaces, tabs and {@code #}s; this is a few forward and backward scans,
     * O(line length), no backtracking.
     */
    static Heading atxHeading(String line) {
        int n = line.length();
        int i = 0;
        while (i < n && line.charAt(i) == ' ') {
            i++;
        }
        if (i > 3) {
            return null;
        }
        int hashes = i;
        while (i < n && line.charAt(i) == '#') {
            i++;
        }
        int level = i - hashes;
        if (level < 1 || level > 6 || (i < n && !isSpaceOrTab(line.charAt(i))) || hasLineTerminator(line, i)) {
            return null;
        }
        int from = i;
        while (from < n && isSpaceOrTab(line.charAt(from))) {
            from++;
        }
        int to = n;
        while (to > from && isSpaceOrTab(line.charAt(to - 1))) {
            to--;
        }
        int closing = to;
        while (closing > from && line.charAt(closing - 1) == '#') {
            closing--;
        }
        if (closing < to && closing > from && isSpaceOrTab(line.charAt(closing - 1))) {
            to = closing - 1;
            while (isSpaceOrTab(line.charAt(to - 1))) { // stops after the text's first character at the latest
                to--;
            }
        }
        return new Heading(level, line.substring(from, to).strip());
    }

    /**
     * The opening or closing code fence on {@code line}, or null: at most 3 spaces, a run of at least 3
     * {@code `} or of at least 3 {@code ~}, then the rest of the line as its info string. A line holding one of
     * Java's regex line terminators is no fence. Exactly what the regex {@code ^ {0,3}(`{3,}|~{3,})(.*)$}
     * found, which backtracked quadratically on a long run of backticks before such a terminator; this is one
     * forward scan, O(line length).
     */
    static Fence fence(String line) {
        int n = line.length();
        int i = 0;
        while (i < n && line.charAt(i) == ' ') {
            i++;
        }
        if (i > 3 || i >= n || (line.charAt(i) != '`' && line.charAt(i) != '~')) {
            return null;
        }
        char ch = line.charAt(i);
        int start = i;
        while (i < n && line.charAt(i) == ch) {
            i++;
        }
        if (i - start < 3 || hasLineTerminator(line, i)) {
            return null;
        }
        return new Fence(ch, i - start, line.substring(i));
    }

    private static boolean isSpaceOrTab(char c) {
        return c == ' ' || c == '\t';
    }

    /** Whether {@code line} holds, from {@code from}, a character regex {@code .} does not match. */
    private static boolean hasLineTerminator(String line, int from) {
        for (int k = from; k < line.length(); k++) {
            char c = line.charAt(k);
            if (c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029') {
                return true;
            }
        }
        return false;
    }

    /** YAML front matter ({@code ---} … {@code ---} at the very top) holds no headings. */
    private static int frontMatterEnd(List<String> lines) {
        if (lines.isEmpty() || !lines.getFirst().strip().equals("---")) {
            return 0;
        }
        for (int row = 1; row < lines.size(); row++) {
            String stripped = lines.get(row).strip();
            if (stripped.equals("---") || stripped.equals("...")) {
                return row + 1;
            }
        }
        return 0;
    }

    private static boolean isParagraphLine(String line) {
        return !line.isBlank() && !NOT_PARAGRAPH.matcher(line).find() && !line.startsWith("    ");
    }

    private static List<String> names(List<Heading> path) {
        List<String> names = new ArrayList<>(path.size());
        for (Heading h : path) {
            names.add(h.text());
        }
        return names;
    }

    private static boolean isBlank(List<String> lines, int from, int to) {
        for (int row = Math.max(0, from); row <= to && row < lines.size(); row++) {
            if (!lines.get(row).isBlank()) {
                return false;
            }
        }
        return true;
    }

    /** Emits the section as one chunk, or as overlapping windows when it is too long. */
    private static void windows(SourceFile file, List<String> lines, Section s, List<ReadmeChunk> out) {
        int from = s.startRow();
        int end = s.endRow();
        while (end > from && lines.get(end).isBlank()) {
            end--;
        }
        while (from < end && lines.get(from).isBlank()) {
            from++;
        }
        while (from <= end) {
            int to = from; // inclusive
            int chars = lines.get(from).length();
            while (to + 1 <= end && chars + 1 + lines.get(to + 1).length() <= MAX_CHARS) {
                to++;
                chars += 1 + lines.get(to).length();
            }
            if (to < end) {
                for (int i = to; i > from + (to - from) / 2; i--) {
                    if (lines.get(i).isBlank()) {
                        to = i - 1;
                        break;
                    }
                }
            }
            int last = to;
            while (last > from && lines.get(last).isBlank()) {
                last--;
            }
            out.add(new ReadmeChunk(
                    file.repo(),
                    file.path(),
                    s.path(),
                    String.join("\n", lines.subList(from, last + 1)),
                    from + 1,
                    last + 1,
                    file.modelId()));
            if (to >= end) {
                break;
            }
            int next = to + 1;
            int overlap = 0;
            for (int i = to; i > from; i--) {
                int len = lines.get(i).length() + 1;
                if (overlap + len > OVERLAP_CHARS) {
                    break;
                }
                overlap += len;
                next = i;
            }
            while (next <= end && lines.get(next).isBlank()) {
                next++;
            }
            from = Math.max(next, from + 1);
        }
    }
}
