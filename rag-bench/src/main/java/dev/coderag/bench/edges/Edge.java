package dev.coderag.bench.edges;

import java.util.Objects;

/**
 * One reference in a repository's sources, as a compiler sees it: at {@code file}:{@code line} a {@code kind} of
 * reference to {@code target}. Two edges are the same reference when all four parts are equal, so a line that
 * refers twice to the same target counts once (lines, not columns: two compilers agree on lines).
 *
 * <p>The sites, by kind (see docs/EVALUATION.md, "Navigation edges"):
 *
 * <ul>
 *   <li>{@link Kind#CALL}: a method invocation, a method reference ({@code X::m}), {@code this(...)}/{@code
 *       super(...)} and {@code new X(...)}; the site's line is that of the method's name (of the type's name for
 *       {@code new}); the target is the method or constructor invoked — for {@code new} of a class that declares
 *       no constructor, the class.
 *   <li>{@link Kind#TYPE}: a simple name in the source that names a class, interface, enum, record or annotation
 *       type (declarations' types, casts, generics, {@code new}, annotations, supertypes, qualifiers of static
 *       calls), outside import declarations; type variables are not edges.
 *   <li>{@link Kind#FIELD}: a name that reads or writes a field or an enum constant (not a local, not a
 *       parameter, not an array's {@code length}).
 *   <li>{@link Kind#OVERRIDE}: from a method declaration (the line of its name) to each method it directly
 *       overrides or implements, the nearest one up each supertype path.
 *   <li>{@link Kind#SUPERTYPE}: from a type declaration (the line of its name) to each direct supertype it names
 *       in {@code extends}/{@code implements}.
 *   <li>{@link Kind#IMPORT}: a single-type or single-static import to what it imports (on-demand imports are
 *       not edges).
 * </ul>
 *
 * <p>Decided where the list above leaves it open (the javac oracle follows these; see {@code JavacOracle}):
 *
 * <ul>
 *   <li>Only what is written is a site: javac's generated code (default constructors, the implicit {@code
 *       super()}, records' implicit members, an enhanced {@code for}'s {@code iterator()}) is not; nor are names
 *       in comments or Javadoc, nor {@code var}.
 *   <li>An enum constant's arguments ({@code A(1)}) are no CALL and its name no TYPE: {@code new} is not written.
 *   <li>{@code new C(..) { .. }} (an anonymous class) calls C's constructor; {@code new I() { .. }} of an
 *       interface goes to the interface. An anonymous class has no SUPERTYPE edge (it has no name).
 *   <li>An implicitly declared member's target is the declaration that implies it: the class for a default
 *       constructor, an implicit canonical constructor and an enum's {@code values()}/{@code valueOf}; the
 *       record component for an implicit accessor.
 *   <li>{@code X::new}'s line is that of {@code new}. Members of arrays ({@code length}, {@code clone()},
 *       {@code int[]::new}) are no edges. An annotation's element name ({@code @A(value = 1)}) is no edge.
 *   <li>TYPE: every simple name in a qualified name that names a type is a site ({@code Outer} and {@code
 *       Inner} in {@code Outer.Inner}), packages are not; a type name after {@code new} is both a TYPE and
 *       (for the constructor) a CALL site; a type named in {@code extends}/{@code implements} both a TYPE and
 *       a SUPERTYPE edge. SUPERTYPE edges go to the named type only, never to implicit supertypes ({@code
 *       Object}, {@code Enum}, {@code Record}).
 *   <li>OVERRIDE: static methods hide, they do not override; "nearest up each path" starts at each direct
 *       supertype (an interface's direct supertype being {@code Object}), so a class that extends B and
 *       implements I, where B already implements I, overrides both B's and I's method.
 *   <li>IMPORT of a single-static import: one edge to each static member of that name (every overload).
 * </ul>
 *
 * @param file the site's path relative to the repository root, with {@code /}
 * @param line the site's 1-based line
 */
public record Edge(Kind kind, String file, int line, Target target) {

    /** The kinds of reference. */
    public enum Kind {
        CALL,
        TYPE,
        FIELD,
        OVERRIDE,
        SUPERTYPE,
        IMPORT
    }

    /** What an edge refers to: a declaration in the repository, or one outside it. */
    public sealed interface Target permits InRepo, External {}

    /**
     * A declaration in the repository's sources.
     *
     * @param file its path relative to the repository root
     * @param line the 1-based line of its name
     */
    public record InRepo(String file, int line) implements Target {
        public InRepo {
            Objects.requireNonNull(file);
            if (line < 1) {
                throw new IllegalArgumentException("line " + line);
            }
        }
    }

    /**
     * A declaration outside the repository (the JDK, a library), by name: a type by its canonical name
     * ({@code java.util.Map.Entry}); a method or constructor as {@code owner#name(p1,p2)} with the erasures of
     * its parameter types by canonical name, arrays and varargs as {@code []}, constructors named {@code
     * <init>} ({@code java.util.ArrayList#<init>(int)}); a field as {@code owner#name}. The owner is the type
     * that declares the member, not the receiver's type.
     */
    public record External(String name) implements Target {
        public External {
            Objects.requireNonNull(name);
        }
    }

    public Edge {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(file);
        Objects.requireNonNull(target);
        if (line < 1) {
            throw new IllegalArgumentException("line " + line);
        }
    }
}
