package dev.coderag.store;

import java.util.List;

/**
 * What the store knows of one indexed file.
 *
 * <p>The file index also records files whose chunks are stored but not yet all with their vectors (written
 * lexical first, see docs/STORE.md): such a file's hash is {@link #pendingHash marked pending}, a value that never
 * equals a real SHA-256, so the next ingest sees the file as changed and completes it. The mark is part of the
 * stored format: every backend stores the marked string as it is, and stores written before this class owned the
 * mark read the same.
 *
 * @param fileHash SHA-256 of the file's bytes (line endings normalised) when it was indexed, or that hash
 *     {@link #pendingHash marked pending}
 * @param chunkIds ids of the chunks that came from it (possibly none)
 */
public record FileEntry(String repo, String path, String fileHash, List<String> chunkIds) {
    /** The prefix of a pending hash: not a hex digit, so no real hash starts with it. */
    private static final String PENDING = "pending:";

    public FileEntry {
        chunkIds = List.copyOf(chunkIds);
    }

    /** {@code fileHash} marked pending: the file's chunks are stored, some without their vectors. */
    public static String pendingHash(String fileHash) {
        return PENDING + fileHash;
    }

    /** Whether a file index hash is {@link #pendingHash marked pending} (never true of a real hash). */
    public static boolean isPending(String fileHash) {
        return fileHash.startsWith(PENDING);
    }

    /**
     * The hash of a branch overlay's entry for a file its base repository has and the branch does not (docs/STORE.md,
     * "Branches"): it hides the base's file in the branch's view. Not hexadecimal, so no real hash equals it; such an
     * entry has no chunks.
     */
    public static final String ABSENT = "absent";

    /** Whether this entry hides its base repository's file in a branch overlay ({@link #ABSENT}). */
    public boolean absent() {
        return ABSENT.equals(fileHash);
    }

    /** Whether this file's chunks still wait for some of their vectors. */
    public boolean pending() {
        return isPending(fileHash);
    }
}
