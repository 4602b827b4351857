package dev.coderag.store.embedded.vectors;

import io.github.jbellis.jvector.graph.ImmutableGraphIndex;
import java.io.IOException;
import java.util.List;

/**
 * What a graph file holds of a {@link VectorIndex}: the graph-covered ordinals [0, n), copied (row ids and filter
 * fields, their vectors as {@link VectorStorage.Frozen}), with the graph over them; {@link GraphFiles} writes and
 * reads it. On the way back {@code vectors} and {@code graph} are null: the reader builds the storage and loads the
 * graph into a builder itself.
 */
record FrozenIndex(
        long seq,
        int n,
        long[] rids,
        int[] repoIds,
        int[] pathIds,
        byte[] languages,
        byte[] symbolKinds,
        VectorStorage.Frozen vectors,
        List<String> repos,
        List<String> paths,
        ImmutableGraphIndex graph) {

    /** Writes a frozen index somewhere, e.g. a file. */
    @FunctionalInterface
    interface Writer {
        void write(FrozenIndex frozen) throws IOException;
    }
}
