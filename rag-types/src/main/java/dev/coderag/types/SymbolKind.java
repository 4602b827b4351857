package dev.coderag.types;

import java.util.Locale;

/** What a code chunk defines. {@link #id()} is the lower-case name used in storage and JSON. */
public enum SymbolKind {
    FUNCTION,
    METHOD,
    CONSTRUCTOR,
    CLASS,
    INTERFACE,
    ENUM,
    RECORD,
    STRUCT,
    TRAIT,
    IMPL,
    TYPE,
    MODULE,
    /** A window of a file in a language without a grammar (plain-text chunking). */
    TEXT;

    /**
     * Whether this kind defines a type (or module) by its name — what a question naming the symbol asks for first;
     * a constructor shares its type's name but is not it.
     */
    public boolean isType() {
        return switch (this) {
            case CLASS, INTERFACE, ENUM, RECORD, STRUCT, TRAIT, TYPE, MODULE -> true;
            case FUNCTION, METHOD, CONSTRUCTOR, IMPL, TEXT -> false;
        };
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static SymbolKind fromId(String id) {
        return valueOf(id.toUpperCase(Locale.ROOT));
    }
}
