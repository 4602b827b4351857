package dev.coderag.ingest.parse.text;

import dev.coderag.ingest.parse.ModuleNames;
import dev.coderag.ingest.parse.ParseOptions;
import dev.coderag.ingest.parse.SourceFile;
import dev.coderag.ingest.parse.SourceText;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.EmbeddingText;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * Cuts consecutive source lines into windows of at most {@value #WINDOW_LINES} lines that also fit the
 * token window: plain-text files, module-level code, and the fallback when a grammar gives nothing. Pure.
 */
public final class TextWindows {
    public static final int WINDOW_LINES = 60;

    /**
     * Tokens kept free in every chunk: counters report text tokens, while the model's window also holds
     * its special tokens ([CLS] and [SEP] for BERT-style models).
     */
    public static final int RESERVED_TOKENS = 2;

    /** A called name at a 0-based row. */
    public record RowCall(int row, String name) {}

    /** What every window of one run of lines is stamped with. */
    public record Label(SourceFile file, Language language, SymbolKind kind, String symbol) {}

    /** Consecutive source lines, the first being row {@code firstRow} (0-based), and the calls among them. */
    private record Run(List<String> lines, int firstRow, List<RowCall> calls, Label label) {}

    private TextWindows() {}

    /**
     * @param lines the source lines, the first being row {@code firstRow} (0-based)
     * @return chunks for the windows that are not blank, in order, with exact 1-based line ranges
     */
    public static List<CodeChunk> windows(
            List<String> lines, int firstRow, List<RowCall> calls, Label label, ParseOptions options) {
        Run run = new Run(lines, firstRow, calls, label);
        LineSplitter.PartText text = (from, to) -> EmbeddingText.of(window(run, from, to));
        List<int[]> parts = LineSplitter.split(lines, WINDOW_LINES, budget(options), options.tokens(), text);
        List<CodeChunk> out = new ArrayList<>();
        for (int[] p : parts) {
            if (!String.join("", lines.subList(p[0], p[1])).isBlank()) {
                out.add(window(run, p[0], p[1]));
            }
        }
        return out;
    }

    private static CodeChunk window(Run run, int from, int to) {
        List<String> lines = run.lines();
        // Blank lines at a window's edges are not part of what it cites.
        while (from < to - 1 && lines.get(from).isBlank()) {
            from++;
        }
        while (to - 1 > from && lines.get(to - 1).isBlank()) {
            to--;
        }
        int startRow = run.firstRow() + from;
        int endRow = run.firstRow() + to - 1;
        LinkedHashSet<String> names = new LinkedHashSet<>();
        for (RowCall c : run.calls()) {
            if (c.row() >= startRow && c.row() <= endRow) {
                names.add(c.name());
            }
        }
        Label label = run.label();
        return new CodeChunk(
                label.file().repo(),
                label.file().path(),
                label.language(),
                label.symbol(),
                label.kind(),
                "",
                "",
                "",
                String.join("\n", lines.subList(from, to)),
                startRow + 1,
                endRow + 1,
                List.copyOf(names),
                label.file().modelId());
    }

    /** Tokens a chunk's embedding text may have. */
    public static int budget(ParseOptions options) {
        return options.maxTokens() - RESERVED_TOKENS;
    }

    /** The whole text as windows, for files without a grammar (or whose parse failed). */
    public static List<CodeChunk> plain(SourceText src, SourceFile file, Language language, ParseOptions options) {
        List<String> lines = new ArrayList<>(src.rowCount());
        for (int row = 0; row < src.rowCount(); row++) {
            lines.add(src.row(row));
        }
        Label label = new Label(file, language, SymbolKind.TEXT, ModuleNames.fileName(file.path()));
        return windows(lines, 0, List.of(), label, options);
    }
}
