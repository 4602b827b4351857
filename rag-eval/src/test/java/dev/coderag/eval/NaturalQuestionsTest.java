package dev.coderag.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Checks the natural-question development set ({@code src/test/resources/natural/}): its shape always, and its
 * gold against the corpora when they are laid out (the {@code layout} script of that folder; set
 * {@code RAG_NATURAL_CORPORA} to the directory holding {@code jsoup/}, {@code httpx/} and {@code gin/}).
 */
class NaturalQuestionsTest {
    private static final Path DIR = Path.of("src/test/resources/natural");
    private static final List<String> CORPORA = List.of("jsoup", "httpx", "gin");
    private static final int MAX_CALLERS = 8;

    /** name -> pinned commit, as the layout script pins them. */
    private static Map<String, String> pinnedCommits() throws IOException {
        Map<String, String> commits = new HashMap<>();
        Matcher m = Pattern.compile("\"(\\w+)\": \\(\"[\\w./-]+\", \"([0-9a-f]{40})\", \"[\\w.]+\"\\)")
                .matcher(Files.readString(DIR.resolve("layout"), StandardCharsets.UTF_8));
        while (m.find()) {
            commits.put(m.group(1), m.group(2));
        }
        return commits;
    }

    private static List<JsonNode> lines(String corpus) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(DIR.resolve(corpus + ".queries.jsonl"), StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                out.add(ReportJson.JSON.readTree(line));
            }
        }
        return out;
    }

    @Test
    void every_file_reads_and_the_set_has_the_promised_shape() throws IOException {
        Map<String, String> commits = pinnedCommits();
        assertThat(commits.keySet()).containsExactlyInAnyOrderElementsOf(CORPORA);
        Set<String> ids = new HashSet<>();
        Map<QueryKind, Integer> perKind = new EnumMap<>(QueryKind.class);
        int total = 0;
        for (String corpus : CORPORA) {
            List<EvalQuery> queries = QueryFile.read(DIR.resolve(corpus + ".queries.jsonl"));
            assertThat(queries).as(corpus).hasSizeGreaterThanOrEqualTo(20);
            total += queries.size();
            for (EvalQuery q : queries) {
                assertThat(ids.add(q.id()))
                        .as("id %s is unique across the set", q.id())
                        .isTrue();
                assertThat(q.repo()).as(q.id()).contains(corpus);
                assertThat(q.kind()).as("%s has a kind", q.id()).isPresent();
                perKind.merge(q.kind().get(), 1, Integer::sum);
                Set<String> rangePaths = new LinkedHashSet<>();
                q.goldRanges().forEach(r -> rangePaths.add(r.path()));
                assertThat(rangePaths)
                        .as("%s: every gold file has ranges, every range is in a gold file", q.id())
                        .containsExactlyInAnyOrderElementsOf(q.goldFiles());
                if (q.kind().get() == QueryKind.CALLS) {
                    assertThat(q.goldRanges())
                            .as("%s: at most %d callers or callees", q.id(), MAX_CALLERS)
                            .hasSizeLessThanOrEqualTo(MAX_CALLERS);
                }
            }
            for (JsonNode line : lines(corpus)) {
                assertThat(line.path("commit").asText())
                        .as("%s names the pinned commit", line.path("id").asText())
                        .isEqualTo(commits.get(corpus));
            }
        }
        assertThat(total).isGreaterThanOrEqualTo(60);
        assertThat(perKind.keySet()).containsExactly(QueryKind.values());
        assertThat(perKind.values()).allSatisfy(n -> assertThat(n).isGreaterThanOrEqualTo(12));
    }

    @Test
    void gold_paths_and_ranges_exist_in_the_laid_out_corpora() throws IOException {
        String root = System.getenv("RAG_NATURAL_CORPORA");
        assumeThat(root).as("RAG_NATURAL_CORPORA names the laid-out corpora").isNotBlank();
        int checked = 0;
        for (String corpus : CORPORA) {
            Path dir = Path.of(root, corpus);
            assumeThat(Files.isDirectory(dir)).as(dir + " is laid out").isTrue();
            for (EvalQuery q : QueryFile.read(DIR.resolve(corpus + ".queries.jsonl"))) {
                for (String file : q.goldFiles()) {
                    assertThat(dir.resolve(file)).as(q.id()).isRegularFile();
                }
                for (EvalQuery.GoldRange r : q.goldRanges()) {
                    long length = Files.readString(dir.resolve(r.path()), StandardCharsets.UTF_8)
                            .lines()
                            .count();
                    assertThat((long) r.end())
                            .as("%s: %s %d-%d within %d lines", q.id(), r.path(), r.start(), r.end(), length)
                            .isLessThanOrEqualTo(length);
                    checked++;
                }
            }
        }
        assertThat(checked).isPositive();
    }
}
