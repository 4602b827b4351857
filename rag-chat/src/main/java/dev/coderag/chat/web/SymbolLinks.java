package dev.coderag.chat.web;

import static j2html.TagCreator.a;
import static j2html.TagCreator.button;
import static j2html.TagCreator.div;
import static j2html.TagCreator.each;
import static j2html.TagCreator.li;
import static j2html.TagCreator.p;
import static j2html.TagCreator.span;
import static j2html.TagCreator.ul;

import dev.coderag.chat.repos.SourceView;
import dev.coderag.types.Language;
import j2html.tags.DomContent;
import j2html.tags.specialized.ATag;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Identifiers in the code viewer that link to their definitions. The work is bounded: only the distinct
 * identifiers of the shown lines are looked up, at most {@link #MAX_NAMES} (those of the cited lines first, then
 * outward from them), each in the viewed file's repository and language family only. The server sends a hidden
 * table of link targets; {@code static/app.js} turns the matching identifiers of the code (outside comments,
 * strings and keywords) into links, so the code text itself never passes through markup of ours.
 *
 * <p>Ambiguous names: definitions nested in another definition of the same name in the same file (a constructor
 * inside its class) fold into the outer one; when one definition remains the name links straight to it, when
 * several remain it links to a choice listing them ({@code GET /ui/definitions}), never to a guess.
 */
final class SymbolLinks {
    /** Distinct identifiers looked up per viewed file at most. */
    static final int MAX_NAMES = 200;

    /** Definitions listed per name at most (a choice, or the one that is linked to). */
    static final int MAX_DEFINITIONS = 20;

    /** Identifiers longer than this are not looked up (no symbol is that long; hostile text may be). */
    static final int MAX_NAME_CHARS = 128;

    private SymbolLinks() {}

    /**
     * The distinct identifiers of {@code lines} ({@code [letter_$][letter digit _$]*}, at least two characters),
     * those on lines {@code hlStart}–{@code hlEnd} first, then line by line outward from that range; at most
     * {@code max}. Linear in the text.
     */
    static List<String> identifiers(List<SourceView.Line> lines, int hlStart, int hlEnd, int max) {
        List<SourceView.Line> byDistance = new ArrayList<>(lines);
        byDistance.sort(Comparator.comparingLong(l -> distance(l.n(), hlStart, hlEnd)));
        Set<String> out = new LinkedHashSet<>();
        for (SourceView.Line line : byDistance) {
            String t = line.text();
            int i = 0;
            while (i < t.length() && out.size() < max) {
                if (!isPart(t.charAt(i))) {
                    i++;
                    continue;
                }
                int start = i;
                while (i < t.length() && isPart(t.charAt(i))) {
                    i++;
                }
                int length = i - start;
                if (!Character.isDigit(t.charAt(start)) && length >= 2 && length <= MAX_NAME_CHARS) {
                    out.add(t.substring(start, i));
                }
            }
            if (out.size() >= max) {
                break;
            }
        }
        return List.copyOf(out);
    }

    private static long distance(int n, int from, int to) {
        return n < from ? (long) from - n : n > to ? (long) n - to : 0;
    }

    private static boolean isPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    /**
     * The languages whose definitions an identifier in a file of {@code languageId} may link to: the registry's
     * {@link Language#callable()}; none for an unknown id.
     */
    static Set<Language> linkedLanguages(String languageId) {
        try {
            return Language.fromId(languageId).callable();
        } catch (IllegalArgumentException e) {
            return Set.of();
        }
    }

    /**
     * The one definition a name links to: after folding definitions nested in another one of the same file,
     * the only one left; empty when several are left (the name links to a choice).
     */
    static Optional<WebUi.Definition> single(List<WebUi.Definition> defs) {
        List<WebUi.Definition> outer = new ArrayList<>();
        for (int i = 0; i < defs.size(); i++) {
            WebUi.Definition d = defs.get(i);
            boolean nested = false;
            for (int j = 0; j < defs.size() && !nested; j++) {
                WebUi.Definition o = defs.get(j);
                boolean contains = i != j
                        && o.path().equals(d.path())
                        && o.startLine() <= d.startLine()
                        && o.endLine() >= d.endLine();
                boolean same = o.startLine() == d.startLine() && o.endLine() == d.endLine();
                nested = contains && (!same || j < i); // of two with the same range, the first stays
            }
            if (!nested) {
                outer.add(d);
            }
        }
        return outer.size() == 1 ? Optional.of(outer.getFirst()) : Optional.empty();
    }

    /** The hidden table of link targets app.js reads: one template link per name that has a definition. */
    static DomContent table(SourceView v, List<WebUi.Symbol> symbols) {
        if (symbols.isEmpty()) {
            return null;
        }
        return div(each(symbols, s -> target(v, s)))
                .attr("hidden")
                .withClass("symbol-targets")
                .withData("symbols", Integer.toString(symbols.size()));
    }

    private static DomContent target(SourceView v, WebUi.Symbol s) {
        Optional<WebUi.Definition> one = single(s.definitions());
        ATag link;
        if (one.isPresent()) {
            WebUi.Definition d = one.get();
            String fragment = CodeView.sourceUrl(v.repo(), d.path(), d.startLine(), d.endLine());
            link = a().withHref("/" + WebUi.viewerLink(v.repo(), d.path(), d.startLine(), d.endLine()))
                    .attr("hx-get", fragment)
                    .withTitle(d.kind() + " " + d.qualifiedName() + " — " + d.path() + ":" + d.startLine() + "-"
                            + d.endLine())
                    .withData("def-path", d.path())
                    .withData("def-start", Integer.toString(d.startLine()))
                    .withData("def-end", Integer.toString(d.endLine()));
        } else {
            String choices =
                    "/ui/definitions?repo=" + enc(v.repo()) + "&name=" + enc(s.name()) + "&from=" + enc(v.path());
            link = a().withHref(choices)
                    .attr("hx-get", choices)
                    .withTitle(s.name() + ": " + s.definitions().size()
                            + (s.definitions().size() >= MAX_DEFINITIONS ? " or more" : "")
                            + " definitions, choose one")
                    .withData("choices", Integer.toString(s.definitions().size()));
        }
        return link.withClass(one.isPresent() ? "sym-link" : "sym-link ambiguous")
                .attr("hx-target", "#code-viewer")
                .attr("hx-swap", "innerHTML")
                .withData("symbol", s.name())
                .withData("testid", "symbol-target");
    }

    /**
     * The viewer's content for a name with several definitions: each one, a link that opens it; those in
     * {@code fromPath} (the file the name was clicked in) first.
     */
    static String choices(String repo, String name, String fromPath, List<WebUi.Definition> defs, boolean more) {
        List<WebUi.Definition> sorted = new ArrayList<>(defs);
        sorted.sort(Comparator.comparing((WebUi.Definition d) -> !d.path().equals(fromPath))
                .thenComparing(WebUi.Definition::path)
                .thenComparingInt(WebUi.Definition::startLine));
        return div(
                        div(
                                        span(name).withClass("viewer-path"),
                                        span(defs.size() + (more ? " or more" : "") + " definitions")
                                                .withClass("viewer-range"),
                                        closeButton())
                                .withClass("viewer-head"),
                        defs.isEmpty()
                                ? p("No definition of this name is indexed in " + repo + ".")
                                        .withClass("muted")
                                : ul(each(sorted, d -> li(a(
                                                                span(d.kind()).withClass("badge"),
                                                                span(d.qualifiedName())
                                                                        .withClass("sym"),
                                                                span(d.path() + ":" + d.startLine() + "-" + d.endLine())
                                                                        .withClass("loc"))
                                                        .withHref("/"
                                                                + WebUi.viewerLink(
                                                                        repo, d.path(), d.startLine(), d.endLine()))
                                                        .attr(
                                                                "hx-get",
                                                                CodeView.sourceUrl(
                                                                        repo, d.path(), d.startLine(), d.endLine()))
                                                        .attr("hx-target", "#code-viewer")
                                                        .attr("hx-swap", "innerHTML")
                                                        .withClass("source-link"))
                                                .withData("testid", "definition-choice")))
                                        .withClass("definition-choices"))
                .withClass("code-view choices")
                .withData("testid", "definition-choices")
                .render();
    }

    static DomContent closeButton() {
        return button("×")
                .withType("button")
                .withClass("viewer-close")
                .attr("aria-label", "Close code viewer")
                .withData("close", "code-viewer");
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
