package dev.coderag.ingest.resolve;

import dev.coderag.store.ReferenceKind;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The references of a set of Java files.
 *
 * @param references each reference once, ordered by file, line, kind
 * @param filesResolved files the compiler went through
 * @param filesSkipped files over the size limit, or unreadable
 * @param filesNotReached files left when the deadline passed (then the references are those of the files reached)
 * @param unresolved by kind, the sites whose target could not be known: no binding, a binding recovered onto a type
 *     that does not exist, or a declaration in the repository that is not among the resolved files
 * @param unresolvedNames names with no binding at all, whose kind cannot be told (a field or a type of a missing
 *     library, typically)
 * @param elapsed wall time of the whole resolution
 */
public record ResolvedReferences(
        List<Reference> references,
        int filesResolved,
        int filesSkipped,
        int filesNotReached,
        Map<ReferenceKind, Integer> unresolved,
        int unresolvedNames,
        Duration elapsed) {

    public ResolvedReferences {
        references = List.copyOf(references);
        EnumMap<ReferenceKind, Integer> u = new EnumMap<>(ReferenceKind.class);
        for (ReferenceKind k : ReferenceKind.values()) {
            u.put(k, unresolved.getOrDefault(k, 0));
        }
        unresolved = java.util.Collections.unmodifiableMap(u);
        Objects.requireNonNull(elapsed);
    }

    /** Whether every file was reached before the deadline. */
    public boolean complete() {
        return filesNotReached == 0;
    }

    /** Unresolved sites of all kinds, names without a kind included. */
    public int unresolvedTotal() {
        return unresolved.values().stream().mapToInt(Integer::intValue).sum() + unresolvedNames;
    }
}
