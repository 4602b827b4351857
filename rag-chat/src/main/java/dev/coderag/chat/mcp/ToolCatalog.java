package dev.coderag.chat.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The tools as data: {@code tools.json} (names, titles, descriptions, hints, input and output schemas), loaded
 * once. References to its shared {@code $defs} are inlined, so each schema a client sees stands alone.
 */
final class ToolCatalog {
    /** One tool as a client sees it, and whether it only reads. */
    record Entry(McpSchema.Tool tool, boolean readOnly) {}

    private static final List<Entry> ENTRIES = load();

    private ToolCatalog() {}

    /** Every tool of {@code tools.json}, in its order. */
    static List<Entry> entries() {
        return ENTRIES;
    }

    /** The entry named {@code name}; IllegalStateException when {@code tools.json} has none (a build error). */
    static Entry entry(String name) {
        return ENTRIES.stream()
                .filter(e -> e.tool().name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("tools.json has no tool " + name));
    }

    @SuppressWarnings("unchecked")
    private static List<Entry> load() {
        ObjectMapper json = new ObjectMapper();
        JsonNode root;
        try (InputStream in = ToolCatalog.class.getResourceAsStream("tools.json")) {
            if (in == null) {
                throw new IllegalStateException("tools.json is missing from the classpath");
            }
            root = json.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException("tools.json cannot be read", e);
        }
        JsonNode defs = root.path("$defs");
        List<Entry> out = new ArrayList<>();
        for (JsonNode t : root.path("tools")) {
            boolean readOnly = t.path("readOnly").asBoolean();
            McpSchema.ToolAnnotations hints = McpSchema.ToolAnnotations.builder()
                    .title(t.path("title").asText())
                    .readOnlyHint(readOnly)
                    .destructiveHint(readOnly ? null : t.path("destructive").asBoolean())
                    .idempotentHint(readOnly ? null : t.path("idempotent").asBoolean())
                    .openWorldHint(false)
                    .build();
            McpSchema.Tool tool = McpSchema.Tool.builder(
                            t.path("name").asText(), json.convertValue(inline(t.path("inputSchema"), defs), Map.class))
                    .title(t.path("title").asText())
                    .description(t.path("description").asText())
                    .outputSchema(json.convertValue(inline(t.path("outputSchema"), defs), Map.class))
                    .annotations(hints)
                    .build();
            out.add(new Entry(tool, readOnly));
        }
        return List.copyOf(out);
    }

    /**
     * A copy of {@code schema} with every {@code {"$ref": "#/$defs/x", …}} replaced by {@code $defs.x}, the
     * reference's sibling keywords (a more specific description) winning.
     */
    static JsonNode inline(JsonNode schema, JsonNode defs) {
        if (schema.isArray()) {
            var array = schema.deepCopy();
            for (int i = 0; i < array.size(); i++) {
                ((com.fasterxml.jackson.databind.node.ArrayNode) array).set(i, inline(schema.get(i), defs));
            }
            return array;
        }
        if (!schema.isObject()) {
            return schema;
        }
        ObjectNode out;
        JsonNode ref = schema.get("$ref");
        if (ref != null && ref.asText().startsWith("#/$defs/")) {
            JsonNode target = defs.get(ref.asText().substring("#/$defs/".length()));
            if (target == null) {
                throw new IllegalStateException("tools.json refers to a missing definition " + ref.asText());
            }
            out = (ObjectNode) inline(target, defs).deepCopy();
        } else {
            out = ((ObjectNode) schema).objectNode();
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = schema.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            if (!f.getKey().equals("$ref")) {
                out.set(f.getKey(), inline(f.getValue(), defs));
            }
        }
        return out;
    }
}
