package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.coderag.chat.web.WebUi;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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
        shot("13-repo-branch-and-skipped");

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
        shot("14-repo-removed");
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

    // --- the code viewer (issue 18): highlighting, whole file, symbol links, the trace ---------------------------

    private static final String HEADER_PARSER = "router/src/main/java/dev/tinyroute/http/HeaderParser.java";

    /** The page opened on some lines of a file, as an MCP result links to it; waits for the highlighter. */
    private static WebElement openViewer(String repo, String path, int start, int end) {
        driver.get(url + "/" + WebUi.viewerLink(repo, path, start, end));
        WebElement view = wait.until(ExpectedConditions.visibilityOfElementLocated(testid("code-view")));
        wait.until(
                d -> d.findElement(By.cssSelector("#code-viewer .code")).getDomAttribute("data-highlighted") != null);
        return view;
    }

    private static String color(WebElement e) {
        return e.getCssValue("color");
    }

    @Test
    void the_viewer_highlights_syntax_under_the_csp_in_light_and_dark() throws IOException {
        WebElement view = openViewer("tinyroute", HEADER_PARSER, 34, 48);
        WebElement code = view.findElement(By.cssSelector(".code"));
        assertThat(code.getDomAttribute("data-highlighted")).isEqualTo("java");
        assertThat(code.getDomAttribute("data-lang")).isEqualTo("java");
        List<WebElement> keywords = code.findElements(By.cssSelector(".src .hljs-keyword"));
        assertThat(keywords).isNotEmpty();
        assertThat(code.findElements(By.cssSelector(".src .hljs-comment"))).isNotEmpty();
        assertThat(code.findElements(By.cssSelector(".src .hljs-string"))).isNotEmpty();
        // a keyword is coloured unlike plain code text
        WebElement plain = code.findElement(By.cssSelector("[data-line='34'] .src"));
        assertThat(color(keywords.getFirst())).isNotEqualTo(color(plain));
        // across lines: the middle of a multi-line Javadoc is a comment, though no line of it opens one
        WebElement middle = code.findElements(By.cssSelector(".line")).stream()
                .filter(l ->
                        l.findElement(By.cssSelector(".src")).getText().strip().startsWith("* "))
                .findFirst()
                .orElseThrow();
        assertThat(middle.findElements(By.cssSelector(".hljs-comment"))).isNotEmpty();
        // the cited lines and the test ids survive the highlighting
        assertThat(view.findElements(testid("highlighted-line"))).hasSize(48 - 34 + 1);
        assertThat(view.findElement(By.id("L34")).getText()).contains("public Header parseHeader(String line)");
        assertThat(policyViolations()).isEmpty();
        Path light = shot("07-viewer-highlighted-light");
        WebElement viewer = driver.findElement(By.id("code-viewer"));
        String lightBackground = viewer.getCssValue("background-color");

        // the reader's colour scheme: dark code, other colours, still highlighted
        driver.executeCdpCommand(
                "Emulation.setEmulatedMedia",
                Map.of("features", List.of(Map.of("name", "prefers-color-scheme", "value", "dark"))));
        try {
            assertThat(color(keywords.getFirst())).isNotEqualTo(color(plain));
            assertThat(viewer.getCssValue("background-color")).isNotEqualTo(lightBackground);
            Path dark = shot("08-viewer-highlighted-dark");
            System.out.println("BrowserIT screenshots of the highlighted viewer: " + light + " and " + dark);
        } finally {
            driver.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("features", List.of()));
        }
        assertThat(policyViolations()).isEmpty();
    }

    @Test
    void hostile_code_is_highlighted_as_text() throws IOException {
        WebElement view = openViewer("tinyroute", "web/src/format.js", 20, 33);
        assertThat(view.findElement(By.cssSelector(".code")).getDomAttribute("data-highlighted"))
                .isEqualTo("javascript");
        assertThat(view.getText()).contains("<script>alert(1)</script>");
        // only the highlighter's spans and the symbol links (anchors) are inside the code
        assertThat(driver.findElements(By.cssSelector("#code-viewer .src *:not(span):not(a)")))
                .isEmpty();
        assertThat(driver.findElements(By.cssSelector("#code-viewer script, #code-viewer img")))
                .isEmpty();
        assertNoAlert();
    }

    @Test
    void the_whole_file_control_shows_lines_outside_the_cited_range_and_a_window_is_highlighted_from_its_lead_in()
            throws IOException {
        String repo = longRepo();
        WebElement view = openViewer(repo, "src/Long.java", 400, 402);
        // the window opens inside a block comment that starts before it (line 150): still a comment
        assertThat(view.findElements(By.id("L1"))).isEmpty();
        WebElement insideComment = view.findElement(By.cssSelector("[data-line='210'] .src"));
        assertThat(insideComment.findElements(By.cssSelector(".hljs-comment"))).isNotEmpty();
        assertThat(insideComment.findElements(By.cssSelector(".hljs-keyword"))).isEmpty();
        assertThat(view.findElements(By.cssSelector("[data-line='400'] .hljs-keyword")))
                .isNotEmpty();

        view.findElement(testid("whole-file")).click();

        wait.until(ExpectedConditions.attributeToBe(testid("code-view"), "data-whole", "true"));
        WebElement whole = driver.findElement(testid("code-view"));
        assertThat(whole.findElement(By.id("L1")).getText()).contains("package demo;");
        assertThat(whole.findElement(By.id("L700")).getText()).contains("}");
        List<WebElement> cited = whole.findElements(testid("highlighted-line"));
        assertThat(cited).extracting(e -> e.getDomAttribute("data-line")).containsExactly("400", "401", "402");
        assertThat(whole.findElements(testid("whole-file"))).isEmpty();
        wait.until(
                d -> d.findElement(By.cssSelector("#code-viewer .code")).getDomAttribute("data-highlighted") != null);
        shot("09-viewer-whole-file");
    }

    @Test
    void a_symbol_link_opens_its_definition() throws IOException {
        openViewer("tinyroute", HEADER_PARSER, 34, 48);
        By link = By.cssSelector("#code-viewer [data-testid=symbol-link][data-symbol=HeaderParseException]");
        WebElement exception = wait.until(ExpectedConditions.elementToBeClickable(link));
        assertThat(exception.getText()).isEqualTo("HeaderParseException");
        shot("10-viewer-symbol-links");

        exception.click();

        By definition = By.cssSelector("[data-testid=code-view][data-path$='HeaderParseException.java']");
        WebElement view = wait.until(ExpectedConditions.visibilityOfElementLocated(definition));
        assertThat(view.getDomAttribute("data-start")).isEqualTo("4");
        assertThat(view.getDomAttribute("data-end")).isEqualTo("8");
        assertThat(view.findElement(By.id("L4")).getText()).contains("class HeaderParseException");
        wait.until(d -> "java"
                .equals(d.findElement(By.cssSelector("#code-viewer .code")).getDomAttribute("data-highlighted")));
        shot("11-viewer-definition");
    }

    @Test
    void a_name_defined_twice_opens_the_definition_the_compiler_bound_at_the_call_site() throws IOException {
        // plan is defined twice (Reconciler.plan, Scheduler.plan); Planner calls Reconciler's: the link opens it
        Path src = Files.createDirectories(tmp.resolve("plans/src/main/java/app"));
        Files.writeString(
                src.resolve("Reconciler.java"),
                "package app;\n\npublic final class Reconciler {\n    static int plan(int n) {\n"
                        + "        return n + 1;\n    }\n}\n");
        Files.writeString(
                src.resolve("Scheduler.java"),
                "package app;\n\npublic final class Scheduler {\n    int plan() {\n        return 2;\n    }\n}\n");
        Files.writeString(
                src.resolve("Planner.java"),
                "package app;\n\npublic final class Planner {\n    int run() {\n"
                        + "        return Reconciler.plan(3);\n    }\n}\n");
        driver.get(url);
        driver.findElement(testid("repo-source")).sendKeys(tmp.resolve("plans").toString());
        driver.findElement(testid("repo-name")).sendKeys("plans");
        driver.findElement(testid("add-repo-button")).click();
        By status = By.cssSelector("[data-testid=repo][data-repo=plans] [data-testid=repo-status]");
        waiting(T).until(ExpectedConditions.attributeToBe(status, "data-status", "ready"));

        openViewer("plans", "src/main/java/app/Planner.java", 4, 6);
        By link = By.cssSelector("#code-viewer [data-testid=symbol-link][data-symbol=plan]");
        WebElement plan = wait.until(ExpectedConditions.elementToBeClickable(link));
        assertThat(plan.getDomAttribute("class")).doesNotContain("ambiguous");
        shot("15-viewer-bound-call-site");

        plan.click();

        By definition = By.cssSelector("[data-testid=code-view][data-path$='Reconciler.java']");
        WebElement view = wait.until(ExpectedConditions.visibilityOfElementLocated(definition));
        assertThat(view.getDomAttribute("data-start")).isEqualTo("4");
        assertThat(view.findElement(By.id("L4")).getText()).contains("static int plan(int n)");
        shot("16-viewer-bound-definition");
    }

    @Test
    void the_trace_panel_opens_and_shows_the_intent() throws IOException {
        WebElement answer = ask("where is parseHeader implemented?");
        String intent = answer.findElement(testid("intent")).getDomAttribute("data-intent");
        WebElement panel = answer.findElement(testid("trace-panel"));
        assertThat(panel.findElement(testid("trace-intent")).isDisplayed()).isFalse();

        panel.findElement(By.tagName("summary")).click();

        WebElement shown = wait.until(ExpectedConditions.visibilityOf(panel.findElement(testid("trace-intent"))));
        assertThat(shown.getDomAttribute("data-intent")).isEqualTo(intent);
        assertThat(shown.getText()).startsWith(intent).contains("confidence");
        assertThat(panel.getText()).contains("hits per table", "answer style");
        assertThat(panel.findElements(testid("trace-source"))).isNotEmpty();
        driver.executeScript("arguments[0].scrollIntoView({block: 'end'})", panel);
        shot("12-trace-panel");
    }

    /**
     * A repository with a 700-line Java file (a block comment over lines 150–230, a method at 400–402), added
     * through the API once and indexed; its name.
     */
    private static synchronized String longRepo() throws IOException {
        String name = "viewer-demo";
        if (!longRepoReady) {
            Path dir = Files.createDirectories(tmp.resolve(name).resolve("src"));
            StringBuilder text = new StringBuilder();
            for (int n = 1; n <= 700; n++) {
                text.append(
                                switch (n) {
                                    case 1 -> "package demo;";
                                    case 2 -> "public class Long {";
                                    case 150 -> "    /* a block comment that opens before the viewer's window";
                                    case 230 -> "     */";
                                    case 400 -> "    static int helper() {";
                                    case 401 -> "        return 42;";
                                    case 402 -> "    }";
                                    case 700 -> "}";
                                    default ->
                                        n > 150 && n < 230
                                                ? "       still the comment, line " + n + ": if (x) return \"y\";"
                                                : "    int field" + n + " = " + n + ";";
                                })
                        .append('\n');
            }
            Files.writeString(dir.resolve("Long.java"), text);
            HttpClient client = HttpClient.newHttpClient();
            String body =
                    "{\"path\": " + WebUi.jsonString(dir.getParent().toString()) + ", \"name\": \"" + name + "\"}";
            HttpResponse<String> added = send(
                    client,
                    HttpRequest.newBuilder(URI.create(url + "/api/repos"))
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(body)));
            assertThat(added.statusCode()).as(added.body()).isBetween(200, 202);
            waiting(T).until(d -> send(
                            client,
                            HttpRequest.newBuilder(URI.create(url + "/api/repos/" + name))
                                    .GET())
                    .body()
                    .contains("\"status\":\"ready\""));
            longRepoReady = true;
        }
        return name;
    }

    private static boolean longRepoReady;

    private static HttpResponse<String> send(HttpClient client, HttpRequest.Builder request) {
        try {
            return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** CSP violations Chromium logged since the last look (reading the log empties it). */
    private static List<String> policyViolations() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .map(LogEntry::getMessage)
                .filter(m -> m.contains("Content Security Policy") || m.contains("Refused to"))
                .toList();
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

    private static Path shot(String name) throws IOException {
        File png = driver.getScreenshotAs(OutputType.FILE);
        Path to = SHOTS.resolve(name + ".png");
        Files.copy(png.toPath(), to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return to;
    }
}
