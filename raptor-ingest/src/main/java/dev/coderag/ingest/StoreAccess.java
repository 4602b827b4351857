package dev.coderag.ingest;

import dev.coderag.store.VectorStore;
import java.nio.file.Path;

/** Store operations the CLI needs beyond open. TODO(ingest): VectorStore.recreate once the store lands. */
final class StoreAccess {
    private StoreAccess() {}

    static VectorStore recreate(Path dir, String modelId, int dimension) {
        throw new IngestException(
                IngestException.Reason.MODEL_MISMATCH,
                "rebuilding " + dir + " for model " + modelId + " is not supported yet; use another --db");
    }
}
