package dev.coderag.store;

import java.util.List;
import java.util.Objects;

/**
 * What a compiler found in one file, before linking: the declarations it holds, each under the compiler's key for
 * it, and its references, each to a key (or to a declaration outside the repository, by name). A store links a
 * reference to the declaration with its key when read ({@link References}), so a file resolved again alone
 * re-links every reference into it.
 *
 * @param path the file, relative to the repository root, with {@code /}
 */
public record ResolvedFile(String path, List<Declared> declared, List<Referenced> references) {
    public ResolvedFile {
        Objects.requireNonNull(path, "path");
        declared = List.copyOf(declared);
        references = List.copyOf(references);
    }

    /**
     * A declaration.
     *
     * @param key the compiler's key, the same in every file that refers to it
     * @param line the 1-based line of its name
     * @param qualifiedName a type's canonical name; a member as {@code owner#name}
     * @param signature a method's erased parameter types, {@code (int,java.lang.String[])}; empty for types and
     *     fields
     */
    public record Declared(String key, int line, String qualifiedName, String signature) {
        public Declared {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(qualifiedName, "qualifiedName");
            Objects.requireNonNull(signature, "signature");
            if (key.isEmpty() || line < 1) {
                throw new IllegalArgumentException("a declaration needs a key and a line >= 1");
            }
        }
    }

    /**
     * A reference at {@code line}: to the declaration with key {@code key} (else, when no declaration has that key,
     * to the one with {@code fallbackKey}: members a language declares implicitly, such as a default constructor,
     * stand for their class), or, when {@code key} is empty, to {@code external}, a declaration outside the
     * repository by name.
     *
     * @param fallbackKey "" for none
     * @param external "" unless {@code key} is ""
     */
    public record Referenced(
            ReferenceKind kind, int line, String key, String fallbackKey, String external, Resolution resolution) {
        public Referenced {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(fallbackKey, "fallbackKey");
            Objects.requireNonNull(external, "external");
            Objects.requireNonNull(resolution, "resolution");
            if (line < 1 || key.isEmpty() == external.isEmpty()) {
                throw new IllegalArgumentException(
                        "a reference needs a line >= 1 and either a key or an external name");
            }
        }

        /** Whether the target is outside the repository. */
        public boolean isExternal() {
            return key.isEmpty();
        }
    }
}
