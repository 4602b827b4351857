package dev.coderag.bench.edges;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;

/**
 * Edge files: one JSON object per line, {@code {"kind":"CALL","file":"a/B.java","line":12,"target":{"file":
 * "a/C.java","line":40}}} for a target in the repository, {@code "target":{"external":"java.util.List#add(
 * java.lang.Object)"}} for one outside it.
 */
public final class EdgeJsonl {
    private static final ObjectMapper JSON = new ObjectMapper();

    private EdgeJsonl() {}

    public static void write(Path out, Collection<Edge> edges) throws IOException {
        writeLines(out, edges, EdgeJsonl::line);
    }

    public static List<Edge> read(Path in) throws IOException {
        return readLines(in, "an edge", EdgeJsonl::parse);
    }

    /** One JSON text of a line, parsed; failures name the line. */
    @FunctionalInterface
    interface LineParser<T> {
        T parse(String line) throws IOException;
    }

    /** Writes each item as one line. */
    static <T> void writeLines(Path out, Collection<T> items, Function<T, String> line) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            for (T item : items) {
                w.write(line.apply(item));
                w.newLine();
            }
        }
    }

    /** Reads every non-blank line; a line that does not parse fails with its file and number, as {@code what}. */
    static <T> List<T> readLines(Path in, String what, LineParser<T> parser) throws IOException {
        List<T> out = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(in, StandardCharsets.UTF_8)) {
            String l;
            int n = 0;
            while ((l = r.readLine()) != null) {
                n++;
                if (!l.isBlank()) {
                    try {
                        out.add(parser.parse(l));
                    } catch (RuntimeException e) {
                        throw new IOException(in + ":" + n + ": not " + what + ": " + e.getMessage(), e);
                    }
                }
            }
        }
        return out;
    }

    static String line(Edge e) {
        ObjectNode o = JSON.createObjectNode();
        o.put("kind", e.kind().name());
        o.put("file", e.file());
        o.put("line", e.line());
        ObjectNode t = o.putObject("target");
        switch (e.target()) {
            case Edge.InRepo r -> {
                t.put("file", r.file());
                t.put("line", r.line());
            }
            case Edge.External x -> t.put("external", x.name());
        }
        return o.toString();
    }

    static Edge parse(String line) throws IOException {
        JsonNode o = JSON.readTree(line);
        JsonNode t = o.required("target");
        Edge.Target target = t.has("external")
                ? new Edge.External(t.get("external").asText())
                : new Edge.InRepo(
                        t.required("file").asText(), t.required("line").asInt());
        return new Edge(
                Edge.Kind.valueOf(o.required("kind").asText()),
                o.required("file").asText(),
                o.required("line").asInt(),
                target);
    }
}
