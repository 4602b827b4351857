package dev.coderag.retrieval;

/**
 * A stored call edge between two code chunks, found by graph expansion.
 *
 * @param callerId chunk id of the caller
 * @param callerName qualified name of the caller
 * @param calleeId chunk id of the callee, or "" when the callee name is not resolved to one chunk
 * @param calleeName the called name as written
 */
public record CallRelation(String callerId, String callerName, String calleeId, String calleeName) {}
