package dev.coderag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The shipped callee_questions of routing.json: which way along the call graph a question asks. */
class CallDirectionTest {
    private static final CallDirection SHIPPED = RoutingTable.load().callDirection();

    @Test
    void questions_about_what_the_subject_calls_ask_for_callees() {
        assertThat(SHIPPED.asksForCallees("What does Client.send call to send a request?", "send"))
                .isTrue();
        assertThat(SHIPPED.asksForCallees(
                        "Which helper methods does _build_redirect_request call?", "_build_redirect_request"))
                .isTrue();
        assertThat(SHIPPED.asksForCallees("which functions does parseHeader use", "parseHeader"))
                .isTrue();
    }

    @Test
    void questions_about_who_calls_the_subject_ask_for_callers() {
        assertThat(SHIPPED.asksForCallees("What calls Reconciler.plan?", "plan"))
                .isFalse();
        assertThat(SHIPPED.asksForCallees("Where is getCharsetFromContentType used?", "getCharsetFromContentType"))
                .as("no auxiliary before the subject")
                .isFalse();
        assertThat(SHIPPED.asksForCallees("Which functions call combineHandlers to build a chain?", "combineHandlers"))
                .isFalse();
        assertThat(SHIPPED.asksForCallees("What does the code call?", "plan"))
                .as("the subject is not in the question")
                .isFalse();
        assertThat(SHIPPED.asksForCallees("What does X call?", "")).isFalse();
    }
}
