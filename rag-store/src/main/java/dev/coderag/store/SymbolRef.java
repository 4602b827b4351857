package dev.coderag.store;

import java.util.Objects;

/**
 * A reference as read back from a store: at {@code path}:{@code line} of {@code repo}, inside the code chunk
 * {@code fromChunkId} ("" when no code chunk holds the line), a {@code kind} of reference to {@code target}, found
 * as {@code resolution} says.
 */
public record SymbolRef(
        ReferenceKind kind,
        String repo,
        String path,
        int line,
        String fromChunkId,
        Target target,
        Resolution resolution) {
    public SymbolRef {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(repo, "repo");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(fromChunkId, "fromChunkId");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(resolution, "resolution");
    }

    /** What a reference refers to. */
    public sealed interface Target permits InRepo, External {}

    /**
     * A declaration in the repository.
     *
     * @param chunkId the innermost code chunk holding the declaration's name line; "" when none does (a field
     *     between two methods of a class that is not a chunk of its own)
     * @param qualifiedName as {@link ResolvedFile.Declared#qualifiedName()}
     */
    public record InRepo(String path, int line, String qualifiedName, String signature, String chunkId)
            implements Target {
        public InRepo {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(qualifiedName, "qualifiedName");
            Objects.requireNonNull(signature, "signature");
            Objects.requireNonNull(chunkId, "chunkId");
        }

        /** The declaration's own name: a member's after {@code #}, a type's after its last dot. */
        public String simpleName() {
            return SymbolRef.simpleName(qualifiedName);
        }
    }

    /** A qualified name's own part: a member's ({@code owner#name}) after {@code #}, a type's after its last dot. */
    public static String simpleName(String qualifiedName) {
        int hash = qualifiedName.lastIndexOf('#');
        return hash >= 0
                ? qualifiedName.substring(hash + 1)
                : qualifiedName.substring(qualifiedName.lastIndexOf('.') + 1);
    }

    /** A declaration outside the repository (the JDK, a library), by name. */
    public record External(String name) implements Target {
        public External {
            Objects.requireNonNull(name, "name");
        }
    }
}
