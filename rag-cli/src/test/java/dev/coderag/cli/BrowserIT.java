package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
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
 * The web chat in a real browser: Debian's headless Chromium driven through its chromedriver (nothing is
 * downloaded), against {@code ./rag serve} over the fixture repository. Each step leaves a screenshot in
 * rag-cli/target/screenshots/ for a human to look at.
 */
class BrowserIT {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Path SHOTS = Proc.ROOT.resolve("rag-cli/target/screenshots");
    private static final Duration T = Duration.ofMinutes(3);

    @TempDir
    static Path tmp;

    static Proc server;
    static String url;
    static ChromeDriver driver;
    static WebDriverWait wait;

    @BeforeAll
    static void start_server_and_browser() throws IOException {
        boolean present = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
        boolean required = "1".equals(System.getenv("RAG_REQUIRE_BROWSER"));
        assumeThat(present || required)
                .as("no /usr/bin/chromium + /usr/bin/chromedriver (apt-get install chromium chromium-driver)")
                .isTrue();
        assertThat(present)
                .as("RAG_REQUIRE_BROWSER=1 but /usr/bin/chromium or /usr/bin/chromedriver is missing")
                .isTrue();

        // A copy of the shared fixture store: adding a repository from the page writes to it.
        Path db = Proc.copyTree(Proc.sharedStore().db(), tmp.resolve("store"));
        // the page adds a repository from tmp: outside the default root (the home directory), so allow it
        // file:// clones (a local bare repository stands in for a remote in the lifecycle test)
        server = Proc.rag(
                tmp,
                Map.of(
                        "RAG_DB",
                        db.toString(),
                        "RAG_PORT",
                        "0",
                        "RAG_ALLOW_PATHS",
                        tmp.toString(),
                        "RAG_ALLOW_GIT_PROTOCOLS",
                        "file"),
                "serve");
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
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        driver = new ChromeDriver(service, options);
        wait = waiting(Duration.ofSeconds(60));
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

    @BeforeEach
    void open_the_page() {
        driver.get(url + "/");
        wait.until(ExpectedConditions.visibilityOfElementLocated(testid("question-input")));
    }

    /** The page runs under its Content-Security-Policy (no inline script or style): nothing may be blocked. */
    @AfterEach
    void the_browser_reported_no_policy_violation() {
        List<String> violations = driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .map(LogEntry::getMessage)
                .filter(m -> m.contains("Content Security Policy") || m.contains("Refused to"))
                .toList();
        assertThat(violations).isEmpty();
    }

    @Test
    void a_question_gets_an_answer_with_its_sources() throws IOException {
        shot("01-page");

        WebElement answer = ask("How does the TTL cache evict expired entries?");

        assertThat(answer.findElement(testid("answer")).getText()).contains("[1]");
        WebElement sources = answer.findElement(testid("sources"));
        sources.findElement(By.tagName("summary")).click();
        List<WebElement> items = sources.findElements(testid("source"));
        assertThat(items).isNotEmpty();
        assertThat(items.getFirst().getText()).contains("cache/src/ttl_cache.rs");
        shot("02-answer-and-sources");
    }

    @Test
    void citation_1_opens_the_code_viewer_with_the_cited_lines_highlighted() throws IOException {
        WebElement answer = ask("How are HTTP headers parsed?");
        WebElement citation = answer.findElement(By.cssSelector("[data-testid=citation][data-n='1']"));
        String cited = citation.getAttribute("title"); // path:start-end

        citation.click();

        WebElement view = wait.until(ExpectedConditions.visibilityOfElementLocated(testid("code-view")));
        int start = Integer.parseInt(view.getAttribute("data-start"));
        int end = Integer.parseInt(view.getAttribute("data-end"));
        assertThat(cited).isEqualTo(view.getAttribute("data-path") + ":" + start + "-" + end);
        List<WebElement> highlighted = view.findElements(testid("highlighted-line"));
        assertThat(highlighted).hasSize(end - start + 1);
        assertThat(highlighted.getFirst().getAttribute("data-line")).isEqualTo(Integer.toString(start));
        assertThat(highlighted.getFirst().isDisplayed()).isTrue();
        assertThat(view.findElements(testid("code-line"))).isNotEmpty();
        shot("03-code-viewer");

        // the close button (a handler in app.js, not inline) closes the viewer
        driver.findElement(By.cssSelector("#code-viewer .viewer-close")).click();
        wait.until(ExpectedConditions.not(ExpectedConditions.attributeContains(By.id("code-viewer"), "class", "open")));
    }

    @Test
    void an_added_repository_goes_to_ready() throws IOException {
        Path second = Files.createDirectories(tmp.resolve("notes-repo"));
        Files.writeString(second.resolve("README.md"), "# Notes\n\nThe deploy checklist lives here.\n");
        Files.writeString(
                second.resolve("deploy.py"),
                "def deploy(env):\n    \"\"\"Deploys the service to env after the smoke test.\"\"\"\n    return env\n");

        driver.findElement(testid("repo-source")).sendKeys(second.toString());
        driver.findElement(testid("repo-name")).sendKeys("notes");
        driver.findElement(testid("add-repo-button")).click();
        By status = By.cssSelector("[data-testid=repo][data-repo=notes] [data-testid=repo-status]");
        wait.until(ExpectedConditions.presenceOfElementLocated(status));
        // a successful add clears the form (app.js, after htmx's request)
        wait.until(ExpectedConditions.attributeToBe(testid("repo-source"), "value", ""));
        shot("04-repo-added");

        waiting(T).until(ExpectedConditions.attributeToBe(status, "data-status", "ready"));
        assertThat(driver.findElement(status).getText()).isEqualToIgnoringCase("ready");
        shot("05-repo-ready");
    }

    @Test
    void a_branch_is_added_its_skipped_files_shown_then_reindexed_and_removed_from_the_page() throws IOException {
        Path work = TestGit.init(tmp.resolve("branchy-work"));
        TestGit.write(work, "main.py", "def on_main():\n    return 0\n");
        TestGit.commitAll(work, "main");
        String main = TestGit.git(work, "rev-parse", "--abbrev-ref", "HEAD").strip();
        TestGit.git(work, "checkout", "-q", "-b", "release");
        TestGit.write(work, "release.py", "def release_train():\n    return 'choo'\n");
        TestGit.write(work, "diagram.svgz", "not indexed\n");
        TestGit.commitAll(work, "release");
        TestGit.git(work, "checkout", "-q", main);
        Path bare = tmp.resolve("branchy.git");
        TestGit.git(tmp, "clone", "--bare", "-q", work.toString(), bare.toString());

        driver.findElement(testid("repo-source")).sendKeys(bare.toUri().toString());
        driver.findElement(testid("repo-name")).sendKeys("branchy");
        driver.findElement(testid("repo-branch-input")).sendKeys("release");
        driver.findElement(testid("add-repo-button")).click();
        String item = "[data-testid=repo][data-repo=branchy] ";
        By status = By.cssSelector(item + "[data-testid=repo-status]");
        waiting(T).until(ExpectedConditions.attributeToBe(status, "data-status", "ready"));
        assertThat(driver.findElement(By.cssSelector(item + "[data-testid=repo-branch]"))
                        .getText())
                .isEqualTo("branch release");
        String firstMeta =
                driver.findElement(By.cssSelector(item + ".repo-meta")).getText();

        driver.findElement(By.cssSelector(item + "[data-testid=repo-skipped] summary"))
                .click();
        WebElement skipped = wait.until(ExpectedConditions.visibilityOfElementLocated(
                By.cssSelector(item + "[data-testid=skipped-file][data-reason=unsupported]")));
        assertThat(skipped.getText()).contains("diagram.svgz");
        shot("07-repo-branch-and-skipped");

        // a new commit on the branch, then the Re-index button: the new commit is indexed from the same branch
        TestGit.git(work, "checkout", "-q", "release");
        TestGit.write(work, "later.py", "def added_later():\n    return 1\n");
        String later = TestGit.commitAll(work, "later");
        TestGit.git(work, "push", "-q", bare.toString(), "release");
        driver.findElement(By.cssSelector(item + "[data-testid=repo-reindex]")).click();
        waiting(T).until(d -> d.findElement(By.cssSelector(item + ".repo-meta"))
                .getText()
                .contains(later.substring(0, 10)));
        waiting(T).until(ExpectedConditions.attributeToBe(status, "data-status", "ready"));
        assertThat(driver.findElement(By.cssSelector(item + ".repo-meta")).getText())
                .isNotEqualTo(firstMeta)
                .contains("3 files");
        assertThat(driver.findElement(By.cssSelector(item + "[data-testid=repo-branch]"))
                        .getText())
                .isEqualTo("branch release");

        // Remove asks first; dismissing keeps the repository, accepting removes it
        driver.findElement(By.cssSelector(item + "[data-testid=repo-remove]")).click();
        wait.until(ExpectedConditions.alertIsPresent()).dismiss();
        assertThat(driver.findElements(By.cssSelector(item))).hasSize(1);
        driver.findElement(By.cssSelector(item + "[data-testid=repo-remove]")).click();
        wait.until(ExpectedConditions.alertIsPresent()).accept();
        waiting(T).until(ExpectedConditions.numberOfElementsToBe(By.cssSelector(item), 0));
        assertThat(Files.exists(work.resolve("main.py"))).isTrue();
        shot("08-repo-removed");
    }

    @Test
    void markup_in_questions_and_in_code_shows_as_text() throws IOException {
        String question = "<img src=x onerror=alert(1)> What does escapeHtml do with <script>alert(1)</script>?";

        WebElement answer = ask(question);

        List<WebElement> asked = driver.findElements(testid("user-message"));
        assertThat(asked.getLast().getText()).isEqualTo(question);
        assertThat(driver.findElements(By.cssSelector("#messages img, #messages script")))
                .isEmpty();
        WebElement citation = answer.findElement(By.cssSelector("[data-testid=citation][data-n='1']"));
        citation.click();
        WebElement view = wait.until(ExpectedConditions.visibilityOfElementLocated(testid("code-view")));
        assertThat(view.getAttribute("data-path")).isEqualTo("web/src/format.js");
        assertThat(view.getText()).contains("<script>alert(1)</script>");
        assertThat(driver.findElements(By.cssSelector("#code-viewer script"))).isEmpty();
        assertNoAlert();
        shot("06-markup-as-text");
    }

    /** Types a question, sends it and waits for the finished answer (the newest assistant message). */
    private static WebElement ask(String question) {
        int before = driver.findElements(By.cssSelector("[data-testid=assistant-message][data-state=done]"))
                .size();
        WebElement input = driver.findElement(testid("question-input"));
        input.sendKeys(question);
        driver.findElement(testid("send-button")).click();
        wait.until(ExpectedConditions.numberOfElementsToBe(
                By.cssSelector("[data-testid=assistant-message][data-state=done]"), before + 1));
        assertThat(driver.findElement(testid("question-input")).getDomProperty("value"))
                .isEmpty();
        assertNoAlert();
        return driver.findElements(By.cssSelector("[data-testid=assistant-message][data-state=done]"))
                .getLast();
    }

    private static void assertNoAlert() {
        try {
            String text = driver.switchTo().alert().getText();
            throw new AssertionError("a script ran and opened an alert: " + text);
        } catch (NoAlertPresentException expected) {
            // untrusted text stayed text
        }
    }

    /** htmx swaps whole fragments (the repo list re-renders every second while indexing): re-find, don't fail. */
    private static WebDriverWait waiting(Duration timeout) {
        WebDriverWait w = new WebDriverWait(driver, timeout);
        w.ignoring(StaleElementReferenceException.class);
        return w;
    }

    private static By testid(String id) {
        return By.cssSelector("[data-testid='" + id + "']");
    }

    private static void shot(String name) throws IOException {
        File png = driver.getScreenshotAs(OutputType.FILE);
        Files.copy(png.toPath(), SHOTS.resolve(name + ".png"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
}
