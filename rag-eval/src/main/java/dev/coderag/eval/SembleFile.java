package dev.coderag.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a semble benchmark annotation file ({@code benchmarks/annotations/<repo>.json} of MinishLab/semble, read
 * the way {@code benchmarks/data.py} reads it): one JSON array of questions,
 *
 * <pre>{@code
 * [{"query": "how are HTTP requests sent", "category": "architecture",
 *   "relevant": ["httpx/_client.py"],
 *   "secondary": [{"path": "httpx/_models.py", "start_line": 10, "end_line": 42}]}, ...]
 * }</pre>
 *
 * A target is a path or an object with {@code path} and optional {@code start_line}/{@code end_line} (integers or
 * numeric strings); it has lines only when both are given. A missing or non-string {@code category} is inferred
 * from the question ({@link SembleJudgement#inferCategory}). Other fields ({@code seed}, {@code related},
 * {@code repo}) are not scored by semble and are ignored. Each question becomes an {@link EvalQuery} with the id
 * {@code <file name without .json>-<1-based position>}, its targets' distinct paths as gold files (so Hit@k, MRR
 * and MAP treat relevant and secondary files alike, as semble's NDCG does) and no gold ranges.
 */
final class SembleFile {
    private static final ObjectMapper JSON = new ObjectMapper();

    private SembleFile() {}

    /**
     * The questions of an annotation file whose text is {@code text}.
     *
     * @throws EvalException with a one-line message naming the file and the question's position on any malformed
     *     entry, or when the file holds no question
     */
    static List<EvalQuery> parse(Path file, String text) {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (IOException e) {
            throw new EvalException(
                    file + ": not a semble annotation file (a JSON array of questions): " + firstLine(e.getMessage()));
        }
        if (root == null || !root.isArray()) {
            throw new EvalException(file + ": not a semble annotation file (a JSON array of questions)");
        }
        String stem = file.getFileName().toString().replaceFirst("\\.json$", "");
        List<EvalQuery> queries = new ArrayList<>(root.size());
        for (int i = 0; i < root.size(); i++) {
            String where = file + ": question " + (i + 1);
            queries.add(question(root.get(i), stem + "-" + (i + 1), where));
        }
        if (queries.isEmpty()) {
            throw new EvalException("query file " + file + " holds no queries");
        }
        return List.copyOf(queries);
    }

    private static EvalQuery question(JsonNode item, String id, String where) {
        if (item == null || !item.isObject()) {
            throw new EvalException(where + ": not a JSON object");
        }
        JsonNode q = item.get("query");
        if (q == null || !q.isTextual() || q.asText().isBlank()) {
            throw new EvalException(where + ": missing or empty string field 'query'");
        }
        String query = q.asText();
        List<SembleTarget> relevant = targets(item.get("relevant"), "relevant", where);
        List<SembleTarget> secondary = targets(item.get("secondary"), "secondary", where);
        if (relevant.isEmpty() && secondary.isEmpty()) {
            throw new EvalException(where + ": no 'relevant' or 'secondary' target");
        }
        JsonNode c = item.get("category");
        String category = c != null && c.isTextual() ? c.asText() : SembleJudgement.inferCategory(query);
        SembleJudgement judgement = new SembleJudgement(category, relevant, secondary);
        Set<String> gold = new LinkedHashSet<>();
        for (SembleTarget t : judgement.targets()) {
            gold.add(t.path());
        }
        return new EvalQuery(
                id, query, List.copyOf(gold), List.of(), Optional.empty(), Optional.empty(), Optional.of(judgement));
    }

    private static List<SembleTarget> targets(JsonNode list, String field, String where) {
        if (list == null || list.isNull()) {
            return List.of();
        }
        if (!list.isArray()) {
            throw new EvalException(where + ": '" + field + "' must be an array of targets");
        }
        List<SembleTarget> out = new ArrayList<>(list.size());
        for (JsonNode t : list) {
            out.add(target(t, field, where));
        }
        return out;
    }

    private static SembleTarget target(JsonNode t, String field, String where) {
        if (t.isTextual() && !t.asText().isBlank()) {
            return SembleTarget.file(QueryFile.normalisePath(t.asText()));
        }
        if (!t.isObject()) {
            throw new EvalException(where + ": a '" + field + "' target must be a path or an object with 'path'");
        }
        JsonNode path = t.get("path");
        if (path == null || !path.isTextual() || path.asText().isBlank()) {
            throw new EvalException(where + ": a '" + field + "' target has no 'path'");
        }
        String p = QueryFile.normalisePath(path.asText());
        Optional<Integer> start = line(t.get("start_line"), where);
        Optional<Integer> end = line(t.get("end_line"), where);
        if (start.isEmpty() || end.isEmpty()) {
            return SembleTarget.file(p); // data.py: a target has a span only when both lines are set
        }
        try {
            return new SembleTarget(p, start.get(), end.get());
        } catch (IllegalArgumentException e) {
            throw new EvalException(where + ": " + e.getMessage());
        }
    }

    /** data.py's {@code _coerce_int}: an integer or a string holding one; absent or null is no line. */
    private static Optional<Integer> line(JsonNode n, String where) {
        if (n == null || n.isNull()) {
            return Optional.empty();
        }
        if (n.canConvertToInt() && n.isIntegralNumber()) {
            return Optional.of(n.asInt());
        }
        if (n.isTextual()) {
            try {
                return Optional.of(Integer.parseInt(n.asText().strip()));
            } catch (NumberFormatException e) {
                // fall through
            }
        }
        throw new EvalException(where + ": a target line must be an integer, not " + n);
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "parse error";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
