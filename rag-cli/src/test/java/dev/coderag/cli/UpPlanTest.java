package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class UpPlanTest {
    @Test
    void no_source_ingests_the_current_directory_and_serves_with_defaults() {
        UpPlan plan = UpPlan.parse(new String[0], "/home/me/project");

        assertThat(plan.help()).isFalse();
        assertThat(plan.sources()).containsExactly("/home/me/project");
        assertThat(plan.serveArgs()).containsExactly("serve", "--ingest", "/home/me/project");
    }

    @Test
    void db_host_and_port_go_to_serve_and_each_source_becomes_an_ingest_option() {
        UpPlan plan = UpPlan.parse(
                new String[] {"a", "--db", "/s", "https://example.org/r.git", "--host=0.0.0.0", "--port", "4000"},
                "/cwd");

        assertThat(plan.sources()).containsExactly("a", "https://example.org/r.git");
        assertThat(plan.serveArgs())
                .containsExactly(
                        "serve",
                        "--db",
                        "/s",
                        "--host",
                        "0.0.0.0",
                        "--port",
                        "4000",
                        "--ingest",
                        "a",
                        "--ingest",
                        "https://example.org/r.git");
    }

    @Test
    void what_the_network_may_index_goes_to_serve_and_repeats() {
        UpPlan plan = UpPlan.parse(
                new String[] {"a", "--allow-path", "/srv/code", "--allow-path=/opt/x", "--allow-git-host", "github.com"
                },
                "/cwd");

        assertThat(plan.sources()).containsExactly("a");
        assertThat(plan.serveArgs())
                .containsExactly(
                        "serve",
                        "--allow-path",
                        "/srv/code",
                        "--allow-path",
                        "/opt/x",
                        "--allow-git-host",
                        "github.com",
                        "--ingest",
                        "a");
    }

    @Test
    void help_is_recognised_anywhere() {
        assertThat(UpPlan.parse(new String[] {"x", "--help"}, "/cwd").help()).isTrue();
        assertThat(UpPlan.parse(new String[] {"-h"}, "/cwd").help()).isTrue();
    }

    @Test
    void unknown_option_and_missing_value_are_one_line_usage_errors() {
        assertThatThrownBy(() -> UpPlan.parse(new String[] {"--llm", "openai"}, "/cwd"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown option '--llm'");
        assertThatThrownBy(() -> UpPlan.parse(new String[] {"--port"}, "/cwd"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--port needs a value");
        assertThatThrownBy(() -> UpPlan.parse(new String[] {"--db="}, "/cwd"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--db needs a value");
    }
}
