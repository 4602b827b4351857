package dev.coderag.chat.answer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

class MarkdownTest {
    private static final IntFunction<String> LINKS =
            n -> n <= 2 ? "<a class=\"cite\" data-n=\"" + n + "\">[" + n + "]</a>" : null;

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
        assertThat(html).contains("<ul><li>one <a class=\"cite\" data-n=\"2\">[2]</a></li><li>two</li></ul>");
        assertThat(html).contains("<ol><li>first</li><li>second</li></ol>");
        assertThat(html).contains("<blockquote>quoted *x*</blockquote>");
    }

    @Test
    void citations_without_a_source_stay_plain_text_and_code_brackets_are_not_links() {
        String html = Markdown.render("see [3] and `a[1]`", LINKS);
        assertThat(html).isEqualTo("<p>see [3] and <code>a[1]</code></p>\n");
    }

    @Test
    void bold_may_enclose_inline_code_and_stars_inside_code_are_code() {
        assertThat(Markdown.inline("The best match is **`a<b>`**, not `x ** y`.", LINKS))
                .isEqualTo("The best match is <strong><code>a&lt;b&gt;</code></strong>, not <code>x ** y</code>.");
        assertThat(Markdown.inline("a ** b", LINKS)).isEqualTo("a ** b");
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
}
