package dev.coderag.ingest.resolve;

import dev.coderag.store.ReferenceKind;
import dev.coderag.store.Resolution;
import java.util.Objects;

/**
 * One reference in the sources: at {@code site} a {@code kind} of reference to {@code target}, found as {@code
 * resolution} says.
 */
public record Reference(ReferenceKind kind, Site site, ReferenceTarget target, Resolution resolution) {
    public Reference {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(site);
        Objects.requireNonNull(target);
        Objects.requireNonNull(resolution);
    }
}
