package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./rag up}, the main job: run inside a repository, it serves at once and ingests that directory in the
 * background.
 */
class UpIT {
    private static final Duration T = Duration.ofMinutes(3);

    @TempDir
    Path tmp;

    @Test
    void up_in_a_repository_ingests_it_serves_it_and_a_second_up_reuses_the_store() throws Exception {
        Path repo = Proc.copyFixture(Files.createDirectories(tmp.resolve("tinyroute")));
        Map<String, String> env = Map.of("RAG_DB", tmp.resolve("store").toString(), "RAG_PORT", "0");

        try (Proc up = Proc.rag(repo, env, "up")) {
            String url = up.awaitUrl(T);
            up.awaitLine(l -> l.startsWith("coderag is serving " + url), T); // the log line may come first
            assertThat(up.out()).contains("coderag is serving " + url);
            up.awaitLine(l -> l.contains("new ") && l.contains("unchanged"), T); // the background ingest's summary

            HttpResponse<String> health = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(url + "/health")).build(),
                            HttpResponse.BodyHandlers.ofString());
            JsonNode h = new ObjectMapper().readTree(health.body());
            assertThat(h.path("repos").asInt()).isEqualTo(1);
            assertThat(h.path("chunks").path("code").asInt()).isPositive();

            assertThat(up.terminate(Duration.ofSeconds(30)).exitCode()).isIn(0, 143);
        }

        try (Proc again = Proc.rag(repo, env, "up")) {
            again.awaitUrl(T);
            again.awaitLine(l -> l.contains("new 0, changed 0, unchanged "), T);
            again.terminate(Duration.ofSeconds(30));
        }
    }
}
