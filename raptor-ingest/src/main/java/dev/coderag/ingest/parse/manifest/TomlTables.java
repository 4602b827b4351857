package dev.coderag.ingest.parse.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * TOML manifests as plain tables, read with Jackson's TOML 1.0 parser (jackson-dataformat-toml): tables
 * become {@code Map<String, Object>} in file order, arrays {@code List<Object>}, strings stay strings, and
 * other scalars (numbers, booleans, dates) become their text. Strict: a document that is not valid TOML is
 * refused whole, never half read. Thread-safe.
 */
final class TomlTables {
    private static final TomlMapper TOML = new TomlMapper();

    private TomlTables() {}

    /**
     * @throws IOException when the text is not valid TOML
     */
    static Map<String, Object> parse(String text) throws IOException {
        JsonNode root = TOML.readTree(text);
        return root != null && root.isObject() ? table(root) : new LinkedHashMap<>();
    }

    /** The value at a dotted path of keys, or null. */
    static Object at(Map<String, Object> root, String... keys) {
        Object current = root;
        for (String key : keys) {
            if (!(current instanceof Map<?, ?> map)) {
                return null;
            }
            current = map.get(key);
        }
        return current;
    }

    private static Map<String, Object> table(JsonNode node) {
        Map<String, Object> table = new LinkedHashMap<>();
        node.properties().forEach(e -> table.put(e.getKey(), plain(e.getValue())));
        return table;
    }

    private static Object plain(JsonNode node) {
        if (node.isObject()) {
            return table(node);
        }
        if (node.isArray()) {
            List<Object> items = new ArrayList<>(node.size());
            node.forEach(item -> items.add(plain(item)));
            return items;
        }
        return node.asText();
    }
}
