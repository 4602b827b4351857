package dev.coderag.ingest.parse.code;

import dev.coderag.ingest.parse.SourceFile;
import dev.coderag.ingest.parse.SourceText;
import dev.coderag.ingest.parse.code.LanguageHandler.Comment;
import dev.coderag.types.Language;
import dev.coderag.types.ModuleDocChunk;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Module docs written as a header comment, the first thing in a file (Ruby, Lua): the comment blocks before the
 * file's first code, split at empty lines. A licence notice or a block of directives only ({@code # frozen_string_
 * literal: true}, {@code -- luacheck: …}) is no doc, and neither is the block right above a definition (that is the
 * definition's doc). Pure.
 */
final class HeaderDocs {
    /** Words of a licence notice, not of documentation (lower case). */
    private static final List<String> LICENCE_WORDS = List.of(
            "copyright", "license", "licence", "spdx-license-identifier", "permission is hereby granted", "(c) ");

    private HeaderDocs() {}

    /**
     * The first header block that documents the file, or empty.
     *
     * @param firstCode where the file's first code starts (its length when it has none)
     * @param firstCodeIsDefinition whether that code is a definition, whose doc a block right above it is
     * @param isDirective a comment line that says nothing to a reader (a magic comment, a linter directive)
     */
    static List<Comment> headerDoc(
            List<Comment> comments,
            int firstCode,
            boolean firstCodeIsDefinition,
            SourceText src,
            Predicate<String> isDirective) {
        List<List<Comment>> blocks = new ArrayList<>();
        int previousEnd = 0;
        for (Comment c : comments) {
            if (c.start() >= firstCode || !src.isBlank(previousEnd, c.start())) {
                break;
            }
            if (blocks.isEmpty() || src.hasBlankLine(previousEnd, c.start())) {
                blocks.add(new ArrayList<>());
            }
            blocks.getLast().add(c);
            previousEnd = c.end();
        }
        for (List<Comment> block : blocks) {
            List<Comment> text =
                    block.stream().filter(c -> !isDirective.test(c.text())).toList();
            if (text.isEmpty() || isLicence(text)) {
                continue;
            }
            boolean lastBlock = block == blocks.getLast();
            boolean aboveDefinition = lastBlock
                    && firstCodeIsDefinition
                    && !src.hasBlankLine(block.getLast().end(), firstCode);
            return aboveDefinition ? List.of() : text;
        }
        return List.of();
    }

    private static boolean isLicence(List<Comment> block) {
        for (Comment c : block) {
            String lower = c.text().toLowerCase(Locale.ROOT);
            for (String word : LICENCE_WORDS) {
                if (lower.contains(word)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether {@code line} is {@code statement}, optionally followed by a comment that starts with {@code marker}. */
    static boolean isStatement(Pattern statement, String line, String marker) {
        Matcher m = statement.matcher(line);
        if (!m.lookingAt()) {
            return false;
        }
        String rest = line.substring(m.end()).strip();
        return rest.isEmpty() || rest.startsWith(marker);
    }

    /** A module-doc chunk over the rows of {@code docs} (0-based), or null when {@code text} is empty. */
    static ModuleDocChunk chunk(
            SourceFile file, Language language, String moduleName, String text, List<Comment> docs) {
        if (text.isBlank() || docs.isEmpty()) {
            return null;
        }
        return new ModuleDocChunk(
                file.repo(),
                file.path(),
                language,
                moduleName,
                text,
                docs.getFirst().startRow() + 1,
                docs.getLast().endRow() + 1,
                file.modelId());
    }
}
