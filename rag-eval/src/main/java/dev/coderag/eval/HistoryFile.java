package dev.coderag.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads a history question file (JSON Lines; {@code rag-eval/src/test/resources/history/README.md}): one object per
 * line with {@code id}, {@code repo}, {@code kind}, {@code question}, {@code gold} (commit ids), {@code position}
 * and an optional {@code path}; other fields ({@code def}, {@code lines}, {@code since}, {@code until},
 * {@code note}) say how the gold was found and are not read. Told apart from the other query formats by its first
 * line carrying {@code question} and {@code gold} where a query line carries {@code query} and {@code gold_files}.
 */
final class HistoryFile {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SHA = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");

    private HistoryFile() {}

    /**
     * Whether {@code text} is a history question file: its first non-blank line is a JSON object with a string
     * {@code question} and an array {@code gold}, and no {@code query}. Never throws; anything else is left to the
     * other readers, which say what is wrong with it.
     */
    static boolean detect(String text) {
        Optional<String> first =
                text.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst();
        if (first.isEmpty() || !first.get().startsWith("{")) {
            return false;
        }
        try {
            JsonNode node = JSON.readTree(first.get());
            return node != null
                    && node.isObject()
                    && node.path("question").isTextual()
                    && node.path("gold").isArray()
                    && !node.has("query");
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether the file at {@code file} is a history question file; false when it cannot be read. */
    static boolean detect(Path file) {
        try {
            return detect(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return false; // the regular reader reports the unreadable file
        }
    }

    /**
     * Every question of {@code file}, in file order.
     *
     * @throws EvalException with a one-line message naming the file and line on any unreadable, malformed or
     *     duplicate entry, or when the file holds no question
     */
    static List<HistoryQuestion> read(Path file) {
        return JsonLines.parse(
                file, JsonLines.text(file), HistoryFile::parse, HistoryQuestion::id, "question", "questions");
    }

    static HistoryQuestion parse(String line, String where) {
        JsonNode node;
        try {
            node = JSON.readTree(line);
        } catch (IOException e) {
            throw new EvalException(where + ": not a JSON object");
        }
        if (node == null || !node.isObject()) {
            throw new EvalException(where + ": not a JSON object");
        }
        HistoryKind kind;
        try {
            kind = HistoryKind.parse(text(node, "kind", where));
        } catch (EvalException e) {
            throw new EvalException(where + ": " + e.getMessage());
        }
        JsonNode position = node.get("position");
        if (position == null || !position.isInt() || position.asInt() < 0) {
            throw new EvalException(where + ": 'position' must be a non-negative integer");
        }
        JsonNode path = node.get("path");
        Optional<String> p = path != null && path.isTextual() && !path.asText().isBlank()
                ? Optional.of(QueryFile.normalisePath(path.asText()))
                : Optional.empty();
        return new HistoryQuestion(
                text(node, "id", where),
                text(node, "repo", where),
                kind,
                text(node, "question", where),
                gold(node, where),
                p,
                position.asInt());
    }

    /** The gold commits: a non-empty array of distinct full hex ids, compared in lower case. */
    private static List<String> gold(JsonNode node, String where) {
        JsonNode gold = node.get("gold");
        if (gold == null || !gold.isArray() || gold.isEmpty()) {
            throw new EvalException(where + ": 'gold' must be a non-empty array of commit ids");
        }
        Set<String> shas = new LinkedHashSet<>();
        for (JsonNode g : gold) {
            String sha = g.isTextual() ? g.asText().strip().toLowerCase(Locale.ROOT) : "";
            if (!SHA.matcher(sha).matches()) {
                throw new EvalException(where + ": a gold commit must be a full hex id, not " + g);
            }
            shas.add(sha);
        }
        return List.copyOf(shas);
    }

    private static String text(JsonNode node, String field, String where) {
        JsonNode v = node.get(field);
        if (v == null || !v.isTextual() || v.asText().isBlank()) {
            throw new EvalException(where + ": missing or empty string field '" + field + "'");
        }
        return v.asText();
    }
}
