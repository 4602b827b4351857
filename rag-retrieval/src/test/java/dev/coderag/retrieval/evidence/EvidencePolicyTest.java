package dev.coderag.retrieval.evidence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EvidencePolicyTest {
    private static final EvidencePolicy POLICY =
            new EvidencePolicy(10, 0.55, 0.2, 0.34, 0.75, 4, Set.of("how", "do", "i"), 0.2, 0.55);

    private static Evidence evidence(double best, boolean pinned, String... words) {
        List<Evidence.Term> terms = new ArrayList<>();
        for (String w : words) {
            boolean absent = w.startsWith("!");
            terms.add(new Evidence.Term(absent ? w.substring(1) : w, !absent, !absent));
        }
        return new Evidence(terms, best, pinned, 10);
    }

    @Test
    void every_word_found_answers_above_the_low_floor_whatever_the_cosine_above_it() {
        Verdict v = POLICY.judge(evidence(0.59, false, "build", "start", "service"));
        assertThat(v.answerable()).as(v.reason()).isTrue();
        assertThat(v.reason()).isEqualTo("every word of it found");
        assertThat(POLICY.judge(evidence(0.50, false, "build", "start")).answerable())
                .isFalse();
    }

    @Test
    void a_static_tier_store_is_judged_on_the_static_scale_with_the_same_word_rules() {
        EvidencePolicy staticTier = POLICY.forStaticTier();
        assertThat(staticTier.relevanceFloor()).isEqualTo(0.2);
        assertThat(staticTier.strongRelevance()).isEqualTo(0.55);
        // static cosines run lower than the model's: a section that answers may score 0.3 there
        Evidence found = evidence(0.3, false, "build", "start");
        assertThat(POLICY.judge(found).answerable()).isFalse();
        assertThat(staticTier.judge(found).answerable()).isTrue();
        Evidence lacking = evidence(0.6, false, "!graphql", "schema", "resolvers", "server", "routes");
        assertThat(POLICY.judge(lacking).answerable()).isFalse();
        assertThat(staticTier.judge(lacking).answerable()).isTrue();
        assertThat(staticTier
                        .judge(evidence(0.5, false, "!graphql", "schema", "resolvers", "server", "routes"))
                        .answerable())
                .isFalse();
        assertThat(staticTier
                        .judge(evidence(0.95, false, "!recipe", "!banana", "!bread"))
                        .answerable())
                .isFalse();
    }

    @Test
    void the_shipped_policy_has_a_static_tier_scale_of_its_own_below_the_models() {
        EvidencePolicy shipped = EvidencePolicy.load();
        assertThat(shipped.staticRelevanceFloor()).isLessThan(shipped.relevanceFloor());
        assertThat(shipped.staticStrongRelevance()).isLessThan(shipped.strongRelevance());
        assertThat(shipped.staticStrongRelevance()).isGreaterThan(shipped.staticRelevanceFloor());
    }

    @Test
    void a_general_question_is_answered_on_relevance_alone() {
        assertThat(POLICY.judge(evidence(0.61, false)).reason()).isEqualTo("a general question");
        assertThat(POLICY.judge(evidence(0.61, false)).answerable()).isTrue();
        assertThat(POLICY.judge(evidence(0.40, false)).answerable()).isFalse();
    }

    @Test
    void a_word_the_repository_never_mentions_refuses_however_close_the_nearest_code_is() {
        Verdict v = POLICY.judge(evidence(0.80, false, "!graphql", "schema", "resolvers"));
        assertThat(v.answerable()).isFalse();
        assertThat(v.reason()).isEqualTo("the repository never mentions 'graphql'");
        Verdict off = POLICY.judge(evidence(0.52, false, "!recipe", "!banana", "!bread"));
        assertThat(off.answerable()).isFalse();
        assertThat(off.reason()).isEqualTo("the repository never mentions 'recipe', 'banana', 'bread'");
    }

    @Test
    void one_lacking_word_in_five_passes_only_a_strong_match_and_named_code_allows_one_in_three() {
        String[] oneInFive = {"replace", "reducer", "!running", "store", "splitting"};
        assertThat(POLICY.judge(evidence(0.76, false, oneInFive)).answerable()).isTrue();
        assertThat(POLICY.judge(evidence(0.76, false, oneInFive)).reason())
                .isEqualTo("a strong match (relevance 0.76) though the repository never mentions 'running'");
        assertThat(POLICY.judge(evidence(0.70, false, oneInFive)).answerable()).isFalse();
        String[] oneInThree = {"combinereducers", "!merge", "reducers"};
        assertThat(POLICY.judge(evidence(0.80, false, oneInThree)).answerable()).isFalse();
        assertThat(POLICY.judge(evidence(0.80, true, oneInThree)).answerable()).isTrue();
        assertThat(POLICY.judge(evidence(0.80, true, "!export", "jarray", "!csv"))
                        .answerable())
                .isFalse();
    }

    @Test
    void a_long_question_may_lack_one_word_of_its_own_but_not_two_and_only_with_a_strong_match() {
        String[] oneInFour = {"tokenizer", "construction", "vocabulary", "!building"};
        assertThat(POLICY.judge(evidence(0.79, false, oneInFour)).answerable()).isTrue();
        assertThat(POLICY.judge(evidence(0.70, false, oneInFour)).answerable()).isFalse();
        assertThat(POLICY.judge(evidence(0.79, false, "tokenizer", "!construction", "vocabulary", "!building"))
                        .answerable())
                .isFalse();
        assertThat(POLICY.judge(evidence(0.79, false, "tokenizer", "vocabulary", "!building"))
                        .answerable())
                .as("three words: the share rule")
                .isFalse();
    }

    @Test
    void named_code_that_was_found_answers_below_the_floor_and_no_hit_refuses() {
        assertThat(POLICY.judge(evidence(0.30, true, "parseheaders")).answerable())
                .isTrue();
        assertThat(POLICY.judge(new Evidence(List.of(), 0, false, 0)).answerable())
                .isFalse();
    }

    @Test
    void content_words_are_the_question_less_its_generic_words_and_numbers() {
        assertThat(POLICY.contentWords("How do I build it on Windows 11 and build it again?"))
                .containsExactly("build", "it", "on", "windows", "and", "again");
        assertThat(EvidencePolicy.load().contentWords("How do I build and start the service?"))
                .as("the setup verbs are generic: every project is built and run")
                .containsExactly("service");
        assertThat(EvidencePolicy.load().contentWords("What does this project do?"))
                .isEmpty();
    }

    @Test
    void the_shipped_policy_loads_and_a_missing_parameter_is_an_error() throws Exception {
        EvidencePolicy shipped = EvidencePolicy.load();
        assertThat(shipped.relevanceFloor()).isLessThan(shipped.strongRelevance());
        assertThat(shipped.maxAbsentShare()).isLessThanOrEqualTo(shipped.maxAbsentShareNamed());
        assertThatThrownBy(() -> EvidencePolicy.parse(new ObjectMapper().readTree("{\"hits\": 10}")))
                .hasMessageContaining("relevance_floor");
    }
}
