package dev.coderag.store;

/**
 * The kinds of reference, with the sites of each (the same as the navigation edges of docs/EVALUATION.md).
 */
public enum ReferenceKind {
    /**
     * A method invocation, a method reference, {@code this(...)}/{@code super(...)} or {@code new X(...)}, at the
     * line of the method's name (of the type's name for {@code new}), to the method or constructor invoked; for
     * {@code new} of a class that declares no constructor, to the class.
     */
    CALL,
    /** A simple name that names a class, interface, enum, record or annotation type, outside imports. */
    TYPE,
    /** A name that reads or writes a field or an enum constant. */
    FIELD,
    /** From a method declaration's name to each method it directly overrides, the nearest up each path. */
    OVERRIDE,
    /** From a type declaration's name to each direct supertype it names in {@code extends}/{@code implements}. */
    SUPERTYPE,
    /** A single-type or single-static import to what it imports. */
    IMPORT
}
