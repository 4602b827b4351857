package dev.coderag.retrieval.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class WordsTest {
    @Test
    void a_question_keeps_its_words_whole_and_a_hit_gives_them_whole_and_split() {
        assertThat(Words.question("How do I use GraphQL, fine-tune it or call ctrl_c() in `isPlainObject`?"))
                .containsExactly(
                        "how", "do", "use", "graphql", "finetune", "it", "or", "call", "ctrlc", "in", "isplainobject");
        assertThat(Words.of("parseHttpRequest(HTTPRequest2 r) // fine-tune ctrl_c"))
                .containsExactly(
                        "parse",
                        "http",
                        "request",
                        "parsehttprequest",
                        "http",
                        "request",
                        "httprequest2",
                        "fine",
                        "tune",
                        "finetune",
                        "ctrl",
                        "ctrlc");
    }

    @Test
    void forms_of_one_word_are_the_same_word_and_compounds_are_not() {
        assertThat(Words.sameWord("parse", "parser")).isTrue();
        assertThat(Words.sameWord("parsing", "parser")).isTrue();
        assertThat(Words.sameWord("gracefully", "graceful")).isTrue();
        assertThat(Words.sameWord("configure", "configuration")).isTrue();
        assertThat(Words.sameWord("libraries", "library")).isTrue();
        assertThat(Words.sameWord("running", "run")).isTrue();
        assertThat(Words.sameWord("make", "making")).isTrue();
        assertThat(Words.sameWord("depend", "dependencies")).isTrue();
        assertThat(Words.sameWord("depend", "dependent")).isTrue();
        assertThat(Words.sameWord("message", "messagepack")).isFalse();
        assertThat(Words.sameWord("shut", "shutdown")).isFalse();
        assertThat(Words.sameWord("graph", "graphql")).isFalse();
        assertThat(Words.sameWord("week", "weekend")).isFalse();
        assertThat(Words.sameWord("run", "runtime")).isFalse();
    }

    @Test
    void a_vocabulary_finds_a_word_in_any_of_its_forms() {
        var vocabulary = Words.vocabulary(List.of("Build the service with Maven and start it", "parseHeaders()"));
        assertThat(Words.contains(vocabulary, "building")).isTrue();
        assertThat(Words.contains(vocabulary, "services")).isTrue();
        assertThat(Words.contains(vocabulary, "started")).isTrue();
        assertThat(Words.contains(vocabulary, "header")).isTrue();
        assertThat(Words.contains(vocabulary, "parseheaders")).isTrue();
        assertThat(Words.contains(vocabulary, "gradle")).isFalse();
        assertThat(Words.contains(vocabulary, "starter")).isTrue();
        assertThat(Words.contains(vocabulary, "mavens")).isTrue();
    }

    @Test
    void a_joined_or_camel_case_word_of_a_question_has_parts_and_a_plain_word_has_none() {
        var parts = Words.questionParts("Is the server-side cache case-insensitive in insertAndGetId or plain?");
        assertThat(parts)
                .containsEntry("serverside", List.of("server", "side"))
                .containsEntry("caseinsensitive", List.of("case", "insensitive"))
                .containsEntry("insertandgetid", List.of("insert", "and", "get", "id"))
                .doesNotContainKey("plain")
                .doesNotContainKey("cache");
    }

    @Test
    void forms_to_look_up_drop_one_common_ending_and_keep_a_stem_of_four_letters() {
        assertThat(Words.forms("building")).contains("build");
        assertThat(Words.forms("reused")).contains("reuse");
        assertThat(Words.forms("discovers")).contains("discover");
        assertThat(Words.forms("runs")).isEmpty();
        assertThat(Words.forms("graphql")).isEmpty();
    }
}
