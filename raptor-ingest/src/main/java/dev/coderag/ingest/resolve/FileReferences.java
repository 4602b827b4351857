package dev.coderag.ingest.resolve;

import dev.coderag.store.ReferenceKind;
import dev.coderag.store.Resolution;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What one file gives before linking: its declarations (by compiler key) and its references, whose in-repository
 * targets are still keys (the declaration may be in a file not resolved yet).
 */
final class FileReferences {
    /** A declaration in this file. */
    record Declaration(String key, int line, String qualifiedName, String signature) {}

    /**
     * A reference from this file: to the declaration with compiler key {@code key} (else {@code fallbackKey}, for
     * members the language declares implicitly: a default constructor is its class, a record's accessor its
     * component), or, when {@code key} is null, to {@code external}.
     */
    record Pending(
            ReferenceKind kind, int line, String key, String fallbackKey, String external, Resolution resolution) {}

    final String file;
    final List<Declaration> declarations = new ArrayList<>();
    final List<Pending> references = new ArrayList<>();
    final Map<ReferenceKind, Integer> unresolved = new EnumMap<>(ReferenceKind.class);
    int unresolvedNames;
    /**
     * Whether the compiler found the file's package both in the repository and in a JDK module (eclipse.jdt.debug
     * ships its own {@code com.sun.jdi}, which {@code jdk.jdi} also has): under the module rules it then binds none
     * of that package's names.
     */
    boolean packageConflict;

    FileReferences(String file) {
        this.file = file;
    }

    void unresolved(ReferenceKind kind) {
        unresolved.merge(kind, 1, Integer::sum);
    }
}
