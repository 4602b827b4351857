package dev.coderag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.embed.Embedder;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Intent classification with the real model, on paraphrases that are not among the prototypes. */
class IntentClassifierTest {
    private static Embedder embedder;
    private static IntentClassifier classifier;

    @BeforeAll
    static void load() {
        embedder = SharedModel.embedder();
        classifier = IntentClassifier.load(embedder);
    }

    private static IntentClassifier.Result classify(String q) {
        return classifier.classify(embedder.embedQuery(q), q);
    }

    @Test
    void paraphrases_not_in_the_prototypes_get_their_intent() {
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put("Can you give me a high-level tour of this codebase?", "overview");
        cases.put("What is the purpose of this repo and how is it organised?", "overview");
        cases.put("Where do we parse the HTTP request headers?", "implementation");
        cases.put("How does the TTL cache decide which entry to evict?", "implementation");
        cases.put("How does ingest decide which files changed?", "implementation");
        cases.put("What happens when a request times out?", "implementation");
        cases.put("Which functions invoke fetch_with_retry?", "relationship");
        cases.put("what code ends up calling the router's match method?", "relationship");
        cases.put("How is the Go server different from the Python client?", "comparison");
        cases.put("Rust cache vs TypeScript client: which is simpler?", "comparison");
        cases.put("How can I set this up on my laptop?", "usage");
        cases.put("Which command-line flags does the CLI accept?", "usage");
        // identifiers in the question must not pull it to the wrong intent
        cases.put("who calls fetch_with_retry?", "relationship");
        cases.put("callers of parseHeader", "relationship");
        cases.put("where is Chain used?", "relationship");
        cases.put("where is fetch_with_retry implemented?", "implementation");
        cases.put("Where do we parse the HTTP request headers?", "implementation");
        // a follow-up without a subject
        cases.put("and where is it called?", "relationship");
        Map<String, String> got = new LinkedHashMap<>();
        cases.forEach((q, want) -> got.put(q, classify(q).intent()));
        assertThat(got).isEqualTo(cases);
    }

    @Test
    void a_query_without_question_form_searches_for_code_unless_a_cue_says_otherwise() {
        Map<String, String> cases = new LinkedHashMap<>();
        // typed into a search box: code, whatever the topic words
        cases.put("connection pooling and transport", "implementation");
        cases.put("TCPConnector", "implementation");
        cases.put("help text generation and usage template formatting", "implementation");
        cases.put("pyenv integration plugin for bash", "implementation");
        cases.put("HTTP router and middleware composition", "implementation");
        // a cue still routes a search: callers, installation, a comparison
        cases.put("callers of parseHeader", "relationship");
        cases.put("installation with pip", "usage");
        cases.put("Rust cache vs TypeScript client", "comparison");
        // "How …" asks how something works unless it is "How do I …"
        cases.put("how are HTTP requests sent", "implementation");
        cases.put("how setup and teardown hooks are called around each test", "implementation");
        cases.put("How do I make fields required?", "usage");
        Map<String, String> got = new LinkedHashMap<>();
        cases.forEach((q, want) -> got.put(q, classify(q).intent()));
        assertThat(got).isEqualTo(cases);
    }

    @Test
    void every_prototype_classifies_as_its_own_intent_with_full_confidence() {
        IntentClassifier.Prototypes p = IntentClassifier.parse(Resources.text("intents.json"));
        p.questions()
                .forEach((intent, questions) -> questions.forEach(q -> {
                    IntentClassifier.Result r = classify(q);
                    assertThat(r.intent()).as(q).isEqualTo(intent);
                    assertThat(r.confidence()).as(q).isGreaterThanOrEqualTo(0.99);
                }));
    }

    @Test
    void cue_words_are_data_and_only_add_to_their_intent() {
        IntentClassifier.Prototypes p = IntentClassifier.parse(Resources.text("intents.json"));
        assertThat(p.cues().get("relationship")).contains("callers");
        assertThat(p.cueBonus()).isBetween(0.0, 0.2);
        IntentClassifier custom = new IntentClassifier(
                new IntentClassifier.Prototypes(
                        0.0,
                        "implementation",
                        java.util.Map.of(
                                "implementation", java.util.List.of("where is the parser"),
                                "comparison", java.util.List.of("where is the parser defined")),
                        0.5,
                        java.util.Map.of("comparison", java.util.List.of("versus")),
                        0.0,
                        java.util.Map.of(),
                        0.0,
                        java.util.Map.of(),
                        java.util.Set.of(),
                        java.util.Set.of("implementation", "comparison"),
                        java.util.Map.of()),
                embedder);
        float[] v = embedder.embedQuery("where is the parser");
        assertThat(custom.classify(v, "where is the parser").intent()).isEqualTo("implementation");
        assertThat(custom.classify(v, "where is the parser versus the lexer").intent())
                .isEqualTo("comparison");
        assertThat(custom.classify(v, "where is the parser versusX").intent()).isEqualTo("implementation");
    }

    @Test
    void questions_about_when_why_and_by_whom_code_changed_ask_the_history() {
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put("When did `parseHeader` first appear?", "history");
        cases.put("In which commit was `Router.route` introduced?", "history");
        cases.put("Who added the timeout option to the client?", "history");
        cases.put("Why did the retry limit change?", "history");
        cases.put("Who most recently modified the retry logic?", "history");
        cases.put("What changed in HeaderParser.java between 2023-01-01 and 2023-06-30?", "history");
        cases.put("Which commits touched the router in March 2024?", "history");
        cases.put("What was the last change to `Context.ClientIP()`?", "history");
        // questions about how the code works now, or what it calls, stay where they were
        cases.put("How does the parser handle trailing input?", "implementation");
        cases.put("How does ingest decide which files changed?", "implementation");
        cases.put("Where is the retry limit configured?", "implementation");
        cases.put("Who calls parseHeader?", "relationship");
        cases.put("What is the difference between the old and the new parser?", "comparison");
        cases.put("How do I install it?", "usage");
        Map<String, String> got = new LinkedHashMap<>();
        cases.forEach((q, want) -> got.put(q, classify(q).intent()));
        assertThat(got).isEqualTo(cases);
    }

    @Test
    void a_year_or_version_tag_is_a_cue_pattern_of_the_history() {
        IntentClassifier.Prototypes p = IntentClassifier.parse(Resources.text("intents.json"));
        assertThat(p.cued("history", " what changed in the parser in 2024 ")).isTrue();
        assertThat(p.cued("history", " what is new since v1 2 ")).isTrue();
        assertThat(p.cued("history", " how does the parser read 20245 bytes ")).isFalse();
        assertThat(p.cued("implementation", " what changed in the parser in 2024 "))
                .isFalse();
    }

    @Test
    void a_question_far_from_every_prototype_falls_back_to_the_default_intent() {
        IntentClassifier.Result r = classify("banana bread recipe with walnuts");
        assertThat(r.intent()).isEqualTo("implementation");
        assertThat(r.confidence()).isLessThan(0.7);
    }
}
