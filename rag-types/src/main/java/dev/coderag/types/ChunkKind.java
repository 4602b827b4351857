package dev.coderag.types;

/** The four chunk tables. {@link #table()} is the stable name used in storage, JSON and routing files. */
public enum ChunkKind {
    CODE("code"),
    README("readme"),
    MANIFEST("manifest"),
    MODULE_DOC("module_doc");

    private final String table;

    ChunkKind(String table) {
        this.table = table;
    }

    public String table() {
        return table;
    }

    /** Parses {@link #table()}; throws IllegalArgumentException when unknown. */
    public static ChunkKind fromTable(String table) {
        for (ChunkKind kind : values()) {
            if (kind.table.equals(table)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown chunk kind '" + table + "'");
    }
}
