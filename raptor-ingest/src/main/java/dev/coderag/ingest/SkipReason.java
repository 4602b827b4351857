package dev.coderag.ingest;

/** Why a file was left out of the index; {@link #key()} is the name used in summaries and JSON. */
enum SkipReason {
    /** NUL bytes in the first 8 KiB. */
    BINARY("binary"),
    /** Larger than {@link IngestOptions#maxFileBytes()}. */
    TOO_LARGE("too_large"),
    /** Minified or generated: very long lines. */
    MINIFIED("minified"),
    /** A language without a grammar while plain-text chunking is off. */
    UNSUPPORTED("unsupported"),
    /** The file could not be read. */
    UNREADABLE("unreadable"),
    /** A symlink to a directory, out of the repository, dangling or looping. */
    SYMLINK("symlink"),
    /** The parser failed on the file. */
    UNPARSABLE("unparsable"),
    /**
     * A directory left out whole: its {@code .gitignore} or {@code .ragignore} is over the limits of an ignore file
     * (size, or rules in effect), so what it asks to leave out cannot be told apart.
     */
    IGNORE_LIMIT("ignore_limit");

    private final String key;

    SkipReason(String key) {
        this.key = key;
    }

    String key() {
        return key;
    }
}
