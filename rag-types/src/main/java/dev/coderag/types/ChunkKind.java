package dev.coderag.types;

/** The five chunk tables (the fifth, {@link #COMMIT}, is the history: docs/STORE.md, "History"). {@link #table()} is the stable name used in storage, JSON and routing files. */
public enum ChunkKind {
    CODE("code"),
    README("readme"),
    MANIFEST("manifest"),
    MODULE_DOC("module_doc"),
    COMMIT("commit");

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
