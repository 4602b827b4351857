package dev.coderag.eval;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coderag.eval.HistorySet.Kind;
import dev.coderag.eval.HistorySet.Pin;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Checks the shape of the history question set ({@code src/test/resources/history/}, issue 34) without the clones:
 * the gold commits themselves are re-derived with git by that folder's {@code verify-gold} script.
 */
class HistoryQuestionsTest {
    private static final Path DIR = Path.of("src/test/resources/history");

    private static Map<String, Pin> pins() throws IOException {
        Map<String, Pin> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(DIR.resolve("pins.tsv"), StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t");
            assertThat(f).as("pins.tsv: repo mirror sha language").hasSize(4);
            out.put(f[0], new Pin(f[0], f[1], f[2], f[3]));
        }
        return out;
    }

    private static Map<String, List<JsonNode>> questions(Iterable<String> repos) throws IOException {
        Map<String, List<JsonNode>> out = new LinkedHashMap<>();
        for (String repo : repos) {
            List<JsonNode> lines = new ArrayList<>();
            for (String line : Files.readAllLines(DIR.resolve(repo + ".jsonl"), StandardCharsets.UTF_8)) {
                if (!line.isBlank()) {
                    lines.add(ReportJson.JSON.readTree(line));
                }
            }
            out.put(repo, lines);
        }
        return out;
    }

    @Test
    void the_set_has_the_promised_shape() throws IOException {
        Map<String, Pin> pins = pins();
        Map<String, List<JsonNode>> questions = questions(pins.keySet());

        assertThat(HistorySet.problems(pins, questions)).isEmpty();
        assertThat(pins.values().stream().map(Pin::language)).containsExactlyInAnyOrder("java", "python", "go");
        assertThat(questions.values().stream().mapToInt(List::size).sum())
                .isGreaterThanOrEqualTo(HistorySet.MIN_QUESTIONS);
    }

    @Test
    void the_readme_counts_match_the_files() throws IOException {
        Map<String, Pin> pins = pins();
        Map<String, List<JsonNode>> questions = questions(pins.keySet());
        String readme = Files.readString(DIR.resolve("README.md"), StandardCharsets.UTF_8);
        for (Kind kind : Kind.values()) {
            Matcher row = Pattern.compile("\\| `" + kind.spelling() + "` \\|([^\\n]*)\\|")
                    .matcher(readme);
            assertThat(row.find())
                    .as("README has a row for %s", kind.spelling())
                    .isTrue();
            List<String> cells = List.of(row.group(1).split("\\|"));
            List<String> expected = new ArrayList<>();
            int total = 0;
            for (List<JsonNode> qs : questions.values()) {
                long n = qs.stream()
                        .filter(q -> q.path("kind").asText().equals(kind.spelling()))
                        .count();
                expected.add(Long.toString(n));
                total += (int) n;
            }
            expected.add(Integer.toString(total));
            assertThat(cells.stream().map(String::strip).toList())
                    .as("README counts of %s, per repo (%s) and in total", kind.spelling(), pins.keySet())
                    .containsExactlyElementsOf(expected);
        }
    }

    @Test
    void a_malformed_set_is_reported_question_by_question() throws IOException {
        String sha = "0123456789abcdef0123456789abcdef01234567";
        Map<String, Pin> pins = new LinkedHashMap<>();
        pins.put("demo", new Pin("demo", "/m", "HEAD", "go"));
        String ok = "{\"id\":\"demo-why-01\",\"repo\":\"demo\",\"kind\":\"why\",\"question\":\"Why?\"," + "\"gold\":[\""
                + sha + "\"],\"note\":\"read\",\"position\":3}";
        List<JsonNode> lines = List.of(
                ReportJson.JSON.readTree(ok),
                ReportJson.JSON.readTree(ok.replace("Why?", "Why again?")),
                ReportJson.JSON.readTree("{\"id\":\"demo-added-01\",\"repo\":\"demo\",\"kind\":\"added\","
                        + "\"question\":\"When was f added\",\"gold\":[\"abc\"],\"path\":\"f.go\",\"note\":\"n\","
                        + "\"position\":2000}"),
                ReportJson.JSON.readTree("{\"id\":\"demo-between-01\",\"repo\":\"demo\",\"kind\":\"between\","
                        + "\"question\":\"What changed?\",\"gold\":[\"" + sha + "\",\"" + sha + "\"],"
                        + "\"path\":\"x\",\"since\":\"2025-02-01\",\"until\":\"2025-01-01\",\"note\":\"n\","
                        + "\"position\":1}"),
                ReportJson.JSON.readTree("{\"id\":\"demo-who-01\",\"repo\":\"demo\",\"kind\":\"who\"}"));

        List<String> problems = HistorySet.problems(pins, Map.of("demo", lines));

        assertThat(problems)
                .contains(
                        "demo: pinned sha is not 40 hex: HEAD",
                        "demo-why-01: id is not unique",
                        "demo-added-01: the question does not end with a question mark",
                        "demo-added-01: gold \"abc\" is not a 40-hex sha",
                        "demo-added-01: position 2000 is not within the newest 2000 commits",
                        "demo-added-01: needs def",
                        "demo-between-01: gold \"" + sha + "\" is listed twice",
                        "demo-between-01: needs since before until",
                        "demo-who-01: unknown kind \"who\"",
                        "demo: no question of kind last",
                        "only 5 questions, fewer than 40");
        assertThat(problems).noneMatch(p -> p.startsWith("demo-why-01: needs"));
    }
}
