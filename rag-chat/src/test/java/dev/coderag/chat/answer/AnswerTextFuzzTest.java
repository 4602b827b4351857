package dev.coderag.chat.answer;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fuzzes what turns LLM output (and text it quotes from a repository) into HTML: {@link Markdown#render} and
 * {@link Citations}. Both read text an attacker can steer through a poisoned repository (prompt injection), so
 * the contract is: no exception, and the HTML is inert: every tag is one Markdown produces or the caller's
 * citation, no {@code on…=} attribute, no {@code <script}, no link or image source with a
 * {@code javascript:}, {@code vbscript:} or {@code data:} URL; and every link that leaves the page (a scheme or
 * {@code //}) is marked {@code external} and followed by its destination as text, so that a URL carrying other
 * sources' text is seen before it is followed. Rendering time stays about linear (checked on the input repeated
 * to ~8K chars).
 *
 * <p>{@code ./mvnw verify} fuzzes each method for a fixed time; other runs replay
 * {@code AnswerTextFuzzTestInputs/<method>/}.
 */
class AnswerTextFuzzTest {
    private static final Set<String> TAGS = Set.of(
            "p",
            "h3",
            "h4",
            "h5",
            "h6",
            "h7",
            "h8",
            "em",
            "strong",
            "code",
            "pre",
            "a",
            "ul",
            "ol",
            "li",
            "blockquote",
            "br",
            "hr",
            "sup",
            "table",
            "thead",
            "tbody",
            "tr",
            "th",
            "td",
            "del",
            "span");
    private static final Pattern TAG = Pattern.compile("<(/?)([A-Za-z][A-Za-z0-9]*)([^>]*)>");
    private static final Pattern ATTR = Pattern.compile("\\s([^\\s=/>]+)(?:=\"([^\"]*)\")?");
    private static final Pattern BAD_SCHEME = Pattern.compile("^(?:javascript|vbscript|data):");
    private static final Pattern LINK =
            Pattern.compile("<a ([^>]*)>(.*?)</a>( <span class=\"link-dest\">([^<]*)</span>)?", Pattern.DOTALL);
    private static final Pattern HREF = Pattern.compile("href=\"([^\"]*)\"");
    private static final Pattern LEAVING = Pattern.compile("^(?:[a-z][a-z0-9+.\\-]*:|//)|\\\\");
    private static final int SOURCES = 3;
    private static final long BUDGET_NANOS = 2_000_000_000L;

    @FuzzTest(maxDuration = "20s")
    void render(FuzzedDataProvider data) {
        String markdown = data.consumeRemainingAsString();
        String html = Markdown.render(markdown, AnswerTextFuzzTest::citation);
        assertInert(markdown, html);

        if (!markdown.isEmpty()) {
            String amplified = markdown.repeat(Math.max(1, 8_000 / markdown.length()));
            long start = System.nanoTime();
            Markdown.render(amplified, AnswerTextFuzzTest::citation);
            long took = System.nanoTime() - start;
            assertThat(took)
                    .as("render took %d ms on %d chars", took / 1_000_000, amplified.length())
                    .isLessThan(BUDGET_NANOS);
        }
    }

    @FuzzTest(maxDuration = "20s")
    void citations(FuzzedDataProvider data) {
        int sources = data.consumeInt(0, 12);
        String markdown = data.consumeRemainingAsString();
        for (int n : Citations.cited(markdown)) {
            assertThat(n).isBetween(0, 999);
        }
        String cleaned = Citations.clean(markdown, sources);
        assertThat(Citations.cited(cleaned))
                .as("after clean(%d): %s", sources, cleaned)
                .allSatisfy(n -> assertThat(n).isBetween(1, sources));
        assertInert(cleaned, Markdown.render(cleaned, AnswerTextFuzzTest::citation));
    }

    /** What {@code Messages} passes: caller HTML for a known source, null (stays text) otherwise. */
    private static String citation(int n) {
        return n >= 1 && n <= SOURCES ? "<a class=\"cite\" href=\"#src-" + n + "\"><sup>" + n + "</sup></a>" : null;
    }

    private static void assertInert(String markdown, String html) {
        assertLeavingLinksShowTheirDestination(markdown, html);
        String lower = html.toLowerCase(Locale.ROOT);
        assertThat(lower).as("from %s", markdown).doesNotContain("<script", "<iframe", "<img", "<svg", "<style");
        Matcher tag = TAG.matcher(html);
        while (tag.find()) {
            String name = tag.group(2).toLowerCase(Locale.ROOT);
            assertThat(TAGS).as("tag <%s> from %s", name, markdown).contains(name);
            Matcher attr = ATTR.matcher(tag.group(3));
            while (attr.find()) {
                String attrName = attr.group(1).toLowerCase(Locale.ROOT);
                assertThat(attrName)
                        .as("attribute %s from %s", attrName, markdown)
                        .isIn("href", "class", "rel", "title", "data-lang", "start", "align");
                if (attrName.equals("href") && attr.group(2) != null) {
                    String url = decode(attr.group(2)).strip().toLowerCase(Locale.ROOT);
                    url = url.replaceAll("[\\x00-\\x20]", "");
                    assertThat(BAD_SCHEME.matcher(url).find())
                            .as("href %s from %s", url, markdown)
                            .isFalse();
                }
            }
        }
    }

    /**
     * Every link whose {@code href} leaves the page is {@code external} and followed by {@code ↗} and its
     * destination as the {@code href} has it — or by {@code ↗} alone when its text is that
     * destination.
     */
    private static void assertLeavingLinksShowTheirDestination(String markdown, String html) {
        Matcher link = LINK.matcher(html);
        while (link.find()) {
            Matcher href = HREF.matcher(link.group(1));
            if (link.group(1).contains("class=\"cite\"") || !href.find()) {
                continue;
            }
            String url = unescape(href.group(1));
            if (!LEAVING.matcher(url.toLowerCase(Locale.ROOT)).find()) {
                continue;
            }
            assertThat(link.group(1))
                    .as("link %s from %s", link.group(), markdown)
                    .contains("class=\"external\"");
            assertThat(link.group(3))
                    .as("destination after %s from %s", link.group(), markdown)
                    .isNotNull();
            String shown = unescape(link.group(4));
            String destination = shown.equals("↗")
                    ? unescape(link.group(2).replaceAll("<[^>]*>", ""))
                    : shown.substring(shown.indexOf(' ') + 1);
            assertThat(destination.strip())
                    .as("shown %s for %s from %s", shown, url, markdown)
                    .isEqualTo(url.strip());
        }
    }

    private static String unescape(String html) {
        return html.replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&#39;", "'")
                .replace("&amp;", "&");
    }

    /** The entities an attribute value may hide a scheme behind ({@code &#106;avascript:}). */
    private static String decode(String v) {
        Matcher m = Pattern.compile("&#(?:[xX]([0-9a-fA-F]+)|([0-9]+));?").matcher(v);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            int cp;
            try {
                cp = m.group(1) != null ? Integer.parseInt(m.group(1), 16) : Integer.parseInt(m.group(2));
            } catch (NumberFormatException e) {
                cp = '?';
            }
            m.appendReplacement(
                    sb, Matcher.quoteReplacement(Character.isValidCodePoint(cp) ? Character.toString(cp) : "?"));
        }
        m.appendTail(sb);
        return sb.toString()
                .replace("&colon;", ":")
                .replace("&Tab;", "\t")
                .replace("&NewLine;", "\n")
                .replace("&amp;", "&");
    }
}
