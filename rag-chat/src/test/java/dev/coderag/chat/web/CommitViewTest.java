package dev.coderag.chat.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.chat.IntentInfo;
import dev.coderag.chat.Source;
import dev.coderag.chat.mcp.HistoryResults.CommitFile;
import dev.coderag.chat.mcp.HistoryResults.CommitResult;
import dev.coderag.chat.mcp.HistoryResults.LastChange;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The page's history views on the server side: a commit in the viewer, the "last changed in" line and a source of
 * kind {@code commit} keep hostile commit text (HTML, terminal escapes, bidi overrides) as visible text, mark diff
 * lines for the highlighter, and link to the commit.
 */
class CommitViewTest {
    private static final String SHA = "0123456789abcdef0123456789abcdef01234567";
    private static final String HOSTILE =
            "<img src=x onerror=alert(1)>\u001b[31m\u202e\u0007</div><script>x()</script>";

    private static CommitResult commit(String subject, String body, String author, String diff) {
        return new CommitResult(
                "demo",
                SHA,
                SHA.substring(0, 7),
                "2024-03-01",
                author,
                subject,
                body,
                List.of(new CommitFile(
                        "src/" + HOSTILE + ".java", "", "modified", "java", 1, 1, List.of("-3,1 +3,1"), diff, "")),
                1,
                null);
    }

    @Test
    void a_hostile_commit_is_text_with_its_control_characters_made_visible() {
        String html = WebUi.commitView(
                commit(HOSTILE, HOSTILE, "Mallory" + HOSTILE, "@@ -3 +3 @@\n-" + HOSTILE + "\n+ok"), "");

        assertThat(html)
                .doesNotContain("<img")
                .doesNotContain("<script")
                .doesNotContain("</div><script")
                .doesNotContain("\u001b")
                .doesNotContain("\u202e")
                .doesNotContain("\u0007")
                .contains("&lt;img src=x onerror=alert(1)&gt;\u241b[31m\ufffd\u2407");
        assertThat(html).contains("data-testid=\"commit-sha\"").contains(">0123456<");
    }

    @Test
    void diff_lines_are_marked_for_the_diff_grammar() {
        String html = WebUi.commitView(commit("s", "", "Ada", "@@ -3 +3,2 @@\n-old\n+new\n+more"), "");

        assertThat(html)
                .contains("data-hl=\"diff\"")
                .contains("class=\"line hunk\"")
                .contains("class=\"line del\"")
                .contains("class=\"line add\"");
        assertThat(html.split("data-testid=\"diff-line\"", -1)).hasSize(5);
    }

    @Test
    void the_last_change_line_names_the_commit_and_opens_it() {
        String html = WebUi.lastChange(Optional.of(new LastChange(
                "demo", "src/A.java", 4, 6, SHA, "0123456", "2024-03-01", "Ada", HOSTILE, "src/Old A.java")));

        assertThat(html)
                .contains("Last changed in ")
                .contains(">0123456</a>")
                .contains("hx-get=\"/ui/commit?repo=demo&amp;sha=" + SHA + "&amp;path=src%2FOld+A.java\"")
                .contains(" by ")
                .contains("2024-03-01")
                .doesNotContain("<img")
                .doesNotContain("\u001b");
        assertThat(WebUi.lastChange(Optional.empty())).contains("No stored commit changed these lines.");
    }

    @Test
    void a_commit_source_opens_its_commit_and_shows_its_subject_as_text() {
        Source s = new Source(
                1, "commit", "demo", "src/A.java", 3, 4, HOSTILE, "java", 0.8, 80, true, 1, List.of("lexical"));
        String html = WebUi.assistantMessage(
                "t1", "It changed in [1].", List.of(s), new IntentInfo("history", 0.9), List.of(), Optional.empty());

        assertThat(html)
                .contains("badge kind-commit")
                .contains("commit-source")
                // without an id the viewer finds the commit by file, span and subject
                .contains("hx-get=\"/ui/commit?repo=demo&amp;path=src%2FA.java&amp;start=3&amp;end=4&amp;subject=")
                .doesNotContain("<img")
                .doesNotContain("<script")
                .doesNotContain("\u001b");
        // other kinds keep the code viewer
        Source code = new Source(
                2, "code", "demo", "src/A.java", 3, 4, "A.run", "java", 0.8, 80, true, 1, List.of("lexical"));
        assertThat(WebUi.assistantMessage(
                        "t2", "[1]", List.of(code), new IntentInfo("x", 0.9), List.of(), Optional.empty()))
                .contains("hx-get=\"/ui/source?repo=demo&amp;path=src%2FA.java&amp;start=3&amp;end=4\"")
                .doesNotContain("/ui/commit");
    }

    @Test
    void visible_leaves_ordinary_text_alone() {
        String text = "Ünïcödé – tabs\tand\nlines 😀";
        assertThat(CommitView.visible(text)).isSameAs(text);
    }
}
