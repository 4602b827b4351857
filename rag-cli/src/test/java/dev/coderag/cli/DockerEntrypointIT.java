package dev.coderag.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No Docker engine runs here, so this runs what the images run: the ENTRYPOINT + CMD (or the compose
 * file's command), with the image's ENV, the compose env_file and nothing else in the environment, over
 * the same jars (the image's /app is rag-cli/target). Container paths map to host directories: /app to
 * rag-cli/target, each named volume to a temp directory, the repositories' bind mount to a copy of the
 * fixture repo (the compose file mounts this project; the fixture keeps the test quick). The one other
 * change: RAG_PORT is a free port, since outside a container port 3000 may be taken.
 */
class DockerEntrypointIT {
    private static final Path DOCKER = Proc.ROOT.resolve("docker");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    /** What the operator exports as RAG_TOKEN before `docker compose up` (the chat service requires it). */
    private static final String TOKEN = "it-token-" + Long.toHexString(System.nanoTime());
    /** Compose's ${VAR:?message} and ${VAR} interpolation, for the variables this test sets. */
    private static final Pattern INTERPOLATION = Pattern.compile("\\$\\{(RAG_TOKEN)(?::\\?[^}]*)?}");

    @TempDir
    Path tmp;

    @Test
    void compose_files_are_valid_for_docker_compose() {
        boolean required = "1".equals(System.getenv("RAG_REQUIRE_COMPOSE"));
        boolean present = Files.isExecutable(Path.of("/usr/bin/docker-compose"));
        assumeThat(present || required).as("docker-compose is not installed").isTrue();
        assertThat(present)
                .as("RAG_REQUIRE_COMPOSE=1 but /usr/bin/docker-compose is missing")
                .isTrue();

        for (String file : new String[] {"docker-compose-ingest.yaml", "docker-compose.yaml"}) {
            Proc.Result r;
            try (Proc p = Proc.start(
                    List.of("/usr/bin/docker-compose", "-f", file, "config", "-q"),
                    DOCKER,
                    Map.of("RAG_TOKEN", TOKEN),
                    false)) {
                r = p.await(Duration.ofMinutes(1));
            }
            assertThat(r.exitCode()).as(file + ": " + r.err()).isZero();
        }
    }

    @Test
    void ingest_image_fills_the_volume_that_the_chat_image_serves_and_reports_healthy() throws Exception {
        Dockerfile dockerfile = Dockerfile.read(DOCKER.resolve("Dockerfile"));
        JsonNode ingest = YAML.readTree(
                        DOCKER.resolve("docker-compose-ingest.yaml").toFile())
                .path("services")
                .path("ingest");
        JsonNode chat = YAML.readTree(DOCKER.resolve("docker-compose.yaml").toFile())
                .path("services")
                .path("chat");

        // Stage 1: ingest, as `docker compose -f docker/docker-compose-ingest.yaml up` runs it.
        Map<String, Path> mounts = mounts(ingest);
        String ingestTarget = ingest.path("build").path("target").asText();
        List<String> ingestCommand = command(dockerfile, ingestTarget, ingest, mounts);
        Map<String, String> ingestEnv = environment(dockerfile, ingestTarget, ingest, mounts);
        assertThat(ingestCommand).contains("ingest");

        Proc.Result ingested;
        try (Proc p = Proc.start(ingestCommand, tmp, ingestEnv, true)) {
            ingested = p.await(Duration.ofMinutes(5));
        }
        assertThat(ingested.exitCode()).as(ingested.err()).isZero();
        assertThat(ingested.out()).contains("coderag");

        // Stage 2: serve from the same volume, as `docker compose -f docker/docker-compose.yaml up` runs it.
        Map<String, Path> chatMounts = mounts(chat);
        assertThat(chatMounts).containsEntry("/data", mounts.get("/data"));
        String chatTarget = chat.path("build").path("target").asText();
        Map<String, String> chatEnv = environment(dockerfile, chatTarget, chat, chatMounts);
        assertThat(chatEnv).containsEntry("RAG_PORT", "3000").containsEntry("RAG_TOKEN", TOKEN);
        int port = freePort();
        chatEnv.put("RAG_PORT", Integer.toString(port));

        try (Proc server = Proc.start(command(dockerfile, chatTarget, chat, chatMounts), tmp, chatEnv, true)) {
            server.awaitUrl(Duration.ofMinutes(2));

            // The compose healthcheck, run as written (the container's port 3000 is our free port).
            List<String> health = new ArrayList<>();
            for (JsonNode part : chat.path("healthcheck").path("test")) {
                health.add(part.asText().replace(":3000/", ":" + port + "/"));
            }
            assertThat(health.removeFirst()).isEqualTo("CMD");
            try (Proc check = Proc.start(health, tmp, Map.of("PATH", "/usr/bin:/bin"), true)) {
                Proc.Result r = check.await(Duration.ofSeconds(30));
                assertThat(r.exitCode())
                        .as("healthcheck %s: %s", health, r.err())
                        .isZero();
            }

            URI repos = URI.create("http://127.0.0.1:" + port + "/api/repos");
            HttpResponse<String> anonymous = HttpClient.newHttpClient()
                    .send(HttpRequest.newBuilder(repos).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(anonymous.statusCode())
                    .as("the container listens widely: a token is required")
                    .isEqualTo(401);
            HttpResponse<String> status = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(repos)
                                    .header("Authorization", "Bearer " + TOKEN)
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertThat(status.statusCode()).isEqualTo(200);
            assertThat(status.body()).contains("\"coderag\"");

            Proc.Result stopped = server.terminate(Duration.ofSeconds(30));
            assertThat(stopped.err()).doesNotContain("Exception");
        }
    }

    /** Container path → host directory for the service's volumes and the image's /app. */
    private Map<String, Path> mounts(JsonNode service) throws IOException {
        Map<String, Path> mounts = new LinkedHashMap<>();
        mounts.put("/app", Proc.ROOT.resolve("rag-cli/target"));
        for (JsonNode volume : service.path("volumes")) {
            String[] parts = volume.asText().split(":");
            String source = parts[0];
            String target = parts[1];
            Path host;
            if (source.startsWith(".") || source.startsWith("/")) {
                // A bind mount of repositories: the fixture repo, under the same directory name.
                host = tmp.resolve("host" + target);
                Files.createDirectories(host.getParent());
                Proc.copyFixture(host);
            } else {
                host = Files.createDirectories(tmp.resolve("volumes").resolve(source));
            }
            mounts.put(target, host);
        }
        return mounts;
    }

    private static List<String> command(
            Dockerfile dockerfile, String target, JsonNode service, Map<String, Path> mounts) {
        List<String> command = new ArrayList<>(dockerfile.entrypoint(target));
        if (service.has("command")) {
            service.path("command").forEach(c -> command.add(c.asText()));
        } else {
            command.addAll(dockerfile.cmd(target));
        }
        return command.stream().map(a -> mapPath(a, mounts)).toList();
    }

    /** The image's ENV + the service's environment and env_file, with PATH leading to this JVM's java. */
    private static Map<String, String> environment(
            Dockerfile dockerfile, String target, JsonNode service, Map<String, Path> mounts) throws IOException {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PATH", Path.of(System.getProperty("java.home"), "bin") + ":/usr/bin:/bin");
        env.putAll(dockerfile.env(target));
        for (JsonNode file : service.path("env_file")) {
            for (String line : Files.readAllLines(DOCKER.resolve(file.asText()))) {
                String l = line.strip();
                if (!l.isEmpty() && !l.startsWith("#")) {
                    env.put(l.substring(0, l.indexOf('=')), l.substring(l.indexOf('=') + 1));
                }
            }
        }
        service.path("environment")
                .properties()
                .forEach(e -> env.put(
                        e.getKey(), INTERPOLATION.matcher(e.getValue().asText()).replaceAll(TOKEN)));
        env.replaceAll((k, v) -> mapPath(v, mounts));
        return env;
    }

    private static String mapPath(String arg, Map<String, Path> mounts) {
        String prefix = arg.startsWith("@") ? "@" : "";
        String path = arg.substring(prefix.length());
        return mounts.entrySet().stream()
                .sorted(Comparator.comparingInt(
                                (Map.Entry<String, Path> e) -> e.getKey().length())
                        .reversed())
                .filter(e -> path.equals(e.getKey()) || path.startsWith(e.getKey() + "/"))
                .findFirst()
                .map(e -> prefix + e.getValue() + path.substring(e.getKey().length()))
                .orElse(arg);
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
