package dev.coderag.store;

import java.util.Optional;

/**
 * A call from one code chunk to a named function.
 *
 * @param calleeName the name as the caller wrote it ({@code parse}, {@code this.parse}, {@code Foo::parse});
 *     it is matched to symbols by its last segment
 * @param calleeId the chunk defining {@code calleeName}, present when exactly one code chunk of the same repo
 *     has that symbol name — a definition split into several chunks (same path, qualified name and signature)
 *     counts once and its first chunk is given
 */
public record CallEdge(String callerId, String calleeName, Optional<String> calleeId) {}
