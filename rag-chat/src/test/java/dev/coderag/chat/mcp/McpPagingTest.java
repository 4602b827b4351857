package dev.coderag.chat.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.coderag.chat.ChatException;
import dev.coderag.chat.ChatResponse;
import dev.coderag.chat.IntentInfo;
import dev.coderag.chat.Source;
import dev.coderag.chat.Trace;
import dev.coderag.chat.answer.LlmProvider;
import dev.coderag.chat.mcp.McpResults.CodeHit;
import dev.coderag.chat.mcp.McpResults.Definition;
import dev.coderag.chat.mcp.McpResults.FileLines;
import dev.coderag.chat.mcp.McpResults.Reference;
import dev.coderag.chat.mcp.McpResults.ReferencesResult;
import dev.coderag.chat.mcp.McpResults.SearchResult;
import io.modelcontextprotocol.json.McpJsonDefaults;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Budgets, pages and cursors of the MCP tools over results made here: every page fits {@code max_tokens} (both
 * renderings), keeps every returned item's file and lines, says what it cut and matches the tool's output schema
 * (checked by the SDK's own validator); following {@code next_cursor} visits every item once, in order; a cursor
 * that was garbled, made up, is another tool's or another query's, or outlived the index is refused with one line.
 */
class McpPagingTest {
    private static final String LONG_LINE = "x".repeat(68);

    private final AtomicReference<String> index = new AtomicReference<>("repo-a@1");
    private final Paging paging = new Paging(index::get);

    @Test
    void a_search_page_fits_its_budget_and_following_cursors_returns_every_hit_once_in_order() {
        SearchResult full = search(10);
        List<Integer> ranks = new ArrayList<>();
        Map<String, Object> args = new HashMap<>(Map.of("query", "parse", "max_tokens", 300));
        int pages = 0;
        while (true) {
            McpTools.Reply r = searchPage(full, args);
            pages++;
            assertFits(r, 300, "search_code");
            List<Map<String, Object>> hits = items(r.structured().get("hits"));
            assertThat(hits).isNotEmpty().allSatisfy(McpPagingTest::hasLocation);
            hits.forEach(h -> ranks.add((Integer) h.get("rank")));
            assertThat(page(r).get("offset")).isEqualTo(ranks.size() - hits.size());
            assertThat(r.text())
                    .contains("parser/Parser.java:" + hits.getFirst().get("start_line"));
            Object next = r.structured().get("next_cursor");
            if (next == null) {
                break;
            }
            assertThat(r.structured()).containsEntry("truncated", true);
            assertThat(list(page(r).get("cut"))).contains("hits");
            assertThat(r.text()).contains("cursor \"" + next + "\"");
            args.put("cursor", next);
        }
        assertThat(ranks)
                .containsExactlyElementsOf(IntStream.rangeClosed(1, 10).boxed().toList());
        assertThat(pages).isGreaterThan(1);
    }

    @Test
    void with_room_nothing_is_cut_and_there_is_no_next_page() {
        McpTools.Reply r = searchPage(search(3), Map.of("query", "parse", "max_tokens", 25_000));

        assertFits(r, 25_000, "search_code");
        assertThat(r.structured()).containsEntry("truncated", false).containsEntry("next_cursor", null);
        assertThat(list(page(r).get("cut"))).isEmpty();
        assertThat(items(r.structured().get("hits")))
                .extracting(h -> h.get("snippet"))
                .containsExactlyElementsOf(
                        search(3).hits().stream().map(CodeHit::snippet).toList());
    }

    @Test
    void a_tight_budget_cuts_snippets_before_it_drops_a_hit() {
        // 2,000 tokens: ten hits' locations fit, their 20-line snippets do not
        McpTools.Reply r = searchPage(search(10), Map.of("query", "parse", "max_tokens", 2_000));

        assertFits(r, 2_000, "search_code");
        assertThat(items(r.structured().get("hits"))).hasSize(10).allSatisfy(McpPagingTest::hasLocation);
        assertThat(list(page(r).get("cut"))).containsExactly("snippet");
        assertThat(r.structured()).containsEntry("next_cursor", null);
    }

    @Test
    void the_smallest_budget_still_returns_one_whole_location_even_when_it_alone_is_too_long() {
        String deep = "src/" + "very/".repeat(200) + "Deep.java";
        CodeHit hit = hit(1, deep);
        McpTools.Reply r = searchPage(
                new SearchResult("q", List.of(hit, hit(2, "b.java"))), Map.of("query", "q", "max_tokens", 100));

        Map<String, Object> only = items(r.structured().get("hits")).getFirst();
        assertThat(only)
                .containsEntry("path", deep)
                .containsEntry("start_line", 10)
                .containsEntry("end_line", 29);
        assertThat(only.get("snippet")).isEqualTo("");
        assertThat(r.structured().get("next_cursor")).isNotNull();
    }

    @Test
    void signatures_detail_gives_locations_and_signatures_without_bodies() {
        SearchResult full = search(10);
        ToolArgs a = new ToolArgs(Map.of("query", "parse", "detail", "signatures"));
        McpTools.Reply r = paging.list(
                "search_code",
                a,
                10,
                "hits",
                false,
                at -> PagedResults.search(full, at, PagedResults.Detail.SIGNATURES));

        assertFits(r, Budget.DEFAULT_TOKENS, "search_code");
        assertThat(items(r.structured().get("hits"))).hasSize(10).allSatisfy(h -> {
            hasLocation(h);
            assertThat(h.get("snippet")).isNull();
            assertThat((String) h.get("signature")).startsWith("public Header parse");
        });
        assertThat(r.text()).contains("public Header parse").doesNotContain(LONG_LINE);
        assertThatThrownBy(() -> PagedResults.Detail.fromId("bodies"))
                .isInstanceOf(ChatException.class)
                .hasMessage("\"detail\" must be full or signatures");
    }

    @Test
    void read_file_pages_by_lines_and_the_pages_join_to_the_file() {
        List<String> file =
                IntStream.rangeClosed(1, 300).mapToObj(i -> i + " " + LONG_LINE).toList();
        Function<java.util.Optional<Integer>, FileLines> read = start -> lines(file, start.orElse(1));
        Map<String, Object> args = new HashMap<>(Map.of("repo", "r", "path", "F.java", "max_tokens", 1_000));
        List<String> got = new ArrayList<>();
        while (true) {
            McpTools.Reply r = paging.lines("read_file", new ToolArgs(args), read, (repo, path, s, e) -> null);
            assertFits(r, 1_000, "read_file");
            Map<String, Object> s = r.structured();
            List<String> content = List.of(((String) s.get("content")).split("\n", -1));
            assertThat(s.get("start_line")).isEqualTo(got.size() + 1);
            assertThat(s.get("end_line")).isEqualTo(got.size() + content.size());
            assertThat(page(r)).containsEntry("returned", content.size()).containsEntry("total", 300);
            got.addAll(content);
            if (s.get("next_cursor") == null) {
                assertThat(s).containsEntry("truncated", false);
                break;
            }
            assertThat(s).containsEntry("truncated", true);
            args.put("cursor", s.get("next_cursor"));
        }
        assertThat(got).isEqualTo(file);
    }

    @Test
    void a_line_longer_than_the_budget_is_cut_and_the_next_page_starts_at_the_next_line() {
        List<String> file = List.of("y".repeat(50_000), "second");
        McpTools.Reply r = paging.lines(
                "read_file",
                new ToolArgs(Map.of("repo", "r", "path", "min.js", "max_tokens", 100)),
                start -> lines(file, start.orElse(1)),
                (repo, path, s, e) -> null);

        assertFits(r, 100, "read_file");
        assertThat(r.structured()).containsEntry("start_line", 1).containsEntry("end_line", 1);
        assertThat(list(page(r).get("cut"))).containsExactly("line", "lines");
        McpTools.Reply next = paging.lines(
                "read_file",
                new ToolArgs(Map.of(
                        "repo",
                        "r",
                        "path",
                        "min.js",
                        "max_tokens",
                        100,
                        "cursor",
                        r.structured().get("next_cursor"))),
                start -> lines(file, start.orElse(1)),
                (repo, path, s, e) -> null);
        assertThat(next.structured()).containsEntry("content", "second").containsEntry("next_cursor", null);
    }

    @Test
    void ask_keeps_every_source_and_cuts_the_trace_then_the_answer() {
        List<Source> sources = IntStream.rangeClosed(1, 6)
                .mapToObj(n -> new Source(
                        n,
                        "code",
                        "r",
                        "src/S" + n + ".java",
                        n,
                        n + 9,
                        "S" + n,
                        "java",
                        0.5,
                        50,
                        true,
                        1.0,
                        List.of()))
                .toList();
        Trace trace = new Trace(
                new IntentInfo("locate", 0.9),
                Map.of("code", 6),
                Map.of("vector", 6),
                Map.of("total", 12.5),
                "parse header",
                List.of(),
                LlmProvider.NONE,
                "definition");
        String answer = "It is parsed in [1]. ".repeat(2_000);
        ChatResponse response =
                new ChatResponse(answer, sources, new IntentInfo("locate", 0.9), trace, "c1", List.of(), false);

        McpTools.Reply r = paging.whole(
                new ToolArgs(Map.of("question", "q", "max_tokens", 2_000)),
                6,
                "sources",
                PagedResults.answer(response));

        assertFits(r, 2_000, "ask");
        assertThat(items(r.structured().get("sources"))).hasSize(6).allSatisfy(McpPagingTest::hasLocation);
        assertThat(list(page(r).get("cut"))).containsExactly("answer", "trace");
        assertThat((String) r.structured().get("answer"))
                .startsWith("It is parsed in [1].")
                .endsWith("…");
        assertThat(r.structured()).containsEntry("next_cursor", null);
    }

    @Test
    void find_references_cuts_definitions_text_before_references_and_says_when_limit_left_some_out() {
        List<Definition> defs = IntStream.range(0, 40)
                .mapToObj(i -> new Definition(
                        "r",
                        "src/D" + i + ".java",
                        1,
                        50,
                        "D" + i + ".run",
                        "method",
                        "java",
                        "@Override\npublic void run(String a,\n    String b)",
                        "exact",
                        null))
                .toList();
        List<Reference> refs = IntStream.range(0, 30)
                .mapToObj(i -> new Reference(
                        "r", "src/C" + i + ".java", i + 1, i + 5, "C" + i + ".call", "method", "java", "run", null))
                .toList();
        ReferencesResult full = new ReferencesResult("run", CallDirection.CALLERS, defs, refs, List.of(), true);

        McpTools.Reply r = paging.list(
                "find_references",
                new ToolArgs(Map.of("symbol", "run", "max_tokens", 1_500)),
                30,
                "references",
                true,
                at -> PagedResults.references(full, at));

        assertFits(r, 1_500, "find_references");
        assertThat(items(r.structured().get("references"))).isNotEmpty().allSatisfy(McpPagingTest::hasLocation);
        assertThat(items(r.structured().get("definitions"))).allSatisfy(McpPagingTest::hasLocation);
        assertThat(list(page(r).get("cut"))).contains("limit", "signature");
    }

    @Test
    void a_cursor_is_refused_for_another_query_another_tool_a_changed_index_or_when_garbled() {
        SearchResult full = search(10);
        McpTools.Reply first = searchPage(full, Map.of("query", "parse", "max_tokens", 300));
        String cursor = (String) first.structured().get("next_cursor");

        // the budget may change between pages
        assertThat(searchPage(full, Map.of("query", "parse", "max_tokens", 600, "cursor", cursor))
                        .structured())
                .containsKey("hits");
        assertRefused(() -> searchPage(full, Map.of("query", "other", "cursor", cursor)), "other arguments");
        assertRefused(
                () -> searchPage(full, Map.of("query", "parse", "limit", 5, "cursor", cursor)), "other arguments");
        assertRefused(
                () -> paging.list(
                        "find_symbol",
                        new ToolArgs(Map.of("query", "parse", "cursor", cursor)),
                        10,
                        "definitions",
                        false,
                        at -> PagedResults.search(full, at, PagedResults.Detail.FULL)),
                "belongs to a search_code result");
        // the last character of each part carries spare bits: a change there may decode to the same bytes
        char last = cursor.charAt(cursor.length() - 1);
        String flipped = cursor.substring(0, cursor.length() - 1) + (last == 'A' ? 'B' : 'A');
        int dot = cursor.indexOf('.');
        char lastOfPayload = cursor.charAt(dot - 1);
        String payloadFlipped =
                cursor.substring(0, dot - 1) + (lastOfPayload == 'A' ? 'B' : 'A') + cursor.substring(dot);
        char head = cursor.charAt(0);
        String firstFlipped = (head == 'A' ? 'B' : 'A') + cursor.substring(1);
        // the same signature bytes spelled otherwise: its last character's four spare bits changed
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        int digit = alphabet.indexOf(last);
        String respelled =
                cursor.substring(0, cursor.length() - 1) + alphabet.charAt((digit & 0b110000) | ((digit + 1) & 0b1111));
        for (String bad : List.of(
                flipped,
                respelled,
                payloadFlipped,
                firstFlipped,
                "abc",
                cursor + cursor,
                "x".repeat(600),
                "../../etc",
                "a.b")) {
            assertRefused(
                    () -> searchPage(full, Map.of("query", "parse", "cursor", bad)), "not one this server issued");
        }
        String otherServers = (String) new Paging(index::get)
                .list(
                        "search_code",
                        new ToolArgs(Map.of("query", "parse", "max_tokens", 300)),
                        10,
                        "hits",
                        false,
                        at -> PagedResults.search(full, at, PagedResults.Detail.FULL))
                .structured()
                .get("next_cursor");
        assertRefused(
                () -> searchPage(full, Map.of("query", "parse", "cursor", otherServers)), "not one this server issued");

        index.set("repo-a@2");
        assertRefused(() -> searchPage(full, Map.of("query", "parse", "cursor", cursor)), "stale");
    }

    @Test
    void a_cursor_past_the_end_and_a_budget_out_of_range_are_refused() {
        String cursor = (String) searchPage(search(10), Map.of("query", "parse", "max_tokens", 300))
                .structured()
                .get("next_cursor");
        assertRefused(() -> searchPage(search(1), Map.of("query", "parse", "cursor", cursor)), "past the end");
        assertThatThrownBy(() -> new ToolArgs(Map.of("max_tokens", 99)).budget())
                .hasMessage("\"max_tokens\" must be between 100 and 25000");
        assertThatThrownBy(() -> new ToolArgs(Map.of("max_tokens", 25_001)).budget())
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ToolArgs(Map.of("max_tokens", "lots")).budget())
                .hasMessage("\"max_tokens\" must be an integer");
    }

    // ---------------------------------------------------------------------------------------------------------

    private McpTools.Reply searchPage(SearchResult full, Map<String, Object> args) {
        return paging.list(
                "search_code",
                new ToolArgs(args),
                full.hits().size(),
                "hits",
                false,
                at -> PagedResults.search(full, at, PagedResults.Detail.FULL));
    }

    private static SearchResult search(int n) {
        return new SearchResult(
                "parse",
                IntStream.rangeClosed(1, n)
                        .mapToObj(i -> hit(i, "parser/Parser.java"))
                        .toList());
    }

    private static CodeHit hit(int rank, String path) {
        String snippet = IntStream.range(0, 20).mapToObj(i -> LONG_LINE).collect(Collectors.joining("\n"));
        return new CodeHit(
                rank,
                "r",
                path,
                rank * 10,
                rank * 10 + 19,
                "Parser.parse" + rank,
                "code",
                "method",
                "java",
                1.0,
                0.5,
                "public Header parse" + rank + "(String line)",
                snippet,
                "http://127.0.0.1:3000/?repo=r#L" + rank);
    }

    private static FileLines lines(List<String> file, int start) {
        int end = Math.min(file.size(), start + CodeTools.MAX_READ_LINES - 1);
        return new FileLines(
                "r",
                "F.java",
                "java",
                start,
                end,
                file.size(),
                false,
                false,
                String.join("\n", file.subList(start - 1, end)),
                null);
    }

    private static void assertFits(McpTools.Reply r, int maxTokens, String tool) {
        String json;
        try {
            json = new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(r.structured());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new AssertionError(e);
        }
        int returned = (Integer) page(r).get("returned");
        if (returned > 1) { // one item is returned whatever its size
            assertThat(json.length()).as("JSON of %s", tool).isLessThanOrEqualTo(maxTokens * 4);
            assertThat(r.text().length()).as("text of %s", tool).isLessThanOrEqualTo(maxTokens * 4);
        }
        assertThat(page(r)).containsEntry("max_tokens", maxTokens);
        assertThat((Integer) page(r).get("tokens")).isLessThanOrEqualTo(Math.max(maxTokens, (json.length() + 9) / 4));
        var schema = ToolCatalog.entry(tool).tool().outputSchema();
        var valid = McpJsonDefaults.getSchemaValidator().validate(schema, r.structured());
        assertThat(valid.valid()).as("%s: %s", tool, valid.errorMessage()).isTrue();
    }

    private static void assertRefused(Runnable call, String why) {
        assertThatThrownBy(call::run)
                .isInstanceOf(ChatException.class)
                .satisfies(e -> assertThat(((ChatException) e).reason()).isEqualTo(ChatException.Reason.BAD_REQUEST))
                .hasMessageContaining(why)
                .hasMessageNotContaining("\n");
    }

    private static void hasLocation(Map<String, Object> item) {
        assertThat(item.get("path")).asString().isNotBlank();
        assertThat((Integer) item.get("start_line")).isPositive();
        assertThat((Integer) item.get("end_line")).isGreaterThanOrEqualTo((Integer) item.get("start_line"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> page(McpTools.Reply r) {
        return (Map<String, Object>) r.structured().get("page");
    }

    @SuppressWarnings("unchecked")
    private static List<String> list(Object o) {
        return (List<String>) o;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> items(Object o) {
        return (List<Map<String, Object>>) o;
    }
}
