package dev.coderag.chat.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.coderag.chat.ChatResponse;
import dev.coderag.chat.IntentInfo;
import dev.coderag.chat.Source;
import dev.coderag.chat.Trace;
import dev.coderag.chat.answer.LlmProvider;
import dev.coderag.chat.repos.SourceView;
import dev.coderag.types.Language;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The code viewer's server side: escaping of hostile code and names in the fragment the browser highlights,
 * the mapping of coderag's languages to highlight.js grammars that the served webjar really has, the bounds of
 * symbol links, the "whole file" control and the "why these sources" panel.
 */
class CodeViewTest {
    private static final String HOSTILE = "</span><script>alert(1)</script><img src=x onerror=alert(2)>";

    private static SourceView view(String path, String language, int start, int total, List<String> texts) {
        List<SourceView.Line> lines = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            lines.add(new SourceView.Line(start + i, texts.get(i)));
        }
        return new SourceView("demo", path, language, start, start + texts.size() - 1, total, false, lines);
    }

    @Test
    void hostile_code_file_names_and_definitions_stay_text_in_the_viewer() {
        String path = "src/" + HOSTILE + ".py";
        SourceView v = view(path, "python", 3, 10, List.of("x = '" + HOSTILE + "'", "def run(): pass", "\"\"\""));
        WebUi.Definition def = new WebUi.Definition("lib/" + HOSTILE + ".py", 1, 2, "run" + HOSTILE, "function");
        String html = WebUi.codeView(new WebUi.Viewer(
                v,
                4,
                4,
                false,
                List.of(new SourceView.Line(1, "\"\"\" " + HOSTILE), new SourceView.Line(2, "still a string")),
                List.of(new WebUi.Symbol("run", List.of(def)))));

        assertThat(html)
                .doesNotContain("<script")
                .doesNotContain("<img")
                .doesNotContain("</span><script")
                .contains("&lt;script&gt;alert(1)&lt;/script&gt;");
        // the lead-in (for the highlighter only) is hidden and escaped like the lines
        assertThat(html)
                .contains("data-lead-in=\"2\">&quot;&quot;&quot; &lt;/span&gt;&lt;script&gt;")
                .contains("hidden");
        assertThat(html).contains("data-hl=\"python\"").contains("data-lang=\"python\"");
        // one hidden link template per name, pointing at the definition through escaped URLs
        assertThat(html)
                .contains("data-symbol=\"run\"")
                .contains("data-testid=\"symbol-target\"")
                .contains("hx-get=\"/ui/source?repo=demo&amp;path=lib%2F%3C%2Fspan%3E%3Cscript%3E");
    }

    @Test
    void every_language_maps_to_a_grammar_the_served_highlighter_has() throws IOException {
        String core = resource(Highlighter.BASE + "/highlight.min.js");
        for (Language l : Language.values()) {
            String grammar = Highlighter.language("file", l.id());
            if (l == Language.TEXT) {
                assertThat(grammar).isEmpty();
                continue;
            }
            assertThat(hasGrammar(core, grammar)).as(l + " → " + grammar).isTrue();
        }
        Map<String, String> byName = new LinkedHashMap<>();
        byName.put("app/build.gradle", "gradle");
        byName.put("CMakeLists.txt", "cmake");
        byName.put("cmake/deps.cmake", "cmake");
        byName.put("src/App.csproj", "xml");
        byName.put("setup.cfg", "ini");
        byName.put("Makefile", "makefile");
        byName.put(".github/ci.yml", "yaml");
        byName.put("Gemfile", "ruby");
        byName.put("Rakefile", "ruby");
        byName.put("project/plugins.sbt", "scala");
        byName.put("shop-1.0-1.rockspec", "lua");
        byName.put("notes.txt", "");
        byName.forEach((path, grammar) -> {
            assertThat(Highlighter.language(path, "text")).as(path).isEqualTo(grammar);
            if (!grammar.isEmpty()) {
                assertThat(hasGrammar(core, grammar)).as(grammar).isTrue();
            }
        });
        assertThat(Highlighter.language("x.kts", "kotlin")).isEqualTo("kotlin");
        assertThat(Highlighter.language("x.tsx", "tsx")).isEqualTo("typescript");
        assertThat(Highlighter.language("lib/rack.rb", "ruby")).isEqualTo("ruby");
        assertThat(Highlighter.language("src/Shop.php", "php")).isEqualTo("php");
        assertThat(Highlighter.language("Defer.scala", "scala")).isEqualTo("scala");
        assertThat(Highlighter.language("Package.swift", "swift")).isEqualTo("swift");
        assertThat(Highlighter.language("init.lua", "lua")).isEqualTo("lua");
        // Scala is not in highlight.js's common build: the page loads its grammar from the webjar
        assertThat(core).doesNotContain("grmr_scala:");
        assertThat(WebUi.HIGHLIGHT_SCRIPTS).contains(Highlighter.BASE + "/languages/scala.min.js");
        assertThat(resource(Highlighter.BASE + "/languages/scala.min.js")).contains("registerLanguage(\"scala\"");
        assertThat(Highlighter.language("x", "no-such-language")).isEmpty();
        // the page loads exactly these, all from the webjar on the classpath
        for (String script : WebUi.HIGHLIGHT_SCRIPTS) {
            assertThat(script).startsWith("/webjars/highlightjs/");
            assertThat(resource(script)).as(script).isNotEmpty();
        }
    }

    private static boolean hasGrammar(String core, String grammar) {
        return core.contains("grmr_" + grammar + ":") || Highlighter.EXTRA_LANGUAGES.contains(grammar);
    }

    private static String resource(String webPath) throws IOException {
        try (InputStream in = CodeViewTest.class.getResourceAsStream("/META-INF/resources" + webPath)) {
            assertThat(in).as(webPath).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void symbol_lookups_are_bounded_cited_lines_first_then_outward() {
        List<String> texts = IntStream.rangeClosed(1, 300)
                .mapToObj(i -> "name" + i + " = other" + i + " + 12abc + x")
                .toList();
        SourceView v = view("a.py", "python", 1, 300, texts);
        List<String> names = SymbolLinks.identifiers(v.lines(), 150, 150, 7);
        // line 150 first, then 149 and 151 (one away), then 148 …; no numbers, no one-letter names
        assertThat(names)
                .containsExactly("name150", "other150", "name149", "other149", "name151", "other151", "name148");
        assertThat(WebUi.symbolNames(v, 150, 150)).hasSize(WebUi.MAX_SYMBOL_NAMES);
        // documentation and data files link nowhere
        assertThat(WebUi.symbolNames(view("README.md", "markdown", 1, 1, List.of("see parseHeader")), 1, 1))
                .isEmpty();
        assertThat(WebUi.symbolLanguages("java"))
                .containsExactlyInAnyOrder(Language.JAVA, Language.KOTLIN, Language.SCALA);
        assertThat(WebUi.symbolLanguages("text")).isEmpty();
    }

    @Test
    void the_identifier_scan_is_linear_on_hostile_lines() {
        String longName = "a".repeat(2_000_000);
        String separators = "a.".repeat(1_000_000);
        SourceView v = view("x.py", "python", 1, 2, List.of(longName, separators));
        assertThatCode(() -> {
                    long t = System.nanoTime();
                    List<String> names = SymbolLinks.identifiers(v.lines(), 1, 2, 200);
                    assertThat(names).isEmpty(); // too long; one letter
                    assertThat(Duration.ofNanos(System.nanoTime() - t)).isLessThan(Duration.ofSeconds(2));
                })
                .doesNotThrowAnyException();
    }

    @Test
    void a_name_links_to_its_one_definition_or_to_a_choice_never_to_a_guess() {
        WebUi.Definition type = new WebUi.Definition("E.java", 4, 8, "E", "class");
        WebUi.Definition ctor = new WebUi.Definition("E.java", 5, 7, "E.E", "constructor");
        WebUi.Definition other = new WebUi.Definition("F.java", 1, 9, "F.E", "class");
        // a constructor folds into its class
        assertThat(SymbolLinks.single(List.of(ctor, type))).contains(type);
        // two unrelated definitions: a choice
        assertThat(SymbolLinks.single(List.of(type, ctor, other))).isEmpty();
        // two with the same range (a struct and its derive, say): the first stays
        WebUi.Definition twin = new WebUi.Definition("E.java", 4, 8, "E", "interface");
        assertThat(SymbolLinks.single(List.of(type, twin))).contains(type);

        SourceView v = view("G.java", "java", 1, 1, List.of("E e = new E();"));
        String html = WebUi.codeView(new WebUi.Viewer(
                v,
                1,
                1,
                false,
                List.of(),
                List.of(new WebUi.Symbol("E", List.of(type, ctor)), new WebUi.Symbol("F", List.of(type, other)))));
        assertThat(html)
                .contains("data-def-path=\"E.java\" data-def-start=\"4\" data-def-end=\"8\"")
                .contains("hx-get=\"/ui/definitions?repo=demo&amp;name=F&amp;from=G.java\"")
                .contains("data-choices=\"2\"");

        String choices = WebUi.definitionChoices("demo", "E", "F.java", List.of(type, other), false);
        assertThat(choices.indexOf("F.java:1-9"))
                .as("definitions in the file the name was clicked in come first")
                .isLessThan(choices.indexOf("E.java:4-8"));
        assertThat(choices.split("data-testid=\"definition-choice\"", -1)).hasSize(3);
    }

    @Test
    void the_whole_file_control_is_offered_for_a_window_and_a_cut_file_says_so() {
        SourceView window = view("a.py", "python", 5, 40, List.of("a", "b", "c"));
        String partial = WebUi.codeView(new WebUi.Viewer(window, 6, 6, false, List.of(), List.of()));
        assertThat(partial)
                .contains("data-testid=\"whole-file\"")
                .contains("hx-get=\"/ui/source?repo=demo&amp;path=a.py&amp;start=6&amp;end=6&amp;whole=true\"")
                .contains("showing 5–7 of 40")
                .doesNotContain("viewer-cut");

        String cut = WebUi.codeView(new WebUi.Viewer(
                view("big.py", "python", 1, 9000, List.of("a", "b")), 1, 1, true, List.of(), List.of()));
        assertThat(cut)
                .doesNotContain("data-testid=\"whole-file\"")
                .contains("data-testid=\"viewer-cut\"")
                .contains("This file has 9000 lines; the viewer shows at most 5,000");

        String whole = WebUi.codeView(new WebUi.Viewer(
                view("small.py", "python", 1, 2, List.of("a", "b")), 1, 1, true, List.of(), List.of()));
        assertThat(whole).doesNotContain("whole-file").doesNotContain("viewer-cut");
    }

    @Test
    void the_trace_panel_shows_the_trace_escaped() {
        IntentInfo intent = new IntentInfo("implementation", 0.873);
        Trace trace = new Trace(
                intent,
                Map.of("code", 5),
                Map.of("vector", 20, "pin", 1),
                Map.of("embed", 3.2, "total", 41.6),
                "parse <script>alert(1)</script>",
                List.of("src/" + HOSTILE + ".py:1-2"),
                LlmProvider.NONE,
                "definition");
        Source s = new Source(
                1, "code", "demo", "src/" + HOSTILE + ".py", 1, 2, "f", "python", 0.8, 80, true, 0.91, List.of("pin"));
        String html = WebUi.assistantMessage(
                "t1", new ChatResponse("It parses [1].", List.of(s), intent, trace, "c1", List.of(), false));
        assertThat(html).doesNotContain("<script").doesNotContain("<img");
        assertThat(html)
                .contains("data-testid=\"trace-panel\"")
                .contains("<summary>Why these sources</summary>")
                .contains("data-intent=\"implementation\"")
                .contains("implementation · 87% confidence")
                .contains("definition")
                .contains("code 5")
                .contains("parse &lt;script&gt;")
                .contains("0.91")
                .contains(">pin<")
                .contains("42 ms in all (embed 3 ms)");

        // a saved answer without a trace still opens the panel, with what it has
        String old = WebUi.assistantMessage(null, "a [1]", List.of(s), intent, List.of(), Optional.empty());
        assertThat(old).contains("data-testid=\"trace-panel\"").contains("before its trace was kept");
    }
}
