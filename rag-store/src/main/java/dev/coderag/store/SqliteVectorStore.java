package dev.coderag.store;

import java.nio.file.Path;
import java.util.Optional;

/** SQLite rows + FTS5 + JVector. TODO(foundation): implementation lands with the store work. */
final class SqliteVectorStore {
    private SqliteVectorStore() {}

    static VectorStore open(Path dir, String modelId, int dimension) {
        throw new StoreException(StoreException.Reason.IO, "store not implemented yet");
    }

    static Optional<String> storedModelId(Path dir) {
        return Optional.empty();
    }
}
