package dev.coderag.retrieval;

import dev.coderag.store.ReferenceKind;

/**
 * A stored edge between two code chunks, found by graph expansion: a call, or (from references a compiler resolved)
 * a type that names the other as its supertype, or a method that overrides the other.
 *
 * @param callerId chunk id of the caller (the subtype, the overriding method)
 * @param callerName qualified name of the caller
 * @param calleeId chunk id of the callee (the supertype, the overridden method), or "" when the callee name is not
 *     resolved to one chunk
 * @param calleeName the called name as written
 * @param kind {@link ReferenceKind#CALL}, {@link ReferenceKind#SUPERTYPE} or {@link ReferenceKind#OVERRIDE}
 * @param site for a supertype or override, {@code path:line} of the subtype's or overriding method's name; "" for
 *     a call
 */
public record CallRelation(
        String callerId, String callerName, String calleeId, String calleeName, ReferenceKind kind, String site) {
    /** A call. */
    public CallRelation(String callerId, String callerName, String calleeId, String calleeName) {
        this(callerId, callerName, calleeId, calleeName, ReferenceKind.CALL, "");
    }

    /** Whether this is a call (not a supertype or an override). */
    public boolean isCall() {
        return kind == ReferenceKind.CALL;
    }
}
