package dev.coderag.chat.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SseParserTest {

    @Test
    void parses_named_events_multiline_data_comments_and_a_final_event_without_blank_line() {
        List<SseParser.Event> events = new ArrayList<>();
        SseParser p = new SseParser(events::add);
        for (String line : List.of(
                ": keep-alive",
                "data: {\"a\":1}",
                "",
                "event: token",
                "data:one",
                "data:  two",
                "id: 7",
                "",
                "data: tail")) {
            p.line(line);
        }
        p.end();
        assertThat(events)
                .containsExactly(
                        new SseParser.Event("message", "{\"a\":1}", ""),
                        new SseParser.Event("token", "one\n two", "7"),
                        new SseParser.Event("message", "tail", "7"));
    }

    @Test
    void blank_lines_without_data_dispatch_nothing() {
        List<SseParser.Event> events = new ArrayList<>();
        SseParser p = new SseParser(events::add);
        p.line("");
        p.line("event: x");
        p.line("");
        p.end();
        assertThat(events).isEmpty();
    }
}
