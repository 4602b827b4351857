package dev.coderag.eval;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The shape rules of the history question set ({@code src/test/resources/history/}, issue 34), as a function from
 * the pins and the parsed question lines to a list of problems: empty when the set is well formed. Only the
 * shape: whether each gold commit is right is re-derived with git by the {@code verify-gold} script of that
 * folder, which needs the clones.
 */
final class HistorySet {
    /** The kinds of history question; the file spells them in lower case. */
    enum Kind {
        ADDED,
        WHY,
        BETWEEN,
        LAST;

        String spelling() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** One row of pins.tsv. */
    record Pin(String repo, String mirror, String sha, String language) {}

    /** The default history depth of coderag (the newest non-merge commits read); every gold lies within it. */
    static final int DEPTH = 2000;

    static final int MIN_QUESTIONS = 40;

    private static final Pattern SHA = Pattern.compile("[0-9a-f]{40}");

    private HistorySet() {}

    /** Every problem of the set: pins by repo, and the question lines of each repo's file. */
    static List<String> problems(Map<String, Pin> pins, Map<String, List<JsonNode>> questions) {
        List<String> out = new ArrayList<>();
        for (Pin pin : pins.values()) {
            if (!SHA.matcher(pin.sha()).matches()) {
                out.add(pin.repo() + ": pinned sha is not 40 hex: " + pin.sha());
            }
        }
        if (!pins.keySet().equals(questions.keySet())) {
            out.add("repos of pins.tsv " + pins.keySet() + " differ from the question files " + questions.keySet());
        }
        Set<String> ids = new HashSet<>();
        Set<String> asked = new HashSet<>();
        int total = 0;
        for (Map.Entry<String, List<JsonNode>> e : questions.entrySet()) {
            Map<Kind, Integer> kinds = new EnumMap<>(Kind.class);
            for (JsonNode q : e.getValue()) {
                String id = q.path("id").asText("");
                if (!ids.add(id)) {
                    out.add(id + ": id is not unique");
                }
                if (!asked.add(q.path("question").asText("").toLowerCase(Locale.ROOT))) {
                    out.add(id + ": the question is asked twice");
                }
                Kind kind = kind(q.path("kind").asText(""));
                if (kind == null) {
                    out.add(id + ": unknown kind " + q.path("kind"));
                    continue;
                }
                kinds.merge(kind, 1, Integer::sum);
                question(e.getKey(), kind, q, out);
            }
            for (Kind k : Kind.values()) {
                if (!kinds.containsKey(k)) {
                    out.add(e.getKey() + ": no question of kind " + k.spelling());
                }
            }
            total += e.getValue().size();
        }
        if (total < MIN_QUESTIONS) {
            out.add("only " + total + " questions, fewer than " + MIN_QUESTIONS);
        }
        return out;
    }

    private static Kind kind(String spelling) {
        for (Kind k : Kind.values()) {
            if (k.spelling().equals(spelling)) {
                return k;
            }
        }
        return null;
    }

    /** The rules of one question of the given repo's file. */
    private static void question(String repo, Kind kind, JsonNode q, List<String> out) {
        String id = q.path("id").asText("");
        if (!Pattern.matches(Pattern.quote(repo + "-" + kind.spelling() + "-") + "\\d{2}", id)) {
            out.add(id + ": id is not " + repo + "-" + kind.spelling() + "-NN");
        }
        if (!repo.equals(q.path("repo").asText())) {
            out.add(id + ": repo is not " + repo);
        }
        if (!q.path("question").asText("").strip().endsWith("?")) {
            out.add(id + ": the question does not end with a question mark");
        }
        if (q.path("note").asText("").isBlank()) {
            out.add(id + ": no note says how the gold was found");
        }
        JsonNode gold = q.path("gold");
        Set<String> shas = new HashSet<>();
        for (JsonNode g : gold) {
            if (!SHA.matcher(g.asText("")).matches()) {
                out.add(id + ": gold " + g + " is not a 40-hex sha");
            }
            if (!shas.add(g.asText(""))) {
                out.add(id + ": gold " + g + " is listed twice");
            }
        }
        if (!gold.isArray() || gold.isEmpty()) {
            out.add(id + ": no gold commit");
        } else if (kind != Kind.BETWEEN && gold.size() != 1) {
            out.add(id + ": a " + kind.spelling() + " question has exactly one gold commit");
        } else if (gold.size() > 6) {
            out.add(id + ": more than six gold commits");
        }
        JsonNode position = q.path("position");
        if (!position.isInt() || position.asInt() < 0 || position.asInt() >= DEPTH) {
            out.add(id + ": position " + position + " is not within the newest " + DEPTH + " commits");
        }
        fields(kind, q, id, out);
    }

    /** The fields each kind needs for verify-gold to re-derive its gold. */
    private static void fields(Kind kind, JsonNode q, String id, List<String> out) {
        boolean hasPath = !q.path("path").asText("").isBlank();
        switch (kind) {
            case ADDED -> {
                need(hasPath, id, "path", out);
                need(!q.path("def").asText("").isBlank(), id, "def", out);
            }
            case LAST -> {
                need(hasPath, id, "path", out);
                need(!q.path("def").asText("").isBlank(), id, "def", out);
                JsonNode lines = q.path("lines");
                need(
                        lines.isArray()
                                && lines.size() == 2
                                && lines.get(0).asInt() >= 1
                                && lines.get(0).asInt() <= lines.get(1).asInt(),
                        id,
                        "lines [first, last]",
                        out);
            }
            case BETWEEN -> {
                need(hasPath, id, "path", out);
                LocalDate since = date(q.path("since").asText(""));
                LocalDate until = date(q.path("until").asText(""));
                need(since != null && until != null && since.isBefore(until), id, "since before until", out);
            }
            case WHY -> {
                // a why question may be about behaviour rather than one file: the path is optional
            }
        }
    }

    private static void need(boolean ok, String id, String what, List<String> out) {
        if (!ok) {
            out.add(id + ": needs " + what);
        }
    }

    private static LocalDate date(String text) {
        try {
            return LocalDate.parse(text);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
