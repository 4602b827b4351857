package dev.coderag.store.embedded.vectors;

import io.github.jbellis.jvector.graph.RandomAccessVectorValues;
import io.github.jbellis.jvector.vector.types.VectorFloat;
import java.util.function.IntSupplier;

/**
 * A {@link VectorStorage} seen as JVector's {@link RandomAccessVectorValues}: what its exact score functions read.
 * The size is the owning index's current ordinal count; thread-safety is the storage's (the index's lock).
 */
final class StorageValues implements RandomAccessVectorValues {
    private final VectorStorage storage;
    private final IntSupplier size;
    private final int dimension;

    private StorageValues(VectorStorage storage, IntSupplier size, int dimension) {
        this.storage = storage;
        this.size = size;
        this.dimension = dimension;
    }

    static StorageValues of(VectorStorage storage, IntSupplier size, int dimension) {
        return new StorageValues(storage, size, dimension);
    }

    @Override
    public int size() {
        return size.getAsInt();
    }

    @Override
    public int dimension() {
        return dimension;
    }

    @Override
    public VectorFloat<?> getVector(int ordinal) {
        return storage.get(ordinal);
    }

    @Override
    public boolean isValueShared() {
        return false;
    }

    @Override
    public RandomAccessVectorValues copy() {
        return this;
    }
}
