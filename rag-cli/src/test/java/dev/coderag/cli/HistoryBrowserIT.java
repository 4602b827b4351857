package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.coderag.retrieval.SharedModel;
import dev.coderag.store.Store;
import java.io.File;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The history in a real browser (Debian's headless Chromium, as {@link BrowserIT}): {@code ./rag serve} over a store
 * holding a real repository's commits ({@link HistoryDemo}), a commit opened in the viewer with its diff highlighted,
 * the viewer's "last changed in" line over cited lines (and the commit it opens), and a hostile commit whose HTML
 * and control characters stay text. Screenshots go to rag-cli/target/screenshots/history-*.png.
 */
class HistoryBrowserIT {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Path SHOTS = Proc.ROOT.resolve("rag-cli/target/screenshots");
    private static final Duration T = Duration.ofMinutes(3);

    @TempDir
    static Path tmp;

    static HistoryDemo demo;
    static Proc server;
    static String url;
    static ChromeDriver driver;
    static WebDriverWait wait;

    @BeforeAll
    static void a_store_with_history_a_server_and_a_browser() throws IOException {
        boolean present = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
        boolean required = "1".equals(System.getenv("RAG_REQUIRE_BROWSER"));
        assumeThat(present || required)
                .as("no /usr/bin/chromium + /usr/bin/chromedriver (apt-get install chromium chromium-driver)")
                .isTrue();
        assertThat(present)
                .as("RAG_REQUIRE_BROWSER=1 but chromium or chromedriver is missing")
                .isTrue();

        Path db = tmp.resolve("store");
        try (Store store = Store.open(
                db, SharedModel.embedder().modelId(), SharedModel.embedder().dimension())) {
            demo = HistoryDemo.build(tmp, store, SharedModel.embedder());
        }
        server = Proc.rag(tmp, Map.of("RAG_DB", db.toString(), "RAG_PORT", "0"), "serve");
        url = server.awaitUrl(T);

        Files.createDirectories(SHOTS);
        System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile());
        options.setCapability("goog:loggingPrefs", Map.of("browser", "ALL"));
        options.addArguments(
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--window-size=1400,900",
                "--user-data-dir=" + Files.createDirectories(tmp.resolve("chromium-profile")));
        driver = new ChromeDriver(
                new ChromeDriverService.Builder()
                        .usingDriverExecutable(CHROMEDRIVER.toFile())
                        .usingAnyFreePort()
                        .build(),
                options);
        wait = new WebDriverWait(driver, Duration.ofSeconds(60));
        wait.ignoring(StaleElementReferenceException.class);
    }

    @AfterAll
    static void stop() {
        if (driver != null) {
            driver.quit();
        }
        if (server != null) {
            server.terminate(Duration.ofSeconds(30));
        }
    }

    /** The page runs under its Content-Security-Policy: nothing the history views do may be blocked. */
    @AfterEach
    void no_policy_violation_and_no_script_ran() {
        List<String> violations = driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .map(LogEntry::getMessage)
                .filter(m -> m.contains("Content Security Policy") || m.contains("Refused to"))
                .toList();
        assertThat(violations).isEmpty();
        try {
            String text = driver.switchTo().alert().getText();
            throw new AssertionError("a script ran and opened an alert: " + text);
        } catch (NoAlertPresentException expected) {
            // commit text stayed text
        }
    }

    @Test
    void a_commit_opens_in_the_viewer_with_its_message_and_highlighted_diff() throws IOException {
        driver.get(
                url + "/?repo=" + HistoryDemo.REPO + "&sha=" + demo.retry().sha() + "&path=" + enc("src/Parser.java"));
        WebElement view = wait.until(ExpectedConditions.visibilityOfElementLocated(testid("commit-view")));
        wait.until(d -> !view.findElements(By.cssSelector(".code.diff[data-highlighted='diff']"))
                .isEmpty());

        assertThat(view.findElement(testid("commit-sha")).getText())
                .isEqualTo(demo.retry().sha().substring(0, 7));
        assertThat(view.findElement(testid("commit-author")).getText()).isEqualTo("Grace");
        assertThat(view.findElement(testid("commit-date")).getText()).isEqualTo("2024-02-05");
        assertThat(view.findElement(testid("commit-subject")).getText()).isEqualTo("Raise the retry limit to 5");
        assertThat(view.findElement(testid("commit-body")).getText()).contains("Flaky networks");
        assertThat(view.findElements(testid("diff-line")))
                .extracting(WebElement::getText)
                .contains("-    static final int MAX_RETRIES = 3;", "+    static final int MAX_RETRIES = 5;");
        // highlight.js's diff grammar marked the added and deleted lines
        assertThat(view.findElements(By.cssSelector(".line.add .hljs-addition")))
                .isNotEmpty();
        assertThat(view.findElements(By.cssSelector(".line.del .hljs-deletion")))
                .isNotEmpty();
        shot("history-01-commit-source");
    }

    @Test
    void the_viewer_shows_who_last_changed_the_cited_lines_and_opens_that_commit() throws IOException {
        driver.get(url + "/?repo=" + HistoryDemo.REPO + "&path=" + enc(HistoryDemo.FILE) + "&start="
                + HistoryDemo.RETRY_LINE + "&end=" + HistoryDemo.RETRY_LINE + "#L" + HistoryDemo.RETRY_LINE);
        WebElement line = wait.until(
                ExpectedConditions.visibilityOfElementLocated(By.cssSelector("[data-testid='last-change'][data-sha]")));

        assertThat(line.getText())
                .isEqualTo("Last changed in " + demo.retry().sha().substring(0, 7)
                        + " by Grace on 2024-02-05 — Raise the retry limit to 5");
        shot("history-02-last-change");

        line.findElement(testid("last-change-commit")).click();
        WebElement view = wait.until(ExpectedConditions.visibilityOfElementLocated(testid("commit-view")));
        assertThat(view.getDomAttribute("data-sha")).isEqualTo(demo.retry().sha());
        shot("history-03-last-change-opened");
    }

    @Test
    void a_hostile_commit_renders_its_html_and_control_characters_as_text() throws IOException {
        driver.get(url + "/?repo=" + HistoryDemo.REPO + "&sha=" + demo.hostile().sha());
        WebElement view = wait.until(ExpectedConditions.visibilityOfElementLocated(testid("commit-view")));

        String subject = view.findElement(testid("commit-subject")).getText();
        assertThat(subject)
                .startsWith("<img src=x onerror=alert(1)>")
                .contains("\u241b[31mred")
                .contains("\u2407bell")
                .doesNotContain("\u001b");
        assertThat(view.findElement(testid("commit-body")).getText()).isEqualTo("<script>alert(2)</script>");
        assertThat(view.findElements(By.tagName("img"))).isEmpty();
        assertThat(view.findElements(By.tagName("script"))).isEmpty();
        assertThat(view.findElements(testid("diff-line")))
                .extracting(WebElement::getText)
                .contains("+    // <b>bold</b> & folded lines");
        assertThat(view.findElements(By.tagName("b"))).isEmpty();
        shot("history-04-hostile-commit");
    }

    @Test
    void a_history_answer_on_the_page_cites_the_commit_as_its_first_source() throws IOException {
        driver.get(url + "/");
        WebElement input = wait.until(ExpectedConditions.visibilityOfElementLocated(testid("question-input")));
        input.sendKeys("When was `parseHeader` added?");
        driver.findElement(testid("send-button")).click();
        WebElement answer = wait.until(ExpectedConditions.visibilityOfElementLocated(
                By.cssSelector("[data-testid=assistant-message][data-state=done]")));

        answer.findElement(By.cssSelector("[data-testid=sources] > summary")).click(); // open the source list
        WebElement first = answer.findElements(testid("source")).getFirst();
        wait.until(ExpectedConditions.visibilityOf(first));
        assertThat(first.findElement(testid("source-commit")).getText())
                .contains(demo.added().sha().substring(0, 7))
                .contains("2024-01-10")
                .contains("Ada");
        assertThat(answer.getText()).contains("[1]");
        shot("history-05-answer-commit-source");
    }

    private static By testid(String id) {
        return By.cssSelector("[data-testid='" + id + "']");
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static void shot(String name) throws IOException {
        File png = driver.getScreenshotAs(OutputType.FILE);
        Files.copy(png.toPath(), SHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }
}
