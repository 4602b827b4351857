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
 * Reads a query file: JSON Lines (format in ../shared/eval/README.md), or a semble benchmark annotation file (one
 * JSON array; {@link SembleFile}), told apart by the first character that is not white space ({@code [}).
 */
final class QueryFile {
    private static final ObjectMapper JSON = new ObjectMapper();

    private QueryFile() {}

    /**
     * All queries of {@code file}, in file order. Blank lines are skipped; gold paths are normalised to forward
     * slashes without a leading "./".
     *
     * @throws EvalException with a one-line message naming the file and line on any unreadable, malformed or
     *     duplicate entry
     */
    static List<EvalQuery> read(Path file) {
        String text = JsonLines.text(file);
        if (text.strip().startsWith("[")) {
            return SembleFile.parse(file, text);
        }
        return JsonLines.parse(file, text, QueryFile::parse, EvalQuery::id, "query", "queries");
    }

    static EvalQuery parse(String line, String where) {
        JsonNode node;
        try {
            node = JSON.readTree(line);
        } catch (IOException e) {
            throw new EvalException(where + ": not a JSON object (" + firstLine(e.getMessage()) + ")");
        }
        if (node == null || !node.isObject()) {
            throw new EvalException(where + ": not a JSON object");
        }
        String id = text(node, "id", where);
        String query = text(node, "query", where);
        Optional<RefusalKind> refusal = refusal(node, where);
        Set<String> gold = goldFiles(node, where, refusal.isPresent());
        List<EvalQuery.GoldRange> ranges = new ArrayList<>();
        JsonNode rangesNode = node.get("gold_ranges");
        if (rangesNode != null && !rangesNode.isNull()) {
            if (!rangesNode.isArray()) {
                throw new EvalException(where + ": 'gold_ranges' must be an array");
            }
            for (JsonNode r : rangesNode) {
                String path = normalisePath(text(r, "path", where + " gold_ranges"));
                JsonNode spans = r.get("ranges");
                if (spans == null || !spans.isArray()) {
                    throw new EvalException(where + ": gold_ranges entry for " + path + " needs 'ranges'");
                }
                for (JsonNode span : spans) {
                    if (!span.isArray()
                            || span.size() != 2
                            || !span.get(0).canConvertToInt()
                            || !span.get(1).canConvertToInt()) {
                        throw new EvalException(where + ": a range must be [start_line, end_line]");
                    }
                    int start = span.get(0).asInt();
                    int end = span.get(1).asInt();
                    if (start < 1 || end < start) {
                        throw new EvalException(where + ": bad range [" + start + ", " + end + "] in " + path);
                    }
                    ranges.add(new EvalQuery.GoldRange(path, start, end));
                }
            }
        }
        JsonNode repoNode = node.get("repo");
        Optional<String> repo =
                repoNode != null && repoNode.isTextual() && !repoNode.asText().isBlank()
                        ? Optional.of(repoNode.asText())
                        : Optional.empty();
        JsonNode kindNode = node.get("kind");
        Optional<QueryKind> kind = Optional.empty();
        if (kindNode != null && !kindNode.isNull() && refusal.isEmpty()) {
            if (!kindNode.isTextual()) {
                throw new EvalException(where + ": 'kind' must be a string");
            }
            try {
                kind = Optional.of(QueryKind.parse(kindNode.asText()));
            } catch (EvalException e) {
                throw new EvalException(where + ": " + e.getMessage());
            }
        }
        return new EvalQuery(id, query, List.copyOf(gold), ranges, repo, kind, Optional.empty(), refusal);
    }

    /**
     * The refusal label of a line that carries {@code "answerable"}: its {@code "kind"} is then a
     * {@link RefusalKind} ({@code answerable} when it is missing and the question is answerable), and must agree.
     */
    private static Optional<RefusalKind> refusal(JsonNode node, String where) {
        JsonNode answerable = node.get("answerable");
        if (answerable == null || answerable.isNull()) {
            return Optional.empty();
        }
        if (!answerable.isBoolean()) {
            throw new EvalException(where + ": 'answerable' must be true or false");
        }
        JsonNode kindNode = node.get("kind");
        RefusalKind kind;
        if (kindNode == null || kindNode.isNull()) {
            if (!answerable.asBoolean()) {
                throw new EvalException(
                        where + ": an unanswerable question needs a 'kind' (off-topic or" + " missing-feature)");
            }
            kind = RefusalKind.ANSWERABLE;
        } else if (!kindNode.isTextual()) {
            throw new EvalException(where + ": 'kind' must be a string");
        } else {
            try {
                kind = RefusalKind.parse(kindNode.asText());
            } catch (EvalException e) {
                throw new EvalException(where + ": " + e.getMessage());
            }
        }
        if (kind.answerable() != answerable.asBoolean()) {
            throw new EvalException(
                    where + ": kind '" + kind.id() + "' disagrees with \"answerable\": " + answerable.asBoolean());
        }
        return Optional.of(kind);
    }

    /** The gold files of a line: a non-empty array, or nothing at all for a refusal question. */
    private static Set<String> goldFiles(JsonNode node, String where, boolean refusal) {
        JsonNode goldNode = node.get("gold_files");
        Set<String> gold = new LinkedHashSet<>();
        if (refusal && (goldNode == null || goldNode.isNull())) {
            return gold;
        }
        if (goldNode == null || !goldNode.isArray() || goldNode.isEmpty()) {
            throw new EvalException(where + ": 'gold_files' must be a non-empty array of paths");
        }
        for (JsonNode g : goldNode) {
            if (!g.isTextual() || g.asText().isBlank()) {
                throw new EvalException(where + ": 'gold_files' must hold only non-empty strings");
            }
            gold.add(normalisePath(g.asText()));
        }
        return gold;
    }

    private static String text(JsonNode node, String field, String where) {
        JsonNode v = node.get(field);
        if (v == null || !v.isTextual() || v.asText().isBlank()) {
            throw new EvalException(where + ": missing or empty string field '" + field + "'");
        }
        return v.asText();
    }

    static String normalisePath(String path) {
        String p = path.strip().replace('\\', '/');
        while (p.startsWith("./")) {
            p = p.substring(2);
        }
        return p;
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "parse error";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
