package dev.coderag.ingest.resolve;

import java.util.Objects;

/** What a reference refers to: a declaration in the repository, or one outside it. */
public sealed interface ReferenceTarget permits ReferenceTarget.InRepo, ReferenceTarget.External {

    /**
     * A declaration in the repository's sources.
     *
     * @param file its path relative to the repository root, with {@code /}
     * @param line the 1-based line of its name
     * @param qualifiedName a type's canonical name ({@code a.b.Outer.Inner}); a member as {@code owner#name}; a local
     *     or anonymous type, which has no canonical name, by its compiler key
     * @param signature a method's or constructor's erased parameter types, {@code (int,java.lang.String[])}; empty
     *     for types and fields
     */
    record InRepo(String file, int line, String qualifiedName, String signature) implements ReferenceTarget {
        public InRepo {
            Objects.requireNonNull(file);
            Objects.requireNonNull(qualifiedName);
            Objects.requireNonNull(signature);
            if (line < 1) {
                throw new IllegalArgumentException("line " + line);
            }
        }
    }

    /**
     * A declaration outside the repository (the JDK, a library), by name: a type by its canonical name ({@code
     * java.util.Map.Entry}); a method or constructor as {@code owner#name(p1,p2)} with the erasures of its
     * parameter types by canonical name, arrays and varargs as {@code []}, constructors named {@code <init>}; a
     * field as {@code owner#name}. The owner is the type that declares the member, not the receiver's type.
     */
    record External(String name) implements ReferenceTarget {
        public External {
            Objects.requireNonNull(name);
        }
    }
}
