package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./rag serve} on loopback as a new user starts it, without RAG_TOKEN: other accounts on the machine reach
 * loopback too, so the server uses the token in a file only the user can read (made on first use), prints a
 * one-time link that logs the page in, and refuses clients without the token.
 */
class TokenDefaultIT {
    private static final Duration T = Duration.ofMinutes(3);

    @TempDir
    Path tmp;

    @Test
    void a_loopback_server_without_a_token_uses_the_token_file_and_prints_a_one_time_login_link() throws Exception {
        Path db = Proc.copyTree(Proc.sharedStore().db(), tmp.resolve("store"));
        Path config = tmp.resolve("config");
        try (Proc server = Proc.rag(
                tmp,
                Map.of(
                        "RAG_DB",
                        db.toString(),
                        "RAG_PORT",
                        "0",
                        "RAG_NO_TOKEN",
                        "",
                        "XDG_CONFIG_HOME",
                        config.toString()),
                "serve")) {
            String url = server.awaitUrl(T) + "/";
            String open = server.awaitLine(l -> l.startsWith("open http"), T);
            Path file = config.resolve("coderag/token");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                    .isEqualTo("rw-------");
            String token = Files.readString(file).strip();
            assertThat(server.out() + server.err()).doesNotContain(token);

            HttpClient http = HttpClient.newHttpClient();
            assertThat(http.send(get(url + "api/repos").build(), HttpResponse.BodyHandlers.ofString())
                            .statusCode())
                    .isEqualTo(401);
            assertThat(http.send(
                                    get(url + "api/repos")
                                            .header("Authorization", "Bearer " + token)
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .statusCode())
                    .isEqualTo(200);

            String link = open.split(" ")[1];
            assertThat(link).startsWith(url + "login?once=");
            HttpResponse<String> login = http.send(get(link).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(login.statusCode()).isEqualTo(303);
            String session =
                    login.headers().firstValue("Set-Cookie").orElseThrow().split(";", 2)[0];
            assertThat(http.send(get(url).header("Cookie", session).build(), HttpResponse.BodyHandlers.ofString())
                            .statusCode())
                    .isEqualTo(200);
            assertThat(http.send(get(link).build(), HttpResponse.BodyHandlers.ofString())
                            .statusCode())
                    .as("the link works once")
                    .isEqualTo(401);
        }
    }

    private static HttpRequest.Builder get(String url) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30));
    }
}
