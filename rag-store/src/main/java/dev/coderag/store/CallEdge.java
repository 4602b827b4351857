package dev.coderag.store;

import java.util.Optional;

/**
 * A call from one code chunk to a named function.
 *
 * @param calleeId the chunk defining {@code calleeName}, present when exactly one code chunk of the same repo
 *     has that symbol name
 */
public record CallEdge(String callerId, String calleeName, Optional<String> calleeId) {}
