package dev.coderag.ingest.parse.code;

import dev.coderag.ingest.parse.code.LanguageHandler.Comment;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * How a language marks the doc comment of a definition among the comments right above it. A closed set of
 * rules that the handlers pick from as data; {@link LanguageHandler#docCommentCount} and
 * {@link LanguageHandler#docText} apply it.
 */
sealed interface DocRule {
    /** No doc comments above definitions (Python's docstrings are in the body). */
    record None() implements DocRule {}

    /** The comment right above, when it is a {@code /** … *\/} comment (Java, JavaScript, TypeScript). */
    record Javadoc() implements DocRule {}

    /**
     * One block doc comment right above, or the run of line doc comments right above; nothing after a blank
     * line (Go, Rust, C#, C and C++, shell).
     *
     * @param isBlockDoc whether the comment right above is a block doc
     * @param isLineDoc whether a comment belongs to the run of line docs
     * @param isDocText whether a line of the run is doc text (Go leaves out {@code //go:} directives)
     * @param markers the line comment markers to strip from the text, longest first (the first that matches
     *     a line is stripped)
     */
    record LineRun(
            Predicate<String> isBlockDoc,
            Predicate<String> isLineDoc,
            Predicate<String> isDocText,
            List<String> markers)
            implements DocRule {
        public LineRun {
            markers = List.copyOf(markers);
        }
    }

    /**
     * Another rule whose doc text is then rewritten: C#'s XML doc comments become plain text, Doxygen's
     * {@code @brief} is dropped.
     */
    record Mapped(DocRule rule, UnaryOperator<String> then) implements DocRule {}

    /**
     * How many comments of the block, counted from the bottom, form the doc; 0 for none.
     *
     * @param block comments above the definition, top to bottom, each starting its own line, with no blank line
     *     between them; the last one is closest to the definition
     * @param blankLineBefore whether an empty line separates the last comment from the definition
     */
    default int count(List<Comment> block, boolean blankLineBefore) {
        return switch (this) {
            case None none -> 0;
            case Javadoc javadoc -> BlockDocs.isJavadoc(block.getLast().text()) ? 1 : 0;
            case LineRun run -> {
                if (blankLineBefore) {
                    yield 0;
                }
                if (run.isBlockDoc().test(block.getLast().text())) {
                    yield 1;
                }
                int count = 0;
                for (int i = block.size() - 1;
                        i >= 0 && run.isLineDoc().test(block.get(i).text());
                        i--) {
                    count++;
                }
                yield count;
            }
            case Mapped mapped -> mapped.rule().count(block, blankLineBefore);
        };
    }

    /** The doc text of the comments {@link #count} chose. */
    default String text(List<Comment> docComments) {
        return switch (this) {
            case None none -> "";
            case Javadoc javadoc ->
                DocText.fromBlockComment(docComments.getLast().text());
            case LineRun run -> {
                if (docComments.size() == 1 && docComments.getFirst().text().startsWith("/*")) {
                    yield DocText.fromBlockComment(docComments.getFirst().text());
                }
                List<String> lines = new ArrayList<>();
                for (Comment c : docComments) {
                    if (run.isDocText().test(c.text())) {
                        lines.add(c.text());
                    }
                }
                yield DocText.fromLineComments(lines, run.markers());
            }
            case Mapped mapped -> mapped.then().apply(mapped.rule().text(docComments));
        };
    }
}
