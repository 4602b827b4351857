package dev.coderag.chat.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.chat.ApiContract;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntFunction;

/**
 * Cuts a tool's result to a {@link Budget}. A result is a run of items (hits, definitions, references, lines,
 * repositories, sources) with text around and inside them (snippets, signatures, the answer); a page is the first
 * {@code count} items from the page's start, with the text cut to a {@code level} (0 = nothing cut, higher cuts
 * more, monotonically). The pager keeps as many items as fit with the text cut the most — an item's location is
 * worth more than another item's text — then gives back as much text as still fits. A page always holds at least
 * one item (a location is never cut), even when that alone is over the budget. Every result then says what was
 * cut: {@code truncated}, {@code page} ({@code offset}, {@code returned}, {@code total}, {@code max_tokens},
 * {@code tokens}, {@code cut}) and {@code next_cursor}; its text ends with the same in words.
 */
final class Pager {
    private final ObjectMapper json = ApiContract.mapper();

    /** A page of a result: the value to serialise and what its text cut (names for {@code page.cut}). */
    record Built<R>(R value, Set<String> cut) {}

    /** A result to cut: the items from the page's start on, and how to build any page of them. */
    interface Cuttable<R> {
        /** Items from the page's start to the end of the result. */
        int available();

        /** The highest cut level; 0 when the text is never cut. */
        int maxLevel();

        /** The page of the first {@code count} available items, their text cut to {@code level}. */
        Built<R> build(int count, int level);

        /** The text rendering of a page. */
        String text(R value);
    }

    /**
     * Where a page sits in the whole result.
     *
     * @param offset items of the result before the page (for read_file: lines before its first)
     * @param total items in the whole result (for read_file: the file's lines)
     * @param items what the items are called in {@code page.cut} and the text ({@code hits}, {@code lines}, …)
     * @param more whether the result itself left items out (more exist than {@code limit}): {@code "limit"} is cut
     * @param continues whether items follow the available ones that a cursor reaches (read_file's caps)
     * @param next the cursor of the page after {@code count} items, or null when the tool does not page
     */
    record Place(int offset, int total, String items, boolean more, boolean continues, IntFunction<String> next) {}

    /** The reply of the largest page of {@code result} that fits {@code budget}. */
    <R> McpTools.Reply fit(Budget budget, Place place, Cuttable<R> result) {
        int available = result.available();
        int top = result.maxLevel();
        int count = Math.min(1, available);
        int lo = count + 1;
        int hi = available;
        while (lo <= hi) { // the most items that fit with the text cut the most
            int mid = (lo + hi) >>> 1;
            if (fits(budget, reply(budget, place, result, mid, top))) {
                count = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        int level = top;
        lo = 0;
        hi = top - 1;
        while (lo <= hi) { // then the least cut text that still fits
            int mid = (lo + hi) >>> 1;
            if (fits(budget, reply(budget, place, result, count, mid))) {
                level = mid;
                hi = mid - 1;
            } else {
                lo = mid + 1;
            }
        }
        return reply(budget, place, result, count, level);
    }

    private static boolean fits(Budget budget, McpTools.Reply r) {
        return r.size() <= budget.maxChars();
    }

    private <R> McpTools.Reply reply(Budget budget, Place place, Cuttable<R> result, int count, int level) {
        Built<R> built = result.build(count, level);
        Set<String> cut = new TreeSet<>(built.cut());
        boolean later = count < result.available();
        if (later || place.continues()) {
            cut.add(place.items());
        }
        if (place.more()) {
            cut.add("limit");
        }
        String next = (later || place.continues()) && place.next() != null
                ? place.next().apply(count)
                : null;
        @SuppressWarnings("unchecked")
        Map<String, Object> structured = new LinkedHashMap<>(json.convertValue(built.value(), Map.class));
        boolean truncated = !cut.isEmpty() || Boolean.TRUE.equals(structured.get("truncated"));
        structured.put("truncated", truncated);
        Map<String, Object> page = new LinkedHashMap<>();
        page.put("offset", place.offset());
        page.put("returned", count);
        page.put("total", place.total());
        page.put("max_tokens", budget.maxTokens());
        page.put("tokens", 0);
        page.put("cut", List.copyOf(cut));
        structured.put("page", page);
        structured.put("next_cursor", next);
        String text = result.text(built.value()) + footer(budget, place, count, cut, next);
        int chars = Math.max(length(structured) + 6, text.length()); // + the digits of tokens itself
        page.put("tokens", Budget.tokens(chars));
        return new McpTools.Reply(structured, text, chars);
    }

    private static String footer(Budget budget, Place place, int count, Set<String> cut, String next) {
        if (cut.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("\n\n[Cut to max_tokens ")
                .append(budget.maxTokens())
                .append(": ")
                .append(String.join(", ", cut))
                .append(". ");
        if (count > 0) {
            sb.append(place.items())
                    .append(' ')
                    .append(place.offset() + 1)
                    .append('-')
                    .append(place.offset() + count)
                    .append(" of ")
                    .append(place.total())
                    .append('.');
        }
        if (next != null) {
            sb.append(" More: call again with cursor \"").append(next).append("\".");
        } else if (cut.contains("limit")) {
            sb.append(" More exist: raise limit.");
        }
        return sb.append(']').toString();
    }

    private int length(Map<String, Object> structured) {
        try {
            return json.writeValueAsString(structured).length();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tool result cannot be written as JSON", e);
        }
    }
}
