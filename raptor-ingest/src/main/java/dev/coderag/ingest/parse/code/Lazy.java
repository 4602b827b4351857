package dev.coderag.ingest.parse.code;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A value computed on first use, once, and then shared by every thread (double-checked locking on a volatile
 * field). The computation must not return null.
 */
final class Lazy<T> implements Supplier<T> {
    private final Supplier<T> compute;
    private volatile T value;

    Lazy(Supplier<T> compute) {
        this.compute = Objects.requireNonNull(compute, "compute");
    }

    @Override
    public T get() {
        T v = value;
        if (v == null) {
            synchronized (this) {
                v = value;
                if (v == null) {
                    v = Objects.requireNonNull(compute.get(), "lazy value");
                    value = v;
                }
            }
        }
        return v;
    }
}
