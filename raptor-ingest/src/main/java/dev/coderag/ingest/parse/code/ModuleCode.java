package dev.coderag.ingest.parse.code;

import dev.coderag.ingest.parse.ModuleNames;
import dev.coderag.ingest.parse.SourceFile;
import dev.coderag.ingest.parse.SourceText;
import dev.coderag.ingest.parse.text.TextWindows;
import dev.coderag.types.Chunk;
import dev.coderag.types.SymbolKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Top-level code outside every definition (constants, {@code if __name__ == "__main__"}, route tables,
 * {@code module.exports}) as MODULE chunks, so nothing a file says is lost. Pure.
 */
final class ModuleCode {
    private ModuleCode() {}

    /**
     * Whether {@code text} is nothing but directive prologue statements such as {@code 'use strict';}: one or
     * more of a quote ({@code '} or {@code "}), {@code use }, one or more of {@code a-z} and space, a quote,
     * an optional {@code ;} and optional whitespace ({@code [ \t\n\x0B\f\r]}). The same language as the
     * regex {@code ^(['"]use [a-z ]+['"];?\s*)+$} this replaced, which recursed once per repetition and
     * overflowed the stack on a file of thousands of {@code 'use strict';} lines. A single forward scan: O(text
     * length), no recursion, no allocation. Every step is forced (the character after each part cannot
     * continue that part), so no backtracking is needed.
     */
    static boolean isDirectiveOnly(String text) {
        int n = text.length();
        int i = 0;
        do {
            if (i >= n || !isQuote(text.charAt(i)) || !text.startsWith("use ", i + 1)) {
                return false;
            }
            i += 5;
            int body = i;
            while (i < n && (text.charAt(i) == ' ' || (text.charAt(i) >= 'a' && text.charAt(i) <= 'z'))) {
                i++;
            }
            if (i == body || i >= n || !isQuote(text.charAt(i))) {
                return false;
            }
            i++;
            if (i < n && text.charAt(i) == ';') {
                i++;
            }
            while (i < n && isRegexSpace(text.charAt(i))) {
                i++;
            }
        } while (i < n);
        return true;
    }

    private static boolean isQuote(char c) {
        return c == '\'' || c == '"';
    }

    /** {@code \s} of java.util.regex without UNICODE_CHARACTER_CLASS. */
    private static boolean isRegexSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
    }

    /**
     * Whether a top-level node is (the wrapper of) a definition, or a declaration group of them; other
     * statements that merely contain a definition (an object literal with methods) stay module code.
     */
    private static boolean isDefinition(TreeFacts.TopNode node, ModuleLevel defs, LanguageHandler handler) {
        return defs.starts().contains(node.start())
                || (handler.isDeclarationGroup(node.type()) && defs.anyStartsIn(node.start(), node.end()));
    }

    /**
     * The definitions at module level (no ancestor but modules: top-level, or in a namespace whose items
     * count as top-level): where each one's code and declaration start, and the declaration starts of those
     * that are not modules, ascending.
     */
    private record ModuleLevel(Set<Integer> starts, int[] declStarts) {
        static ModuleLevel of(List<Definition> sortedDefs) {
            Set<Integer> starts = new HashSet<>();
            List<Integer> declStarts = new ArrayList<>();
            for (Definition d : sortedDefs) {
                if (!onlyModulesAround(d)) {
                    continue;
                }
                starts.add(d.codeStart);
                starts.add(d.declStart);
                if (d.kind != SymbolKind.MODULE) {
                    declStarts.add(d.declStart);
                }
            }
            return new ModuleLevel(
                    starts,
                    declStarts.stream().mapToInt(Integer::intValue).sorted().toArray());
        }

        boolean anyStartsIn(int from, int to) {
            int i = Arrays.binarySearch(declStarts, from);
            int first = i >= 0 ? i : -i - 1;
            return first < declStarts.length && declStarts[first] < to;
        }

        private static boolean onlyModulesAround(Definition d) {
            for (Definition a = d.parent; a != null; a = a.parent) {
                if (a.kind != SymbolKind.MODULE) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * The MODULE chunks of a file. Imports and package lines alone make no chunk.
     *
     * @param facts with its definitions sorted and nested ({@link DefinitionTree#nest})
     * @param moduleCalls the calls outside every chunked definition
     */
    static List<Chunk> chunks(CodeFile code, TreeFacts facts, List<TreeFacts.Call> moduleCalls) {
        LanguageHandler handler = code.handler();
        SourceFile file = code.file();
        SourceText src = code.src();
        ModuleLevel defs = ModuleLevel.of(facts.defs);
        int docEndRow = facts.moduleDoc == null ? -1 : facts.moduleDoc.endLine() - 1;
        List<int[]> groups = new ArrayList<>();
        int[] current = null;
        int commentsFrom = -1; // first row of the comments directly above the current node
        int commentsTo = -1;
        for (TreeFacts.TopNode node : facts.topLevel) {
            int startRow = src.rowOf(node.start());
            int endRow = src.endRowOf(node.start(), node.end());
            if (node.type().equals("comment") || node.type().endsWith("_comment")) {
                if (commentsFrom >= 0 && startRow <= commentsTo + 1) {
                    commentsTo = endRow;
                } else if (startRow > docEndRow) {
                    commentsFrom = startRow;
                    commentsTo = endRow;
                }
                continue;
            }
            int attachedFrom = commentsFrom >= 0 && commentsTo + 1 == startRow ? commentsFrom : startRow;
            commentsFrom = -1;
            if (isDefinition(node, defs, handler)) {
                current = null;
                continue;
            }
            if (handler.isBoringTopLevel(node.type()) || endRow <= docEndRow) {
                continue;
            }
            if (current == null) {
                current = new int[] {attachedFrom, endRow};
                groups.add(current);
            } else {
                current[1] = Math.max(current[1], endRow);
            }
        }
        List<Chunk> out = new ArrayList<>();
        TextWindows.Label label =
                new TextWindows.Label(file, handler.language(), SymbolKind.MODULE, ModuleNames.fileName(file.path()));
        List<TextWindows.RowCall> rowCalls = moduleCalls.stream()
                .map(c -> new TextWindows.RowCall(src.rowOf(c.start()), c.name()))
                .toList();
        for (int[] g : groups) {
            List<String> lines = new ArrayList<>();
            for (int row = g[0]; row <= g[1]; row++) {
                lines.add(src.row(row));
            }
            String joined = String.join("\n", lines).strip();
            if (joined.isEmpty() || isDirectiveOnly(joined) || handler.saysNothing(lines)) {
                continue;
            }
            out.addAll(TextWindows.windows(lines, g[0], rowCalls, label, code.options()));
        }
        return out;
    }
}
