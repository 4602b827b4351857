package dev.coderag.bench.edges;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * A place where an edge of {@code kind} would start but the oracle cannot say where it goes (the compiler could
 * not resolve the name, or could resolve it only by guessing around a missing dependency). A tested edge at such
 * a site that the oracle does not also list is neither right nor wrong: it is unjudged. Files of sites hold one
 * JSON object per line, {@code {"kind":"CALL","file":"a/B.java","line":12}}.
 *
 * @param file the site's path relative to the repository root, with {@code /}
 * @param line the site's 1-based line
 */
record Site(Edge.Kind kind, String file, int line) {
    private static final ObjectMapper JSON = new ObjectMapper();

    Site {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(file);
        if (line < 1) {
            throw new IllegalArgumentException("line " + line);
        }
    }

    /** The site an edge starts at. */
    static Site of(Edge e) {
        return new Site(e.kind(), e.file(), e.line());
    }

    static void write(Path out, Collection<Site> sites) throws IOException {
        EdgeJsonl.writeLines(out, sites, s -> {
            ObjectNode o = JSON.createObjectNode();
            o.put("kind", s.kind().name());
            o.put("file", s.file());
            o.put("line", s.line());
            return o.toString();
        });
    }

    static List<Site> read(Path in) throws IOException {
        return EdgeJsonl.readLines(in, "a site", l -> {
            JsonNode o = JSON.readTree(l);
            return new Site(
                    Edge.Kind.valueOf(o.required("kind").asText()),
                    o.required("file").asText(),
                    o.required("line").asInt());
        });
    }
}
