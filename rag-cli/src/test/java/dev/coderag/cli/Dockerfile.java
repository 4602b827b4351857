package dev.coderag.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a stage of docker/Dockerfile runs — ENTRYPOINT, CMD and ENV, inherited along {@code FROM <stage>} —
 * read from the file itself so that the tests run exactly what the images would.
 */
record Dockerfile(Map<String, Stage> stages) {
    /** One build stage; {@code parent} is the stage it is {@code FROM}, if it is one of this file's. */
    record Stage(
            String name,
            Optional<String> parent,
            Map<String, String> env,
            Optional<List<String>> entrypoint,
            Optional<List<String>> cmd) {}

    static Dockerfile read(Path file) {
        List<String> logical = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        try {
            for (String raw : Files.readAllLines(file)) {
                String line = raw.strip();
                if (line.startsWith("#") || (line.isEmpty() && current.isEmpty())) {
                    continue;
                }
                if (line.endsWith("\\")) {
                    current.append(line, 0, line.length() - 1).append(' ');
                } else {
                    logical.add(current.append(line).toString());
                    current.setLength(0);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, Stage> stages = new LinkedHashMap<>();
        Stage stage = null;
        for (String line : logical) {
            String[] parts = line.split("\\s+", 2);
            String instruction = parts[0].toUpperCase(java.util.Locale.ROOT);
            String rest = parts.length > 1 ? parts[1] : "";
            switch (instruction) {
                case "FROM" -> {
                    String[] words = rest.split("\\s+");
                    String name = words.length == 3 && words[1].equalsIgnoreCase("AS") ? words[2] : words[0];
                    Optional<String> parent = Optional.of(words[0]).filter(stages::containsKey);
                    stage = new Stage(name, parent, new LinkedHashMap<>(), Optional.empty(), Optional.empty());
                    stages.put(name, stage);
                }
                case "ENV" -> {
                    for (String pair : rest.split("\\s+")) {
                        int eq = pair.indexOf('=');
                        stage.env().put(pair.substring(0, eq), pair.substring(eq + 1));
                    }
                }
                case "ENTRYPOINT" -> stages.put(stage.name(), stage = withEntrypoint(stage, json(rest)));
                case "CMD" -> stages.put(stage.name(), stage = withCmd(stage, json(rest)));
                default -> {}
            }
        }
        return new Dockerfile(stages);
    }

    /** The environment a container of {@code target} starts with (parents first, later ENV wins). */
    Map<String, String> env(String target) {
        Stage s = stage(target);
        Map<String, String> env = new LinkedHashMap<>(s.parent().map(this::env).orElse(Map.of()));
        env.putAll(s.env());
        return env;
    }

    List<String> entrypoint(String target) {
        Stage s = stage(target);
        return s.entrypoint()
                .or(() -> s.parent().map(this::entrypoint))
                .orElseThrow(() -> new AssertionError("no ENTRYPOINT for " + target));
    }

    List<String> cmd(String target) {
        Stage s = stage(target);
        return s.cmd().or(() -> s.parent().map(this::cmd)).orElse(List.of());
    }

    private Stage stage(String name) {
        Stage s = stages.get(name);
        if (s == null) {
            throw new AssertionError("no stage " + name + " in the Dockerfile; stages: " + stages.keySet());
        }
        return s;
    }

    private static Stage withEntrypoint(Stage s, List<String> entrypoint) {
        return new Stage(s.name(), s.parent(), s.env(), Optional.of(entrypoint), s.cmd());
    }

    private static Stage withCmd(Stage s, List<String> cmd) {
        return new Stage(s.name(), s.parent(), s.env(), s.entrypoint(), Optional.of(cmd));
    }

    private static List<String> json(String array) {
        try {
            return Arrays.asList(new ObjectMapper().readValue(array, String[].class));
        } catch (IOException e) {
            throw new AssertionError("ENTRYPOINT/CMD must use the exec (JSON) form: " + array, e);
        }
    }
}
