package dev.coderag.store.embedded.vectors;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Strings ↔ small ints, ids given in first-seen order: how a {@link VectorIndex} stores a repo or path per ordinal
 * in an int. Not thread-safe: guarded by the owning index's lock.
 */
final class StringIds {
    private final Map<String, Integer> ids = new HashMap<>();
    private final List<String> values = new ArrayList<>();

    /** The id of {@code value}, new if it has none yet. */
    int id(String value) {
        Integer id = ids.get(value);
        if (id != null) {
            return id;
        }
        ids.put(value, values.size());
        values.add(value);
        return values.size() - 1;
    }

    /** The id of {@code value}, or -1 when it has none. */
    int find(String value) {
        Integer id = ids.get(value);
        return id == null ? -1 : id;
    }

    String value(int id) {
        return values.get(id);
    }

    /** Every value, by id. */
    List<String> values() {
        return List.copyOf(values);
    }

    int size() {
        return values.size();
    }
}
