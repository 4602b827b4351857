package dev.coderag.chat.mcp;

import dev.coderag.chat.ChatException;
import dev.coderag.chat.mcp.McpResults.FileLines;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * A call's page: where it starts (0, or the {@code cursor} it brings back), the result cut to the call's {@code
 * max_tokens}, and the cursor of the page after it. Lists page by offset; read_file by line. Thread-safe.
 */
final class Paging {
    private final Pager pager = new Pager();
    private final Cursors cursors;

    /** @param indexState what the index holds now; cursors are bound to it ({@link Cursors}) */
    Paging(Supplier<String> indexState) {
        this.cursors = new Cursors(indexState);
    }

    /**
     * A page of a list of {@code total} items (hits, definitions, references, repos).
     *
     * @param more the list left items out (more exist than {@code limit})
     * @param from the result from an offset on
     */
    <R> McpTools.Reply list(
            String tool, ToolArgs a, int total, String items, boolean more, IntFunction<Pager.Cuttable<R>> from) {
        int offset = 0;
        Optional<String> cursor = a.text("cursor");
        if (cursor.isPresent()) {
            offset = cursors.open(cursor.get(), tool, a.raw());
            if (offset >= total) {
                throw new ChatException(
                        ChatException.Reason.BAD_REQUEST,
                        "cursor is past the end of the results (" + total + "); call again without cursor");
            }
        }
        int start = offset;
        Pager.Place place = new Pager.Place(
                offset, total, items, more, false, count -> cursors.issue(tool, a.raw(), start + count));
        return pager.fit(a.budget(), place, from.apply(offset));
    }

    /**
     * A page of a file's lines: a cursor holds the next line, which replaces {@code start_line}.
     *
     * @param read the lines from a start line (empty: {@code start_line}, or the first)
     */
    McpTools.Reply lines(
            String tool, ToolArgs a, Function<Optional<Integer>, FileLines> read, CodeNavigation.Links links) {
        Optional<Integer> start = a.optionalInteger("start_line");
        Optional<String> cursor = a.text("cursor");
        if (cursor.isPresent()) {
            start = Optional.of(cursors.open(cursor.get(), tool, a.raw()));
        }
        FileLines f = read.apply(start);
        Pager.Place place = new Pager.Place(
                f.startLine() - 1,
                f.totalLines(),
                "lines",
                false,
                f.truncated(),
                count -> cursors.issue(tool, a.raw(), f.startLine() + count));
        return pager.fit(a.budget(), place, PagedResults.file(f, links));
    }

    /** A result that does not page (ask, reindex): only cut to the budget. */
    <R> McpTools.Reply whole(ToolArgs a, int total, String items, Pager.Cuttable<R> result) {
        return pager.fit(a.budget(), new Pager.Place(0, total, items, false, false, null), result);
    }
}
