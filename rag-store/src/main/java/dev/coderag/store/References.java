package dev.coderag.store;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * References between declarations as a compiler resolved them at ingest ({@link WriteTransaction#putResolved}),
 * linked when read: a reference to a key reaches the declaration with that key in a file whose resolved references
 * are current. A file's references count only while the file index holds the hash they were resolved from: a
 * changed file falls back to name-based call edges ({@link CallGraph}) until it is resolved again. When two current
 * files declare the same key (copies of a class in two source roots), a reference links only to its own file's
 * declaration, else to none: the compiler saw one of them and which one is not known.
 *
 * <p>A line belongs to the innermost code chunk of its file that holds it (a method's chunk, not its class's).
 * Thread-safe; each call reads one committed state; failures are {@link StoreException}s.
 */
public interface References {

    /**
     * The references made from a code chunk's own lines, in line order, to declarations in the repository and
     * outside it; references to a key no current file declares are left out. Empty for an unknown id or a file
     * without current resolved references.
     */
    List<SymbolRef> from(String chunkId);

    /**
     * Every reference of one file, in line order, including those on lines outside every code chunk (imports:
     * {@link SymbolRef#fromChunkId()} is then ""); references to a key no current file declares are left out. Empty
     * for a file without current resolved references.
     */
    List<SymbolRef> inFile(String repo, String path);

    /**
     * References of the given kinds, from current files of the chunk's repository, to the declarations whose name
     * line the chunk holds (as its innermost chunk), ordered by path and line, at most {@code limit}.
     */
    List<SymbolRef> to(String chunkId, Set<ReferenceKind> kinds, int limit);

    /**
     * The simple names of the repository's declarations a code chunk's own lines call (as {@link #from} links them,
     * {@link ReferenceKind#CALL} only, in call order, each once): what an answer says a chunk calls. Empty when the
     * chunk's file has no current resolved references (or the id is unknown), so that the caller falls back to the
     * names the chunk calls as written. Cheap: what retrieval asks of every code hit.
     */
    Optional<List<String>> callNames(String chunkId);

    /** Whether the chunk's file has resolved references for its current content. */
    boolean resolved(String chunkId);

    /** Per path, the file hash each resolved file of the repo was resolved from (current or not). */
    Map<String, String> resolvedHashes(String repo);

    /** The keys a file declared when it was last resolved; empty when it never was. */
    Set<String> declaredKeys(String repo, String path);

    /** Paths of up to {@code limit} resolved files of the repo with a reference to any of {@code keys}. */
    Set<String> referencing(String repo, Collection<String> keys, int limit);

    /**
     * A file's resolution as {@link WriteTransaction#putResolved} stored it, unlinked: its declarations and its
     * references in their original order, with the file hash it was resolved from (current or not). Put back as it is
     * into another store, it links there the same way: what {@code ./rag migrate} copies so that the copy's next
     * ingest resolves nothing again. Empty when the file was never resolved.
     */
    Optional<Stored> stored(String repo, String path);

    /** A stored resolution and the hash of the file content it was resolved from. */
    record Stored(String fileHash, ResolvedFile file) {
        public Stored {
            Objects.requireNonNull(fileHash, "fileHash");
            Objects.requireNonNull(file, "file");
        }
    }
}
