package dev.coderag.chat.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.chat.ChatInfo;
import dev.coderag.chat.IntentInfo;
import dev.coderag.chat.Source;
import dev.coderag.chat.answer.LlmProvider;
import dev.coderag.chat.repos.IndexPhase;
import dev.coderag.chat.repos.RepoState;
import dev.coderag.chat.repos.RepoStatus;
import dev.coderag.chat.repos.SourceView;
import dev.coderag.store.SkippedFile;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Rendering of the page and fragments, without a server: ids, test ids and escaping. */
class WebUiTest {
    private static final Source SRC = new Source(
            1,
            "code",
            "demo",
            "src/<evil>\".py",
            10,
            12,
            "f<script>",
            "python",
            0.81,
            81,
            true,
            0.5,
            List.of("vector", "pin"));

    @Test
    void the_page_has_the_elements_browser_tests_look_for() {
        String html = WebUi.page(new WebUi.PageModel(
                "1.0",
                "BAAI/bge-small-en-v1.5",
                LlmProvider.NONE,
                List.of(),
                Optional.empty(),
                List.of(),
                List.of(new ChatInfo("c1", null, "2026-11-24T10:00:00Z", 2, "<script>alert(1)</script> how?")),
                "tok",
                Optional.empty()));
        assertThat(html).startsWith("<!DOCTYPE html>");
        assertThat(html)
                .contains(
                        "data-testid=\"question-input\"",
                        "data-testid=\"send-button\"",
                        "data-testid=\"add-repo-form\"",
                        "data-testid=\"repo-list\"",
                        "data-testid=\"code-viewer\"",
                        "data-testid=\"chat-list\"",
                        "href=\"/?chat=c1\"",
                        "&lt;script&gt;alert(1)&lt;/script&gt; how?",
                        "data-testid=\"messages\"",
                        "data-testid=\"example-question\"");
        assertThat(html).contains(WebUi.HTMX).contains(WebUi.APP_JS);
        assertThat(html).doesNotContain("src=\"http").doesNotContain("href=\"http"); // no CDN
    }

    @Test
    void an_answer_escapes_everything_untrusted_and_links_citations_to_the_viewer() {
        String html = WebUi.assistantMessage(
                "t1",
                "Found <script>alert(1)</script> in `x<y>` [1].",
                List.of(SRC),
                new IntentInfo("implementation", 0.9),
                List.of("LLM <failed>"),
                Optional.of(LlmProvider.NONE));
        assertThat(html).doesNotContain("<script").doesNotContain("<evil>").doesNotContain("<failed>");
        assertThat(html).contains("&lt;script&gt;alert(1)&lt;/script&gt;");
        assertThat(html).contains("data-testid=\"citation\"").contains("data-n=\"1\"");
        assertThat(html)
                .contains("hx-get=\"/ui/source?repo=demo&amp;path=src%2F%3Cevil%3E%22.py&amp;start=10&amp;end=12\"");
        assertThat(html)
                .contains("data-testid=\"sources-list\"")
                .contains("81%")
                .contains("data-intent=\"implementation\"");
        assertThat(html).contains("data-testid=\"warning\"");
    }

    @Test
    void the_code_viewer_numbers_lines_and_highlights_the_cited_range_escaping_code() {
        SourceView v = new SourceView(
                "demo",
                "a.py",
                "python",
                9,
                12,
                40,
                false,
                List.of(
                        new SourceView.Line(9, "# <script>alert('x')</script>"),
                        new SourceView.Line(10, "def f():"),
                        new SourceView.Line(11, "    return 1"),
                        new SourceView.Line(12, "")));
        String html = WebUi.codeView(v, 10, 11);
        assertThat(html)
                .contains("&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;")
                .doesNotContain("<script>");
        assertThat(html.split("data-testid=\"highlighted-line\"", -1)).hasSize(3);
        assertThat(html).contains("id=\"L10\"").contains("lines 10–11");
    }

    @Test
    void repo_list_polls_only_while_something_is_indexing() {
        RepoStatus ready = new RepoStatus("a", RepoState.READY, "/x", "", null, null, null, Map.of("code", 3), 1, "");
        RepoStatus busy = new RepoStatus(
                "b",
                RepoState.INDEXING,
                "/y",
                "",
                null,
                new RepoStatus.Progress(IndexPhase.EMBED, 1, 2, 5, 10, 60),
                null,
                Map.of("code", 0),
                0,
                "");
        assertThat(WebUi.repoList(List.of(ready)).render()).doesNotContain("every 1s");
        String polling = WebUi.repoList(List.of(ready, busy)).render();
        assertThat(polling)
                .contains("hx-trigger=\"every 1s\"")
                .contains("data-status=\"indexing\"")
                .contains("60%");
    }

    @Test
    void a_stored_repo_shows_its_branch_and_offers_reindex_remove_and_skipped_files_but_a_busy_one_does_not() {
        RepoStatus ready = new RepoStatus(
                "web<b>",
                RepoState.READY,
                "https://x/web.git",
                "abc",
                "2026-01-01T00:00:00Z",
                null,
                null,
                Map.of("code", 3),
                1,
                "release/<2>");
        String html = WebUi.repoList(List.of(ready)).render();
        assertThat(html)
                .contains("branch release/&lt;2&gt;")
                .contains("hx-post=\"/ui/repos/web%3Cb%3E/reindex\"")
                .contains("hx-delete=\"/ui/repos/web%3Cb%3E\"")
                .contains("hx-get=\"/ui/repos/web%3Cb%3E/skipped\"")
                .contains("hx-confirm=\"Remove web&lt;b&gt; from the index?")
                .doesNotContain("<b>");
        RepoStatus busy = new RepoStatus(
                "b",
                RepoState.INDEXING,
                "/y",
                "",
                null,
                new RepoStatus.Progress(IndexPhase.EMBED, 1, 2, 5, 10, 60),
                null,
                Map.of("code", 0),
                0,
                "");
        assertThat(WebUi.repoList(List.of(busy)).render())
                .doesNotContain("repo-reindex")
                .doesNotContain("repo-remove");
    }

    @Test
    void skipped_files_are_listed_escaped_with_their_reason() {
        String html = WebUi.skippedFiles(
                        "web", List.of(new SkippedFile("<img src=x onerror=alert(1)>.png", "unsupported")))
                .render();
        assertThat(html)
                .contains("&lt;img src=x onerror=alert(1)&gt;.png")
                .contains("data-reason=\"unsupported\"")
                .doesNotContain("<img");
        assertThat(WebUi.skippedFiles("web", List.of()).render()).contains("No file was skipped.");
    }
}
