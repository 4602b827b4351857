package dev.coderag.retrieval.commits;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.retrieval.commits.HistoryQuestion.Ask;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a history question asks and the dates it names, read from its words. */
class HistoryQuestionTest {
    private static final Instant NOW = Instant.parse("2026-11-15T10:00:00Z");

    private static long day(String iso) {
        return LocalDate.parse(iso).atStartOfDay(ZoneOffset.UTC).toEpochSecond();
    }

    private static Optional<TimeWindow> window(String q) {
        return TimeWindow.in(q, NOW);
    }

    @Test
    void the_ask_is_read_from_the_question_words() {
        assertThat(HistoryQuestion.of("When was `parseHeader` added?", NOW).ask())
                .isEqualTo(Ask.ADDED);
        assertThat(HistoryQuestion.of("Which commit introduced Element.classList()?", NOW)
                        .ask())
                .isEqualTo(Ask.ADDED);
        assertThat(HistoryQuestion.of("Who last changed `parseHeader`?", NOW).ask())
                .isEqualTo(Ask.LAST_CHANGED);
        assertThat(HistoryQuestion.of("What was the most recent change to `normalize_path`?", NOW)
                        .ask())
                .isEqualTo(Ask.LAST_CHANGED);
        assertThat(HistoryQuestion.of("Why was the retry limit changed?", NOW).ask())
                .isEqualTo(Ask.WHY);
        assertThat(HistoryQuestion.of("What changed in tree.go between May and July 2024?", NOW)
                        .ask())
                .isEqualTo(Ask.CHANGES);
        assertThat(HistoryQuestion.of("Why was the retry limit changed?", NOW).words())
                .containsExactly("retry", "limit");
    }

    @Test
    void months_days_and_iso_dates_span_from_the_first_to_the_last() {
        assertThat(window("What changed in March 2024?"))
                .contains(new TimeWindow(day("2024-03-01"), day("2024-04-01")));
        assertThat(window("between 2023-01-01 and 2023-06-30"))
                .contains(new TimeWindow(day("2023-01-01"), day("2023-07-01")));
        assertThat(window("What changed in HttpConnection.java between 1 March and 31 March 2025?"))
                .contains(new TimeWindow(day("2025-03-01"), day("2025-04-01")));
        assertThat(window("between mid-February and the end of March 2025"))
                .contains(new TimeWindow(day("2025-02-15"), day("2025-04-01")));
        assertThat(window("What changed in CharacterReader between November 2023 and January 2024?"))
                .contains(new TimeWindow(day("2023-11-01"), day("2024-02-01")));
        assertThat(window("What changes were made to Entities.java in July and August 2024?"))
                .contains(new TimeWindow(day("2024-07-01"), day("2024-09-01")));
        assertThat(window("from August to October 2022"))
                .contains(new TimeWindow(day("2022-08-01"), day("2022-11-01")));
        assertThat(window("What changed in response_writer.go in the second half of 2025?"))
                .contains(new TimeWindow(day("2025-07-01"), day("2026-01-01")));
        assertThat(window("between 14 November and the end of December 2024"))
                .contains(new TimeWindow(day("2024-11-14"), day("2025-01-01")));
    }

    @Test
    void relative_dates_count_back_from_now_and_since_leaves_the_end_open() {
        assertThat(window("What changed in the parser last month?"))
                .contains(new TimeWindow(day("2026-10-01"), day("2026-11-01")));
        assertThat(window("What changed since 2024?")).contains(new TimeWindow(day("2024-01-01"), Long.MAX_VALUE));
        assertThat(window("What changed before March 2020?"))
                .contains(new TimeWindow(Long.MIN_VALUE, day("2020-04-01")));
        assertThat(window("What changed two weeks ago?"))
                .contains(new TimeWindow(day("2026-11-01"), day("2026-11-16")));
    }

    @Test
    void the_evidence_text_keeps_what_the_sources_hold_not_what_is_asked_of_the_history() {
        assertThat(HistoryQuestion.evidenceText("When was `parseHeader` added?"))
                .isEqualTo("was `parseHeader`");
        assertThat(HistoryQuestion.evidenceText("What changed in tree.go between 2024-08-01 and mid-March 2025?"))
                .isEqualTo("What in tree.go and");
    }

    @Test
    void numbers_and_words_that_are_no_dates_name_no_window() {
        assertThat(window("Why was the limit raised to 2048?")).isEmpty();
        assertThat(window("Why may the parser fail on 3 inputs?")).isEmpty();
        assertThat(window("Who last changed `parseHeader`?")).isEmpty();
        assertThat(window("x".repeat(100_000) + " 2024-13-45")).isEmpty();
    }
}
