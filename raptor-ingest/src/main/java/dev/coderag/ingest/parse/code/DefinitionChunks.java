package dev.coderag.ingest.parse.code;

import dev.coderag.ingest.parse.ParseOptions;
import dev.coderag.ingest.parse.SourceFile;
import dev.coderag.ingest.parse.SourceText;
import dev.coderag.ingest.parse.TokenCounter;
import dev.coderag.ingest.parse.text.LineSplitter;
import dev.coderag.ingest.parse.text.TextWindows;
import dev.coderag.types.Chunk;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.EmbeddingText;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The chunk text of a definition: its code from the first attribute or wrapper to its end, with the bodies
 * (and detached doc comments) of member definitions that are chunks of their own replaced by the language's
 * placeholder, split into parts at line boundaries when it does not fit the token window. Pure.
 */
final class DefinitionChunks {
    private static final int SIGNATURE_LIMIT = 500;
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    private final CodeFile code;

    DefinitionChunks(CodeFile code) {
        this.code = code;
    }

    private record Replacement(int start, int end, String text) {}

    /** Code lines with the 0-based source row each one starts on. */
    private record Lines(List<String> text, int[] rows, int endRow) {}

    private static Lines buildLines(SourceText src, int from, int to, List<Replacement> replacements) {
        List<String> text = new ArrayList<>();
        List<Integer> rows = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        int[] lineRow = {-1};
        Runnable flush = () -> {
            text.add(line.toString());
            rows.add(lineRow[0]);
            line.setLength(0);
            lineRow[0] = -1;
        };
        int pos = from;
        List<Replacement> all = new ArrayList<>(replacements);
        all.add(new Replacement(to, to, ""));
        for (Replacement r : all) {
            if (r.start() < pos) {
                continue; // overlapping replacements cannot happen for well-nested definitions
            }
            int segmentStart = pos;
            for (int i = pos; i < r.start(); i++) {
                if (src.byteAt(i) == '\n') {
                    if (i > segmentStart && lineRow[0] < 0) {
                        lineRow[0] = src.rowOf(segmentStart);
                    }
                    line.append(src.slice(segmentStart, i));
                    if (lineRow[0] < 0) {
                        lineRow[0] = src.rowOf(i);
                    }
                    flush.run();
                    segmentStart = i + 1;
                }
            }
            if (r.start() > segmentStart) {
                if (lineRow[0] < 0) {
                    lineRow[0] = src.rowOf(segmentStart);
                }
                line.append(src.slice(segmentStart, r.start()));
            }
            if (!r.text().isEmpty()) {
                if (lineRow[0] < 0) {
                    lineRow[0] = src.rowOf(r.start());
                }
                line.append(r.text());
            }
            pos = Math.max(pos, r.end());
        }
        if (lineRow[0] >= 0) {
            flush.run();
        }
        int[] rowArray = rows.stream().mapToInt(Integer::intValue).toArray();
        int endRow = src.endRowOf(from, to);
        return new Lines(text, rowArray, endRow);
    }

    /**
     * The chunks of one definition: one, or its parts when it does not fit the token window.
     *
     * @param members the chunked definitions whose nearest chunked ancestor is {@code d}
     */
    List<Chunk> chunks(Definition d, List<Definition> members) {
        SourceText src = code.src();
        ParseOptions options = code.options();
        Lines lines = buildLines(src, src.startWithIndent(d.codeStart), d.declEnd, replacements(members));
        Parts parts = new Parts(d, lines);
        int n = lines.text().size();
        CodeChunk whole = parts.build(0, n, "");
        int budget = TextWindows.budget(options);
        if (n <= 1 || fits(EmbeddingText.of(whole), budget, options.tokens())) {
            return List.of(whole);
        }
        String provisional = "99 of " + n;
        List<int[]> ranges = LineSplitter.split(
                lines.text(),
                Integer.MAX_VALUE,
                budget,
                options.tokens(),
                (a, b) -> EmbeddingText.of(parts.build(a, b, provisional)));
        List<Chunk> out = new ArrayList<>(ranges.size());
        for (int i = 0; i < ranges.size(); i++) {
            int[] p = ranges.get(i);
            out.add(parts.build(p[0], p[1], (i + 1) + " of " + ranges.size()));
        }
        return out;
    }

    /**
     * What the members leave in their container's chunk, in file order: a doc comment on lines of its own goes
     * (with its lines), a non-empty body becomes the language's placeholder.
     */
    private List<Replacement> replacements(List<Definition> members) {
        SourceText src = code.src();
        List<Replacement> replacements = new ArrayList<>();
        for (Definition m : members) {
            if (m.docStart >= 0) {
                int firstRow = src.rowOf(m.docStart);
                int lastRow = src.endRowOf(m.docStart, m.docEnd);
                if (src.isBlank(src.rowStart(firstRow), m.docStart)
                        && src.isBlank(m.docEnd, src.rowEnd(lastRow))
                        && lastRow + 1 < src.rowCount()) {
                    replacements.add(new Replacement(src.rowStart(firstRow), src.rowStart(lastRow + 1), ""));
                }
            }
            if (m.bodyStart >= 0 && !isEmptyBody(src, m)) {
                replacements.add(new Replacement(
                        m.bodyStart, m.bodyEnd, code.handler().bodyPlaceholder(src.byteAt(m.bodyStart))));
            }
        }
        replacements.sort(Comparator.comparingInt(Replacement::start));
        return replacements;
    }

    /**
     * The chunks of one definition's lines: the whole, or a part, which after the first starts with a header
     * naming it ({@code // Type.name (part 2 of 3)}) and the signature, and carries the calls on its own lines.
     */
    private final class Parts {
        private final Definition d;
        private final Lines lines;
        private final int[] callRows;
        private final String signature;
        private final String headerPrefix;
        private final String signatureLine;

        Parts(Definition d, Lines lines) {
            SourceText src = code.src();
            String comment = code.handler().language().lineComment();
            String qualified = d.enclosing.isEmpty() ? d.name : d.enclosing + "." + d.name;
            this.d = d;
            this.lines = lines;
            this.callRows = d.calls.stream().mapToInt(c -> src.rowOf(c.start())).toArray();
            this.signature = code.handler().signature(signature(d, src, comment));
            this.headerPrefix = comment + " " + qualified + " (part ";
            this.signatureLine = WHITESPACE.matcher(signature).replaceAll(" ");
        }

        /** Lines {@code [partFrom, partTo)}; {@code label} says which part ("2 of 3"), unused for the first. */
        CodeChunk build(int partFrom, int partTo, String label) {
            int n = lines.text().size();
            StringBuilder text = new StringBuilder();
            if (partFrom > 0) {
                text.append(headerPrefix).append(label).append(")\n");
                if (!signatureLine.isEmpty()) {
                    text.append(signatureLine).append('\n');
                }
            }
            text.append(String.join("\n", lines.text().subList(partFrom, partTo)));
            int startRow = lines.rows()[partFrom];
            int endRow = partTo < n ? lines.rows()[partTo] - 1 : lines.endRow();
            List<TreeFacts.Call> calls = d.calls;
            LinkedHashSet<String> names = new LinkedHashSet<>();
            for (int i = 0; i < calls.size(); i++) {
                if (callRows[i] >= startRow && callRows[i] <= endRow) {
                    names.add(calls.get(i).name());
                }
            }
            SourceFile file = code.file();
            return new CodeChunk(
                    file.repo(),
                    file.path(),
                    code.handler().language(),
                    d.name,
                    d.finalKind,
                    d.enclosing,
                    signature,
                    partFrom == 0 ? d.doc : "",
                    text.toString(),
                    startRow + 1,
                    endRow + 1,
                    List.copyOf(names),
                    file.modelId());
        }
    }

    /** {@code {}} stays as it is: eliding it would suggest code that is not there. */
    private static boolean isEmptyBody(SourceText src, Definition m) {
        return m.bodyEnd - m.bodyStart >= 2
                && src.byteAt(m.bodyStart) == '{'
                && src.isBlank(m.bodyStart + 1, m.bodyEnd - 1);
    }

    /**
     * Whether the text has at most {@code budget} tokens. Every tokenizer consumes at least one UTF-8 byte
     * per token, so short texts need no tokenizer call (most chunks are short).
     */
    static boolean fits(String text, int budget, TokenCounter tokens) {
        if ((long) text.length() * 3 <= budget) {
            return true;
        }
        long utf8 = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            utf8 += c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate(c) ? 2 : 3;
        }
        return utf8 <= budget || tokens.count(text) <= budget;
    }

    /** The declaration without its body, on one line; for body-less definitions the first line. */
    private static String signature(Definition d, SourceText src, String commentMarker) {
        String text;
        if (d.bodyStart >= 0) {
            text = src.slice(d.declStart, d.bodyStart);
        } else {
            text = src.slice(d.declStart, d.declEnd);
            int newline = text.indexOf('\n');
            if (newline >= 0) {
                text = text.substring(0, newline);
            }
        }
        text = withoutLineComments(text, commentMarker);
        text = WHITESPACE.matcher(text).replaceAll(" ").strip();
        if (d.bodyStart < 0 && text.endsWith("{")) {
            text = text.substring(0, text.length() - 1).strip();
        }
        if (text.endsWith(";")) {
            text = text.substring(0, text.length() - 1).strip();
        }
        if (text.length() > SIGNATURE_LIMIT) {
            text = text.substring(0, SIGNATURE_LIMIT) + " …";
        }
        return text;
    }

    /** Drops {@code // …} (or {@code # …}) to the end of each line, outside string quotes. */
    static String withoutLineComments(String text, String marker) {
        if (!text.contains(marker)) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        for (String line : text.split("\n", -1)) {
            char quote = 0;
            int cut = line.length();
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                if (quote != 0) {
                    if (c == '\\') {
                        i++;
                    } else if (c == quote) {
                        quote = 0;
                    }
                } else if (c == '"' || c == '\'' || c == '`') {
                    quote = c;
                } else if (line.startsWith(marker, i)) {
                    cut = i;
                    break;
                }
            }
            if (!out.isEmpty()) {
                out.append('\n');
            }
            out.append(line, 0, cut);
        }
        return out.toString();
    }
}
