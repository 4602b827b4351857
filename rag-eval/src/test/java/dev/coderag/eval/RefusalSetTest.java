package dev.coderag.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Checks the labelled refusal set ({@code src/test/resources/refusal/}): its shape always, and its gold files and
 * the absence of every missing feature against the corpora when they are laid out (set
 * {@code RAG_REFUSAL_CORPORA} to the directory holding the corpora that {@code repos.txt} names).
 */
class RefusalSetTest {
    private static final Path DIR = Path.of("src/test/resources/refusal");

    /** name -> corpus directory relative to the corpora root, from repos.txt; and name -> part. */
    private static Map<String, String[]> repos() throws IOException {
        Map<String, String[]> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(DIR.resolve("repos.txt"), StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            assertThat(f).as("repos.txt: name corpus store part").hasSize(4);
            assertThat(f[3]).as(line).isIn("tune", "check");
            out.put(f[0], f);
        }
        return out;
    }

    private static List<JsonNode> lines(String repo) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(DIR.resolve(repo + ".jsonl"), StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                out.add(ReportJson.JSON.readTree(line));
            }
        }
        return out;
    }

    @Test
    void the_set_reads_and_has_the_promised_shape() throws IOException {
        Map<String, String[]> repos = repos();
        assertThat(repos).hasSizeGreaterThanOrEqualTo(5);
        assertThat(repos.values().stream().map(r -> r[3]).distinct()).containsExactlyInAnyOrder("tune", "check");
        Set<String> ids = new HashSet<>();
        Map<RefusalKind, Integer> perKind = new EnumMap<>(RefusalKind.class);
        int total = 0;
        for (String repo : repos.keySet()) {
            List<EvalQuery> queries = QueryFile.read(DIR.resolve(repo + ".jsonl"));
            List<JsonNode> raw = lines(repo);
            Set<String> asked = new HashSet<>();
            Map<RefusalKind, Integer> here = new EnumMap<>(RefusalKind.class);
            for (int i = 0; i < queries.size(); i++) {
                EvalQuery q = queries.get(i);
                assertThat(ids.add(q.id()))
                        .as("id %s is unique across the set", q.id())
                        .isTrue();
                assertThat(q.repo()).as(q.id()).contains(repo);
                assertThat(q.refusal()).as("%s is labelled", q.id()).isPresent();
                assertThat(asked.add(q.query().toLowerCase(java.util.Locale.ROOT)))
                        .as("%s is not asked twice", q.id())
                        .isTrue();
                RefusalKind kind = q.refusal().get();
                here.merge(kind, 1, Integer::sum);
                JsonNode absent = raw.get(i).path("absent");
                if (kind == RefusalKind.ANSWERABLE) {
                    assertThat(q.goldFiles())
                            .as("%s names the files that answer it", q.id())
                            .isNotEmpty();
                    assertThat(absent.isMissingNode()).as(q.id()).isTrue();
                } else if (kind == RefusalKind.MISSING_FEATURE) {
                    assertThat(absent.isArray() && !absent.isEmpty())
                            .as("%s lists the patterns that occur nowhere in its corpus", q.id())
                            .isTrue();
                } else {
                    assertThat(q.goldFiles()).as(q.id()).isEmpty();
                }
            }
            assertThat(here.keySet()).as(repo + " has every kind").containsExactly(RefusalKind.values());
            here.forEach((k, n) -> perKind.merge(k, n, Integer::sum));
            total += queries.size();
        }
        assertThat(total).isGreaterThanOrEqualTo(150);
        double answerable = (double) perKind.get(RefusalKind.ANSWERABLE) / total;
        assertThat(answerable).as("roughly half answerable").isBetween(0.4, 0.6);
    }

    @Test
    void gold_files_exist_and_missing_features_occur_nowhere_in_the_corpora() throws IOException {
        String root = System.getenv("RAG_REFUSAL_CORPORA");
        assumeThat(root).as("RAG_REFUSAL_CORPORA names the laid-out corpora").isNotBlank();
        for (Map.Entry<String, String[]> e : repos().entrySet()) {
            Path corpus = Path.of(root).resolve(e.getValue()[1]);
            assumeThat(Files.isDirectory(corpus)).as(corpus + " is laid out").isTrue();
            List<String> texts = texts(corpus);
            for (JsonNode q : lines(e.getKey())) {
                String id = q.path("id").asText();
                for (JsonNode g : q.path("gold_files")) {
                    assertThat(corpus.resolve(g.asText())).as(id).isRegularFile();
                }
                for (JsonNode a : q.path("absent")) {
                    Pattern p = Pattern.compile(a.asText(), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
                    assertThat(texts.stream().filter(t -> p.matcher(t).find()).count())
                            .as("%s: /%s/ occurs in no file of %s", id, a.asText(), corpus)
                            .isZero();
                }
            }
        }
    }

    /** Every file of the corpus as text (undecodable bytes replaced), .git aside. */
    private static List<String> texts(Path corpus) throws IOException {
        List<String> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(corpus)) {
            for (Path f : files.filter(Files::isRegularFile)
                    .filter(f -> !corpus.relativize(f).toString().startsWith(".git/"))
                    .toList()) {
                out.add(StandardCharsets.UTF_8
                        .newDecoder()
                        .onMalformedInput(CodingErrorAction.REPLACE)
                        .onUnmappableCharacter(CodingErrorAction.REPLACE)
                        .decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(f)))
                        .toString());
            }
        }
        return out;
    }
}
