package dev.coderag.chat.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.chat.mcp.HistoryResults.CommitFile;
import dev.coderag.chat.mcp.HistoryResults.CommitResult;
import dev.coderag.chat.mcp.HistoryResults.HistoryHit;
import dev.coderag.chat.mcp.HistoryResults.HistoryResult;
import io.modelcontextprotocol.json.McpJsonDefaults;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The history tools' pages: each fits {@code max_tokens} in both renderings and matches the tool's output schema
 * (the SDK's validator), a commit's identity is never cut (diffs go first, then the message), and following
 * {@code next_cursor} visits every commit or file once, in order.
 */
class HistoryPagesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SHA = "0123456789abcdef0123456789abcdef01234567";
    private final Paging paging = new Paging(() -> "index@1");

    private static String diff(int lines) {
        StringBuilder sb = new StringBuilder("@@ -1," + lines + " +1," + lines + " @@");
        for (int i = 0; i < lines; i++) {
            sb.append("\n-old line ")
                    .append(i)
                    .append(" of a long enough diff\n+new line ")
                    .append(i);
        }
        return sb.toString();
    }

    private static HistoryResult search(int n) {
        List<HistoryHit> hits = IntStream.rangeClosed(1, n)
                .mapToObj(i -> new HistoryHit(
                        i,
                        "r",
                        SHA,
                        SHA.substring(0, 7),
                        "2024-03-01",
                        "Ada",
                        "Subject " + i + " ".repeat(150) + "end",
                        "src/F" + i + ".java",
                        "",
                        "modified",
                        15,
                        15,
                        HistoryTools.excerpt(diff(15)),
                        "",
                        1.0 / i,
                        null))
                .toList();
        return new HistoryResult("retry", hits);
    }

    @Test
    void a_search_page_fits_and_cursors_visit_every_commit_once() {
        HistoryResult full = search(12);
        Map<String, Object> args = new HashMap<>(Map.of("query", "retry", "max_tokens", 400));
        List<Integer> ranks = new ArrayList<>();
        for (int pages = 0; pages < 50; pages++) {
            McpTools.Reply r = paging.list(
                    "search_history", new ToolArgs(args), 12, "commits", false, at -> HistoryPages.search(full, at));
            assertFits(r, 400, "search_history");
            List<Map<String, Object>> commits = items(r.structured().get("commits"));
            assertThat(commits).isNotEmpty().allSatisfy(c -> {
                assertThat(c.get("sha")).isEqualTo(SHA);
                assertThat(c.get("date")).isEqualTo("2024-03-01");
                assertThat(c.get("path")).asString().startsWith("src/F");
            });
            commits.forEach(c -> ranks.add((Integer) c.get("rank")));
            if (r.structured().get("next_cursor") == null) {
                break;
            }
            args.put("cursor", r.structured().get("next_cursor"));
        }
        assertThat(ranks)
                .containsExactlyElementsOf(IntStream.rangeClosed(1, 12).boxed().toList());
    }

    @Test
    void a_commit_page_cuts_diffs_before_the_message_and_pages_by_file() {
        List<CommitFile> files = IntStream.rangeClosed(1, 6)
                .mapToObj(i -> new CommitFile(
                        "src/F" + i + ".java", "", "modified", "java", 40, 40, List.of("-1,40 +1,40"), diff(40), ""))
                .toList();
        CommitResult full = new CommitResult(
                "r",
                SHA,
                SHA.substring(0, 7),
                "2024-03-01",
                "Ada",
                "Subject",
                "Why: " + "x".repeat(300),
                files,
                6,
                null);
        Map<String, Object> args = new HashMap<>(Map.of("repo", "r", "sha", SHA, "max_tokens", 1_000));
        McpTools.Reply r =
                paging.list("get_commit", new ToolArgs(args), 6, "files", false, at -> HistoryPages.commit(full, at));

        assertFits(r, 1_000, "get_commit");
        assertThat(items(r.structured().get("files")).size()).isGreaterThan(1);
        assertThat(list(page(r).get("cut"))).contains("diff").doesNotContain("body");
        assertThat(r.structured().get("body")).isEqualTo(full.body());
        assertThat(r.text()).startsWith("commit " + SHA);

        List<String> paths = new ArrayList<>();
        for (int pages = 0; pages < 20; pages++) {
            McpTools.Reply p = paging.list(
                    "get_commit", new ToolArgs(args), 6, "files", false, at -> HistoryPages.commit(full, at));
            assertFits(p, 1_000, "get_commit");
            items(p.structured().get("files")).forEach(f -> paths.add((String) f.get("path")));
            if (p.structured().get("next_cursor") == null) {
                break;
            }
            args.put("cursor", p.structured().get("next_cursor"));
        }
        assertThat(paths)
                .containsExactlyElementsOf(files.stream().map(CommitFile::path).toList());
    }

    private static void assertFits(McpTools.Reply r, int maxTokens, String tool) {
        String json;
        try {
            json = JSON.writeValueAsString(r.structured());
        } catch (JsonProcessingException e) {
            throw new AssertionError(e);
        }
        if ((Integer) page(r).get("returned") > 1) {
            assertThat(json.length()).as("JSON of %s", tool).isLessThanOrEqualTo(maxTokens * 4);
            assertThat(r.text().length()).as("text of %s", tool).isLessThanOrEqualTo(maxTokens * 4);
        }
        var valid = McpJsonDefaults.getSchemaValidator()
                .validate(ToolCatalog.entry(tool).tool().outputSchema(), r.structured());
        assertThat(valid.valid()).as("%s: %s", tool, valid.errorMessage()).isTrue();
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
