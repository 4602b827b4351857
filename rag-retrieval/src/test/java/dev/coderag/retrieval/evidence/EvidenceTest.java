package dev.coderag.retrieval.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EvidenceTest {
    private static EvidenceHit hit(String text, double relevance, boolean pinned) {
        return new EvidenceHit(text, relevance, true, false, pinned);
    }

    @Test
    void the_repository_is_asked_only_about_the_words_no_hit_holds() {
        List<String> asked = new ArrayList<>();
        TermLookup repository = word -> {
            asked.add(word);
            return word.equals("gradle");
        };
        Evidence e = Evidence.gather(
                "How do I build the service with Gradle or Bazel?",
                List.of(
                        hit("README.md\n## Installation\nBuild the service with Maven and start it", 0.59, false),
                        hit("src/Main.java\nmain", 0.41, false)),
                repository,
                EvidencePolicy.load());
        assertThat(asked).containsExactly("gradle", "bazel");
        assertThat(e.terms())
                .containsExactly(
                        new Evidence.Term("service", true, true),
                        new Evidence.Term("gradle", false, true),
                        new Evidence.Term("bazel", false, false));
        assertThat(e.absentShare()).isEqualTo(1.0 / 3);
        assertThat(e.bestRelevance()).isEqualTo(0.59);
        assertThat(e.hits()).isEqualTo(2);
        assertThat(e.pinned()).isFalse();
    }

    @Test
    void only_the_first_hits_are_read_but_a_named_pin_counts_wherever_it_ranks() {
        EvidencePolicy two = new EvidencePolicy(
                2, 0.55, 0.2, 0.34, 0.75, 4, EvidencePolicy.load().genericWords(), 0.2, 0.55);
        List<EvidenceHit> hits =
                List.of(hit("a", 0.5, false), hit("b", 0.6, false), hit("tokenizer reads tokens", 0.9, true));
        Evidence e = Evidence.gather("tokenizer", hits, TermLookup.NONE, two);
        assertThat(e.hits()).isEqualTo(2);
        assertThat(e.bestRelevance()).isEqualTo(0.6);
        assertThat(e.terms()).containsExactly(new Evidence.Term("tokenizer", false, false));
        assertThat(e.pinned()).isTrue();
    }

    @Test
    void names_match_the_definitions_and_files_a_question_writes() {
        Names names = new Names(List.of("HeaderParser.parseHeaders", "isPlainObject"), List.of("Router.java"), false);
        assertThat(names.names("src/HeaderParser.java", "parseHeaders")).isTrue();
        assertThat(names.names("src/utils/isPlainObject.ts", "isPlainObject")).isTrue();
        assertThat(names.names("router/src/Router.java", "")).isTrue();
        assertThat(names.names("src/Remover.java", "remove")).isFalse();
        assertThat(names.names("src/MyRouter.java", "")).isFalse();
        assertThat(new Names(List.of(), List.of(), true).names("any/File.java", "any"))
                .isTrue();
    }

    @Test
    void a_joined_word_is_held_when_its_parts_are_and_another_form_counts_in_the_repository() {
        TermLookup repository = word -> word.equals("side") || word.equals("discover");
        Evidence e = Evidence.gather(
                "How does server-side caching work, and how are plugins discovered?",
                List.of(hit("src/server.py\nclass Server: caching", 0.7, false)),
                repository,
                EvidencePolicy.load());
        assertThat(e.terms())
                .containsExactly(
                        new Evidence.Term("serverside", false, true),
                        new Evidence.Term("caching", true, true),
                        new Evidence.Term("plugins", false, false),
                        new Evidence.Term("discovered", false, true));
    }
}
