package dev.coderag.chat.answer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

class MarkdownTest {
    private static final IntFunction<String> LINKS =
            n -> n <= 2 ? "<a class=\"cite\" data-n=\"" + n + "\">[" + n + "]</a>" : null;

    @Test
    void an_image_inside_a_links_text_becomes_its_alt_text_never_an_img() {
        // found by fuzzing: the image in the link's text used to render as a real <img> fetching any URL
        String html = Markdown.render("[a ![pic](http://e.example/x.png) b](https://ok.example/)", LINKS);
        assertThat(html).doesNotContain("<img").doesNotContain("e.example").contains("a pic b");
        assertThat(html).contains("href=\"https://ok.example/\"");
    }

    @Test
    void raw_html_in_an_answer_is_escaped_never_passed_through() {
        String html = Markdown.render("<script>alert(1)</script> and <img src=x onerror=alert(2)>", LINKS);
        assertThat(html).doesNotContain("<script").doesNotContain("<img");
        assertThat(html)
                .contains("&lt;script&gt;alert(1)&lt;/script&gt;")
                .contains("&lt;img src=x onerror=alert(2)&gt;");
    }

    @Test
    void fenced_code_is_escaped_and_kept_verbatim() {
        String html = Markdown.render("Look:\n\n```java\nif (a < b && c > d) { x(\"<b>\"); }\n```\n", LINKS);
        assertThat(html)
                .contains("<pre class=\"code-block\"><code data-lang=\"java\">")
                .contains("if (a &lt; b &amp;&amp; c &gt; d) { x(&quot;&lt;b&gt;&quot;); }");
    }

    @Test
    void inline_code_bold_lists_headings_quotes_and_paragraphs() {
        String html = Markdown.render(
                "# Title\n\nThe **best** match is `parse<T>` [1].\n\n- one [2]\n- two\n\n1. first\n2. second\n\n> quoted *x*\n",
                LINKS);
        assertThat(html).contains("<h3>Title</h3>");
        assertThat(html)
                .contains("<p>The <strong>best</strong> match is <code>parse&lt;T&gt;</code> "
                        + "<a class=\"cite\" data-n=\"1\">[1]</a>.</p>");
        assertThat(html).contains("<ul>\n<li>one <a class=\"cite\" data-n=\"2\">[2]</a></li>\n<li>two</li>\n</ul>");
        assertThat(html).contains("<ol>\n<li>first</li>\n<li>second</li>\n</ol>");
        assertThat(html).contains("<blockquote>\n<p>quoted <em>x</em></p>\n</blockquote>");
    }

    @Test
    void citations_without_a_source_stay_plain_text_and_code_brackets_are_not_links() {
        String html = Markdown.render("see [3] and `a[1]`", LINKS);
        assertThat(html).isEqualTo("<p>see [3] and <code>a[1]</code></p>\n");
    }

    @Test
    void bold_may_enclose_inline_code_and_stars_inside_code_are_code() {
        assertThat(Markdown.render("The best match is **`a<b>`**, not `x ** y`.", LINKS))
                .isEqualTo(
                        "<p>The best match is <strong><code>a&lt;b&gt;</code></strong>, not <code>x ** y</code>.</p>\n");
        assertThat(Markdown.render("a ** b", LINKS)).isEqualTo("<p>a ** b</p>\n");
    }

    @Test
    void an_unclosed_fence_still_renders_as_code() {
        assertThat(Markdown.render("```\n<x>", LINKS))
                .isEqualTo("<pre class=\"code-block\"><code>&lt;x&gt;\n</code></pre>\n");
    }

    @Test
    void fence_language_cannot_inject_attributes() {
        assertThat(Markdown.render("```\" onmouseover=\"x\n1\n```", LINKS)).doesNotContain("onmouseover=\"");
    }

    @Test
    void underscores_are_never_emphasis_so_python_names_survive_outside_code() {
        assertThat(Markdown.render("call __init__ or _private_ on snake_case, *really*", LINKS))
                .isEqualTo("<p>call __init__ or _private_ on snake_case, <em>really</em></p>\n");
    }

    @Test
    void a_quote_keeps_its_lines_and_headings_start_at_h3() {
        assertThat(Markdown.render("> first line\n> second line", LINKS))
                .isEqualTo("<blockquote>\n<p>first line<br>\nsecond line</p>\n</blockquote>\n");
        assertThat(Markdown.render("###### six", LINKS)).isEqualTo("<h6>six</h6>\n");
    }

    @Test
    void a_bracket_list_cites_each_number_that_is_a_source_and_leaves_other_brackets_as_written() {
        assertThat(Markdown.render("both [1, 2], one of [2, 7], none of [7, 8] nor [1, x]", LINKS))
                .isEqualTo("<p>both <a class=\"cite\" data-n=\"1\">[1]</a><a class=\"cite\" data-n=\"2\">[2]</a>, "
                        + "one of <a class=\"cite\" data-n=\"2\">[2]</a>[7], none of [7, 8] nor [1, x]</p>\n");
    }

    @Test
    void links_are_sanitised_and_images_become_links_so_nothing_is_fetched() {
        String html = Markdown.render(
                "[a](javascript:alert(1)) [b](JavaScript&#58;alert(2)) [c](vbscript:x) [d](data:text/html,x) "
                        + "[e](https://example.org/x) ![f](https://tracker.example/p.png) [see [1]](https://example.org)",
                LINKS);
        assertThat(html.toLowerCase())
                .doesNotContain("javascript:")
                .doesNotContain("vbscript:")
                .doesNotContain("data:");
        assertThat(html).doesNotContain("<img");
        assertThat(html)
                .startsWith("<p>a b c d <a rel=\"nofollow noopener noreferrer\" href=\"https://example.org/x\""
                        + " class=\"external\">e</a> ")
                .contains("<a rel=\"nofollow noopener noreferrer\" href=\"https://tracker.example/p.png\""
                        + " class=\"external\">f</a>")
                .contains(">see [1]</a>"); // no citation link nested in a link
    }

    @Test
    void a_link_leaving_the_page_shows_its_whole_destination_as_text_and_is_marked_external() {
        String secret = "https://evil.example/c?d=" + "the%20other%20sources%27%20text&x=<b>".repeat(40);
        String html = Markdown.render(
                "See [the docs](" + secret.replace("<", "%3C").replace(">", "%3E") + ") and "
                        + "![logo](//cdn.example/l.png) and [mail](mailto:a@b.example) and <https://plain.example/>",
                LINKS);
        String shown = secret.replace("<", "%3C").replace(">", "%3E").replace("&", "&amp;");
        assertThat(html)
                .contains("class=\"external\"")
                .contains(">the docs</a> <span class=\"link-dest\">↗ " + shown + "</span>")
                .contains(">logo</a> <span class=\"link-dest\">↗ //cdn.example/l.png</span>")
                .contains(">mail</a> <span class=\"link-dest\">↗ mailto:a@b.example</span>")
                // an autolink's text is its destination already: the marker alone
                .contains(">https://plain.example/</a> <span class=\"link-dest\">↗</span>")
                .doesNotContain("<img");
        assertThat(html.split("class=\"external\"", -1)).hasSize(5);
    }

    @Test
    void relative_links_stay_on_the_page_while_tricks_that_leave_it_are_external() {
        assertThat(Markdown.leavesPage("/?repo=web&path=a.py")).isFalse();
        assertThat(Markdown.leavesPage("#src-1")).isFalse();
        assertThat(Markdown.leavesPage("docs/a:b.md")).isFalse();
        assertThat(Markdown.leavesPage("//evil.example")).isTrue();
        assertThat(Markdown.leavesPage("/\\evil.example")).isTrue();
        assertThat(Markdown.leavesPage("/\t/evil.example")).isTrue();
        assertThat(Markdown.leavesPage("HTTPS://evil.example")).isTrue();
        String html = Markdown.render("[view](/?repo=web&path=a.py&start=3) [x](javascript:alert(1))", LINKS);
        assertThat(html)
                .contains("href=\"/?repo=web&amp;path=a.py&amp;start=3\">view</a>")
                .doesNotContain("external", "link-dest", "javascript");
    }

    @Test
    void a_link_inside_an_images_alt_text_becomes_text_so_links_never_nest() {
        // found by fuzzing: the image became a link with another link (javascript:, no destination shown) inside
        String html = Markdown.render("![im [x](javascript:alert(1)) [y](https://in.example)](http://e/x.png)", LINKS);
        assertThat(html.split("<a ", -1)).hasSize(2);
        assertThat(html)
                .contains(">im x y</a> <span class=\"link-dest\">↗ http://e/x.png</span>")
                .doesNotContain("javascript");
    }

    @Test
    void event_handler_attributes_and_script_tags_never_become_markup_anywhere() {
        String hostile = "<div onmouseover=\"alert(1)\">x</div>\n\n"
                + "- <svg onload=alert(2)>\n"
                + "> <iframe src=javascript:alert(3)>\n\n"
                + "# <script>alert(4)</script>\n\n"
                + "`<script>` and **<b onclick=x>bold</b>** <!-- comment --> <?php x ?>\n\n"
                + "[x](<javascript:alert(5)>) <javascript:alert(6)> <https://ok.example/?q=<script>>";
        String html = Markdown.render(hostile, LINKS);
        assertThat(html)
                .doesNotContain("<script")
                .doesNotContain("<svg")
                .doesNotContain("<iframe")
                .doesNotContain("<div")
                .doesNotContain("<b ")
                .doesNotContain("<!--")
                .doesNotContain("<?php")
                .doesNotContain("href=\"javascript")
                .doesNotContainPattern("<[a-z]+[^>]*\\son[a-z]+=");
        assertThat(html).contains("&lt;div onmouseover=&quot;alert(1)&quot;&gt;");
    }

    @Test
    void a_200_kb_line_of_bracketed_numbers_renders_every_citation_and_stays_escaped() {
        String line = "[" + "1,".repeat(100_000) + "1]<script>x</script>";
        String html = Markdown.render(line, LINKS);
        assertThat(html).doesNotContain("<script").endsWith("&lt;script&gt;x&lt;/script&gt;</p>\n");
        assertThat(html.split("data-n=\"1\"", -1)).hasSize(100_002);
    }

    @Test
    void deeply_nested_emphasis_brackets_quotes_and_lists_render_without_blowing_the_stack() {
        int n = 50_000;
        String nested = "*".repeat(n) + "x" + "*".repeat(n) + "\n\n"
                + "[".repeat(n) + "a" + "]".repeat(n) + "\n\n"
                + "![".repeat(n) + "x" + "](u)".repeat(n) + "\n\n"
                + "a**b" + "c* ".repeat(n) + "\n\n"
                + "`".repeat(n) + "\n\n"
                + "<".repeat(n) + "\n\n"
                + ">".repeat(n) + " deep\n\n"
                + "- ".repeat(n) + "item\n\n"
                + "<script>alert(1)</script>";
        assertThat(nested.length()).isGreaterThan(200_000);
        String html = Markdown.render(nested, LINKS);
        assertThat(html).doesNotContain("<script").contains("&lt;script&gt;alert(1)&lt;/script&gt;");
    }

    @Test
    void hostile_answer_texts_render_in_bounded_time() {
        String list = "[1" + ",1".repeat(5_000) + "]"; // a README line quoting a 10 KB list
        String[] answers = {
            "The README says: " + list + " and that is all [1].",
            "> " + list + "\n> " + list.replace(",", ", "),
            "[".repeat(20_000) + "1]",
            "[1 " + "1 ".repeat(10_000),
            "`" + list + "`",
            "*".repeat(10_000) + "a" + "_".repeat(10_000),
            "```" + "x".repeat(10_000) + "\n" + list + "\n```"
        };
        for (String answer : answers) {
            // a failure guard, not a benchmark
            String html = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> Markdown.render(answer, LINKS));
            assertThat(html).isNotEmpty();
        }
        // each number of the quoted list is a source here, so each is linked
        assertThat(Markdown.render("The README says: " + list + ".", LINKS).split("class=\"cite\"", -1))
                .hasSize(5_002);
    }
}
