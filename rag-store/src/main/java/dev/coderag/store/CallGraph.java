package dev.coderag.store;

import java.util.List;

/**
 * Call edges between code chunks, derived from {@code CodeChunk.calls()} at insert. A callee resolves to a chunk
 * only when exactly one definition in the same repo has that name. Thread-safe; each call reads one committed
 * state; failures are {@link StoreException}s.
 */
public interface CallGraph {

    /** Calls made by a code chunk, in call order; empty for an unknown id. */
    List<CallEdge> callees(String chunkId);

    /** Calls, in the same repo, to the symbol a code chunk defines; empty for an unknown id. */
    List<CallEdge> callers(String chunkId);
}
