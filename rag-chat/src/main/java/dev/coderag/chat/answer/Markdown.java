package dev.coderag.chat.answer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.BlockQuote;
import org.commonmark.node.CustomNode;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.Heading;
import org.commonmark.node.Image;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.commonmark.parser.beta.InlineContentParser;
import org.commonmark.parser.beta.InlineContentParserFactory;
import org.commonmark.parser.beta.ParsedInline;
import org.commonmark.parser.beta.Scanner;
import org.commonmark.renderer.NodeRenderer;
import org.commonmark.renderer.html.DefaultUrlSanitizer;
import org.commonmark.renderer.html.HtmlNodeRendererContext;
import org.commonmark.renderer.html.HtmlRenderer;
import org.commonmark.renderer.html.HtmlWriter;
import org.commonmark.renderer.html.UrlSanitizer;

/**
 * Renders answer Markdown (from an LLM or the extractive generator) to HTML with commonmark-java, the
 * CommonMark reference implementation for Java. Raw HTML in the input is shown as text, never passed through;
 * a link to anything but http, https, mailto or a relative target is just its text ({@code javascript:} dies);
 * images become links, so an answer never makes the browser fetch anything by itself. A link that leaves the page
 * (any scheme, or {@code //host}) has class {@code external} and is followed by its whole destination as text
 * after a {@code ↗} ({@code <span class="link-dest">}): an answer steered by a hostile source may link to a URL
 * that carries other sources' text, and the reader sees where a link goes before following it. Relative links
 * (the viewer's, {@code #…}) stay as written. On top of CommonMark:
 *
 * <ul>
 *   <li>{@code [n]} and {@code [n, m]} in prose become the caller's citation HTML (never inside code or links);
 *   <li>{@code _} is never emphasis: answers name {@code __init__} and {@code _private_} outside code spans;
 *   <li>headings start at {@code <h3>} (the page owns h1/h2);
 *   <li>code blocks are {@code <pre class="code-block"><code data-lang="…">};
 *   <li>line breaks inside a quote are kept ({@code <br>}): quotes are doc comments, line by line.
 * </ul>
 *
 * <p>Parsing and rendering take time roughly linear in the input (the library bounds inline and block nesting),
 * so hostile text cannot stall a request. Pure and thread-safe.
 */
public final class Markdown {
    /** Brackets of digits, spaces and commas; checked number by number in {@link #citationGroup}. */
    private static final Pattern CITE = Pattern.compile("\\[([\\d\\s,]++)\\]");

    private static final Pattern CITE_NUMBER = Pattern.compile("\\d{1,3}");
    private static final Pattern LANG_UNSAFE = Pattern.compile("[^\\w+#.-]");

    private static final UrlSanitizer URLS = new DefaultUrlSanitizer(List.of("http", "https", "mailto"));
    private static final Parser PARSER =
            Parser.builder().customInlineContentParserFactory(new Underscores()).build();
    private static final HtmlRenderer HTML = HtmlRenderer.builder()
            .escapeHtml(true)
            .sanitizeUrls(true)
            .urlSanitizer(URLS)
            .attributeProviderFactory(context -> Markdown::attributes)
            .nodeRendererFactory(AnswerNodes::new)
            .build();

    private Markdown() {}

    /**
     * @param citation HTML for citation {@code n}, or null when {@code n} is no source (then it stays text);
     *     the caller is responsible for escaping inside what it returns
     */
    public static String render(String markdown, IntFunction<String> citation) {
        Node document = PARSER.parse(markdown);
        document.accept(new Adjust(citation));
        return HTML.render(document);
    }

    /** Escapes the five HTML-significant characters; safe in text and in quoted attribute values. */
    public static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    /** Code block classes the stylesheet knows, and links that tell an outside site nothing about the chat. */
    private static void attributes(Node node, String tag, Map<String, String> attributes) {
        boolean codeBlock = node instanceof FencedCodeBlock || node instanceof IndentedCodeBlock;
        if (codeBlock && tag.equals("pre")) {
            attributes.put("class", "code-block");
        } else if (codeBlock && tag.equals("code")) {
            attributes.remove("class");
            if (node instanceof FencedCodeBlock fenced && fenced.getInfo() != null) {
                String lang = LANG_UNSAFE
                        .matcher(fenced.getInfo().strip().split("\\s", 2)[0])
                        .replaceAll("");
                if (!lang.isEmpty()) {
                    attributes.put("data-lang", lang);
                }
            }
        } else if (node instanceof Link link && tag.equals("a")) {
            // the page URL holds the chat id: no Referer to wherever an answer links
            attributes.put("rel", "nofollow noopener noreferrer");
            if (leavesPage(link.getDestination())) {
                attributes.put("class", "external");
            }
        }
    }

    /**
     * Whether following a link may leave this page's origin: anything but a path ({@code /x}, {@code x/y}), a
     * query or a fragment. Browsers drop tabs and newlines inside URLs and read {@code \} as {@code /}, so a
     * destination with either (or starting {@code //}) counts as leaving.
     */
    static boolean leavesPage(String destination) {
        String d = destination.strip();
        for (int i = 0; i < d.length(); i++) {
            char c = d.charAt(i);
            if (c < 0x20 || c == '\\') {
                return true;
            }
        }
        if (d.startsWith("//")) {
            return true;
        }
        if (d.isEmpty() || d.startsWith("/") || d.startsWith("#") || d.startsWith("?")) {
            return false;
        }
        int colon = d.indexOf(':');
        int pathEnd = firstOf(d, "/?#");
        return colon >= 0 && (pathEnd < 0 || colon < pathEnd);
    }

    private static int firstOf(String s, String chars) {
        for (int i = 0; i < s.length(); i++) {
            if (chars.indexOf(s.charAt(i)) >= 0) {
                return i;
            }
        }
        return -1;
    }

    /** Takes every run of {@code _} as text before CommonMark can pair it into emphasis. */
    private static final class Underscores implements InlineContentParserFactory {
        @Override
        public Set<Character> getTriggerCharacters() {
            return Set.of('_');
        }

        @Override
        public InlineContentParser create() {
            return state -> {
                Scanner scanner = state.scanner();
                int n = scanner.matchMultiple('_');
                return ParsedInline.of(new Text("_".repeat(n)), scanner.position());
            };
        }
    }

    /** A run of resolved citations, rendered as the caller's HTML. */
    private static final class Citation extends CustomNode {
        private final String html;

        Citation(String html) {
            this.html = html;
        }
    }

    /** After a link that leaves the page: {@code ↗} and its destination (unless that is the link's text). */
    private static final class Destination extends CustomNode {
        private final String shown;

        Destination(String shown) {
            this.shown = shown;
        }
    }

    /** Rewrites the parsed answer: heading levels, images to links, citations out of prose text. */
    private static final class Adjust extends AbstractVisitor {
        private final IntFunction<String> citation;

        Adjust(IntFunction<String> citation) {
            this.citation = citation;
        }

        @Override
        public void visit(Heading heading) {
            heading.setLevel(Math.min(6, heading.getLevel() + 2));
            visitChildren(heading);
        }

        @Override
        public void visit(Link link) {
            // no citation links inside a link (nested <a> is invalid HTML), and no images or links: an image or a
            // link in a link's text (an image's alt text may hold a link) becomes its text; a refused target leaves
            // just the text
            List<Node> inside = new ArrayList<>();
            for (Node child = link.getFirstChild(); child != null; child = child.getNext()) {
                inside.add(child);
            }
            inside.forEach(child -> child.accept(TEXT_ONLY_INSIDE));
            String destination = link.getDestination();
            if (URLS.sanitizeLinkUrl(destination).isEmpty()) {
                replace(link, null);
            } else if (leavesPage(destination)) {
                link.insertAfter(new Destination(destination.equals(textOf(link)) ? "↗" : "↗ " + destination));
            }
        }

        /** The link's text when it is plain text only, else null. */
        private static String textOf(Link link) {
            StringBuilder sb = new StringBuilder();
            for (Node child = link.getFirstChild(); child != null; child = child.getNext()) {
                if (!(child instanceof Text t)) {
                    return null;
                }
                sb.append(t.getLiteral());
            }
            return sb.toString();
        }

        @Override
        public void visit(Image image) {
            Link link = new Link(image.getDestination(), image.getTitle());
            replace(image, link);
            visit(link);
        }

        /** Replaces every image and link below a node by its text (children first, so nested ones go too). */
        private static final AbstractVisitor TEXT_ONLY_INSIDE = new AbstractVisitor() {
            @Override
            public void visit(Link link) {
                visitChildren(link);
                replace(link, null);
            }

            @Override
            public void visit(Image image) {
                visitChildren(image);
                replace(image, null);
            }
        };

        /** Puts {@code node}'s children where it was, inside {@code wrapper} if not null. */
        private static void replace(Node node, Node wrapper) {
            if (wrapper != null) {
                node.insertBefore(wrapper);
            }
            for (Node child = node.getFirstChild(); child != null; ) {
                Node next = child.getNext();
                if (wrapper != null) {
                    wrapper.appendChild(child);
                } else {
                    node.insertBefore(child);
                }
                child = next;
            }
            node.unlink();
        }

        @Override
        public void visit(Text text) {
            String literal = text.getLiteral();
            Matcher m = CITE.matcher(literal);
            int done = 0;
            while (m.find()) {
                String html = citationGroup(m.group(1));
                if (html == null) {
                    continue;
                }
                if (m.start() > done) {
                    text.insertBefore(new Text(literal.substring(done, m.start())));
                }
                text.insertBefore(new Citation(html));
                done = m.end();
            }
            if (done == literal.length()) {
                text.unlink();
            } else if (done > 0) {
                text.setLiteral(literal.substring(done));
            }
        }

        /**
         * HTML for {@code 1, 3}: each number that is a source becomes its citation, the others stay {@code [n]}.
         * Null when this is no citation at all (not a list of 1–3 digit numbers, or no number is a source), so
         * the text stays as written.
         */
        private String citationGroup(String numbers) {
            StringBuilder html = new StringBuilder();
            boolean any = false;
            for (String n : numbers.split(",", -1)) {
                String digits = n.strip();
                if (!CITE_NUMBER.matcher(digits).matches()) {
                    return null;
                }
                String link = citation.apply(Integer.parseInt(digits));
                any |= link != null;
                html.append(link != null ? link : "[" + digits + "]");
            }
            return any ? html.toString() : null;
        }
    }

    /** Citations as raw HTML, external links' destinations as text, and a quote's line breaks kept. */
    private static final class AnswerNodes implements NodeRenderer {
        private final HtmlNodeRendererContext context;
        private final HtmlWriter html;

        AnswerNodes(HtmlNodeRendererContext context) {
            this.context = context;
            this.html = context.getWriter();
        }

        @Override
        public Set<Class<? extends Node>> getNodeTypes() {
            return Set.of(Citation.class, Destination.class, SoftLineBreak.class);
        }

        @Override
        public void render(Node node) {
            if (node instanceof Citation c) {
                html.raw(c.html);
            } else if (node instanceof Destination d) {
                html.raw(" ");
                html.tag("span", Map.of("class", "link-dest"));
                html.text(d.shown); // escaped: the destination is shown as text, never as markup
                html.tag("/span");
            } else if (insideQuote(node)) {
                html.raw("<br>");
                html.line();
            } else {
                html.raw(context.getSoftbreak());
            }
        }

        private static boolean insideQuote(Node node) {
            for (Node n = node.getParent(); n != null; n = n.getParent()) {
                if (n instanceof BlockQuote) {
                    return true;
                }
            }
            return false;
        }
    }
}
