package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Issue 35's "watch and refresh", end to end: a repository served by {@code ./rag up} is edited, added to and
 * deleted from, and answers ({@code /api/chat}) and {@code /api/source} follow each change within 10 s without any
 * command; {@code /api/repos} and the page (real headless Chromium) show the repository's freshness.
 */
class WatchIT {
    private static final Duration T = Duration.ofMinutes(3);
    /** The bound: each change reaches answers within this, with no command run. */
    private static final Duration WITHIN = Duration.ofSeconds(10);

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void edits_additions_and_deletions_reach_answers_and_sources_within_ten_seconds() throws Exception {
        Path repo = Proc.copyFixture(Files.createDirectories(tmp.resolve("tinyroute")));
        Path pkg = repo.resolve("cli/src/tinyroute");
        Map<String, String> env = Map.of("RAG_DB", tmp.resolve("store").toString(), "RAG_PORT", "0");

        try (Proc up = Proc.rag(repo, env, "up")) {
            String url = up.awaitUrl(T);
            up.awaitLine(l -> l.contains("new ") && l.contains("unchanged"), T); // the first ingest's summary
            JsonNode fresh = until(T, "the repository fresh after its first ingest", () -> {
                JsonNode r = get(url + "/api/repos/tinyroute").body;
                return r.path("freshness").path("state").asText().equals("fresh") ? r : null;
            });
            assertThat(fresh.path("freshness").path("watch").asText()).isEqualTo("events");
            assertThat(fresh.path("freshness").path("changed_files").asInt()).isZero();

            // an edit: a new function at the end of an indexed file
            String retry = Files.readString(pkg.resolve("retry.py"));
            int oldLines = (int) retry.lines().count();
            Files.writeString(
                    pkg.resolve("retry.py"),
                    retry + "\n\ndef quokka_checksum(values):\n    \"\"\"Sum of the quokka values, mod 97.\"\"\"\n"
                            + "    return sum(values) % 97\n");
            JsonNode edited = until(
                    WITHIN,
                    "an answer citing the edited function",
                    () -> source(
                            ask(url, "What does quokka_checksum do?"),
                            "cli/src/tinyroute/retry.py",
                            "quokka_checksum"));
            assertThat(edited.path("start_line").asInt()).isGreaterThan(oldLines);
            JsonNode lines = get(url + "/api/source?repo=tinyroute&path=cli/src/tinyroute/retry.py&start="
                            + edited.path("start_line").asInt() + "&end="
                            + edited.path("end_line").asInt())
                    .body;
            assertThat(lines.toString()).contains("quokka_checksum");
            assertThat(lines.path("changed_since_indexing").asBoolean()).isFalse();

            // an addition: a new file
            Files.writeString(
                    pkg.resolve("ledger.py"),
                    "\"\"\"A ledger.\"\"\"\n\n\ndef walrus_ledger_total(entries):\n"
                            + "    \"\"\"Total of the walrus ledger's entries.\"\"\"\n    return sum(entries)\n");
            until(
                    WITHIN,
                    "an answer citing the added file",
                    () -> source(
                            ask(url, "What does walrus_ledger_total return?"),
                            "cli/src/tinyroute/ledger.py",
                            "walrus_ledger_total"));
            assertThat(get(url + "/api/source?repo=tinyroute&path=cli/src/tinyroute/ledger.py&start=4&end=6").status)
                    .isEqualTo(200);

            // a deletion
            Files.delete(pkg.resolve("ledger.py"));
            until(WITHIN, "the deleted file gone from answers and /api/source", () -> {
                JsonNode answer = ask(url, "What does walrus_ledger_total return?");
                boolean cited = paths(answer).contains("cli/src/tinyroute/ledger.py");
                int status =
                        get(url + "/api/source?repo=tinyroute&path=cli/src/tinyroute/ledger.py&start=4&end=6").status;
                return !cited && status == 404 ? answer : null;
            });

            JsonNode after = until(WITHIN, "the repository fresh again", () -> {
                JsonNode r = get(url + "/api/repos").body.path("repos").get(0);
                return r.path("freshness").path("state").asText().equals("fresh") ? r : null;
            });
            JsonNode f = after.path("freshness");
            assertThat(f.path("checked_at").asText()).isNotEmpty();
            assertThat(f.has("indexed_commit")
                            && f.has("head_commit")
                            && f.has("added_files")
                            && f.has("deleted_files"))
                    .isTrue();
            // every answer says how fresh its sources' repositories are
            assertThat(ask(url, "What does quokka_checksum do?")
                            .path("freshness")
                            .path("tinyroute")
                            .path("state")
                            .asText())
                    .isIn("fresh", "refreshing");

            pageShowsFreshness(url);
            up.terminate(Duration.ofSeconds(30));
        }
    }

    /** The page's repository list shows the freshness fields (a real browser, when there is one). */
    private void pageShowsFreshness(String url) throws IOException {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
            assertThat("1".equals(System.getenv("RAG_REQUIRE_BROWSER")))
                    .as("RAG_REQUIRE_BROWSER=1 but there is no chromium")
                    .isFalse();
            return;
        }
        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile());
        options.addArguments(
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--no-first-run",
                "--user-data-dir=" + Files.createDirectories(tmp.resolve("chromium-profile")));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        ChromeDriver driver = new ChromeDriver(service, options);
        try {
            driver.get(url + "/");
            WebElement f = new WebDriverWait(driver, Duration.ofSeconds(60))
                    .until(ExpectedConditions.presenceOfElementLocated(By.cssSelector(
                            "[data-testid='repo'][data-repo='tinyroute'] [data-testid='repo-freshness']")));
            assertThat(f.getAttribute("data-state")).isEqualTo("fresh");
            assertThat(f.getAttribute("data-changed")).isEqualTo("0");
            assertThat(f.getAttribute("textContent"))
                    .contains("fresh")
                    .contains("watch events")
                    .contains("checked ");
        } finally {
            driver.quit();
        }
    }

    private record Response(int status, JsonNode body) {}

    private Response get(String url) {
        try {
            HttpResponse<String> r =
                    http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
            return new Response(r.statusCode(), json.readTree(r.body()));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private JsonNode ask(String url, String question) {
        try {
            HttpResponse<String> r = http.send(
                    HttpRequest.newBuilder(URI.create(url + "/api/chat"))
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(
                                    json.writeValueAsString(Map.of("query", question, "repo", "tinyroute"))))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            return json.readTree(r.body());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static List<String> paths(JsonNode answer) {
        List<String> out = new ArrayList<>();
        answer.path("sources").forEach(s -> out.add(s.path("path").asText()));
        return out;
    }

    /** The source of {@code answer} in {@code path} whose symbol names {@code symbol}, or null. */
    private static JsonNode source(JsonNode answer, String path, String symbol) {
        for (JsonNode s : answer.path("sources")) {
            if (s.path("path").asText().equals(path)
                    && s.path("symbol").asText().contains(symbol)) {
                return s;
            }
        }
        return null;
    }

    /** Polls {@code probe} until it gives a value, failing after {@code within}. */
    private static JsonNode until(Duration within, String what, Supplier<JsonNode> probe) {
        long deadline = System.nanoTime() + within.toNanos();
        JsonNode last = null;
        while (System.nanoTime() - deadline < 0) {
            last = probe.get();
            if (last != null) {
                return last;
            }
            LockSupport.parkNanos(50_000_000); // pacing between polls, not a wait for the change
        }
        throw new AssertionError("no " + what + " within " + within);
    }
}
