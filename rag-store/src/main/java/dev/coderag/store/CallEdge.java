package dev.coderag.store;

import java.util.Objects;
import java.util.Optional;

/**
 * A call from one code chunk to a named function.
 *
 * @param calleeName the name as the caller wrote it ({@code parse}, {@code this.parse}, {@code Foo::parse});
 *     it is matched to symbols by its last segment
 * @param calleeId the chunk defining {@code calleeName}, present when exactly one code chunk of the same repo
 *     has that symbol name — a definition split into several chunks (same path, qualified name and signature)
 *     counts once and its first chunk is given; for a call resolved by a compiler, the chunk holding the
 *     declaration it binds to
 * @param resolution {@link Resolution#NAME_ONLY} for an edge matched by name; {@link Resolution#EXACT} or
 *     {@link Resolution#INFERRED} for a call from a file whose references a compiler resolved ({@link References})
 */
public record CallEdge(String callerId, String calleeName, Optional<String> calleeId, Resolution resolution) {
    public CallEdge {
        Objects.requireNonNull(callerId, "callerId");
        Objects.requireNonNull(calleeName, "calleeName");
        Objects.requireNonNull(calleeId, "calleeId");
        Objects.requireNonNull(resolution, "resolution");
    }

    /** An edge matched by name. */
    public CallEdge(String callerId, String calleeName, Optional<String> calleeId) {
        this(callerId, calleeName, calleeId, Resolution.NAME_ONLY);
    }

    /** Whether a compiler bound this call (not a name match). */
    public boolean compilerResolved() {
        return resolution != Resolution.NAME_ONLY;
    }
}
