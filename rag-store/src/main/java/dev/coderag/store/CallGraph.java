package dev.coderag.store;

import java.util.List;

/**
 * Call edges between code chunks. From a file whose references a compiler resolved ({@link References}), the
 * calls it bound to declarations in the repository, each to the chunk of its declaration (calls into the JDK or a
 * library are not callees). From any other file, edges derived from {@code CodeChunk.calls()} at insert: a callee
 * resolves to a chunk only when exactly one definition in the same repo has that name. Thread-safe; each call reads one committed
 * state; failures are {@link StoreException}s.
 */
public interface CallGraph {

    /** Calls made by a code chunk, in call order; empty for an unknown id. */
    List<CallEdge> callees(String chunkId);

    /**
     * Calls, in the same repo, to the symbol a code chunk defines; empty for an unknown id. For a chunk of a resolved
     * file, the resolved calls into it and the name-matched calls from files that are not resolved.
     */
    List<CallEdge> callers(String chunkId);
}
