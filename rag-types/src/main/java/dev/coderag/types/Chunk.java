package dev.coderag.types;

import java.nio.charset.StandardCharsets;

/**
 * A retrievable unit of a repository. One variant per store table; {@code switch} over it without a
 * {@code default} so that a new variant fails to compile until every consumer handles it.
 *
 * <p>Identity: {@link #contentHash()} is the SHA-256 of {@link #embeddingText()} (line endings normalised),
 * so two chunks with the same text share an embedding. {@link #id()} additionally covers repo, kind, path
 * and line range, so it is deterministic for a given file content and unique within a store.
 *
 * <p>All implementations are immutable records; no accessor returns null.
 */
public sealed interface Chunk permits CodeChunk, ReadmeChunk, ManifestChunk, ModuleDocChunk, CommitChunk {

    /** Repository name the chunk belongs to (the store may hold several). */
    String repo();

    /** Repository-relative path with forward slashes. */
    String path();

    /** First line, 1-based inclusive. */
    int startLine();

    /** Last line, 1-based inclusive, {@code >= startLine()}. */
    int endLine();

    /** Id of the embedding model the chunk is (to be) embedded with. */
    String modelId();

    /** Language of the file the chunk came from. */
    Language language();

    /** The table the chunk lives in. */
    default ChunkKind kind() {
        return switch (this) {
            case CodeChunk c -> ChunkKind.CODE;
            case ReadmeChunk r -> ChunkKind.README;
            case ManifestChunk m -> ChunkKind.MANIFEST;
            case ModuleDocChunk d -> ChunkKind.MODULE_DOC;
            case CommitChunk c -> ChunkKind.COMMIT;
        };
    }

    /** A short display name: the symbol, the last heading, the package name or the module name. */
    default String title() {
        return switch (this) {
            case CodeChunk c -> c.qualifiedName();
            case ReadmeChunk r ->
                r.headingPath().isEmpty() ? r.path() : r.headingPath().getLast();
            case ManifestChunk m -> m.name();
            case ModuleDocChunk d -> d.moduleName();
            case CommitChunk c -> c.subject().isEmpty() ? c.shortSha() : c.subject();
        };
    }

    /**
     * This chunk as embedded with another model: equal in every other component, so its {@link #id()} and
     * {@link #contentHash()} stay the same. How a chunk moves between a store's vector tiers.
     */
    default Chunk withModelId(String modelId) {
        return copy(this, repo(), startLine(), modelId);
    }

    /**
     * This chunk as it stands in another repository at another place of the same path: equal in every other
     * component (its {@link #contentHash()} stays the same, its {@link #id()} changes), its lines shifted so that it
     * starts at {@code startLine}. How a branch overlay shows a chunk of its base that the branch holds at other lines
     * (docs/STORE.md, "Branches").
     *
     * @throws IllegalArgumentException for a blank repository or a start line below 1
     */
    default Chunk movedTo(String repo, int startLine) {
        return copy(this, repo, startLine, modelId());
    }

    /** {@code chunk} with its repository, first line (the last one moving with it) and model replaced. */
    private static Chunk copy(Chunk chunk, String repo, int start, String modelId) {
        int end = start + chunk.endLine() - chunk.startLine();
        return switch (chunk) {
            case CodeChunk c ->
                new CodeChunk(
                        repo,
                        c.path(),
                        c.language(),
                        c.symbol(),
                        c.symbolKind(),
                        c.enclosing(),
                        c.signature(),
                        c.docstring(),
                        c.code(),
                        start,
                        end,
                        c.calls(),
                        modelId);
            case ReadmeChunk r -> new ReadmeChunk(repo, r.path(), r.headingPath(), r.text(), start, end, modelId);
            case ManifestChunk m ->
                new ManifestChunk(repo, m.path(), m.name(), m.description(), m.dependencies(), start, end, modelId);
            case ModuleDocChunk d ->
                new ModuleDocChunk(repo, d.path(), d.language(), d.moduleName(), d.text(), start, end, modelId);
            case CommitChunk c ->
                new CommitChunk(
                        repo,
                        c.path(),
                        c.oldPath(),
                        c.language(),
                        c.sha(),
                        c.author(),
                        c.time(),
                        c.subject(),
                        c.body(),
                        c.change(),
                        c.hunks(),
                        c.diff(),
                        c.linesAdded(),
                        c.linesDeleted(),
                        c.omitted(),
                        c.touched(),
                        c.introduced(),
                        start,
                        end,
                        modelId);
        };
    }

    /** The text given to the embedding model; defined once, in {@link EmbeddingText}. */
    default String embeddingText() {
        return EmbeddingText.of(this);
    }

    /** Lower-case hex SHA-256 of {@link #embeddingText()}. */
    default String contentHash() {
        return Hashing.sha256Text(embeddingText());
    }

    /** Deterministic id: 32 hex chars of SHA-256 over repo, kind, path, line range and content hash. */
    default String id() {
        String key = repo()
                + '\0'
                + kind().table()
                + '\0'
                + path()
                + '\0'
                + startLine()
                + '\0'
                + endLine()
                + '\0'
                + contentHash();
        return Hashing.sha256(key.getBytes(StandardCharsets.UTF_8)).substring(0, 32);
    }

    /** {@code path:start-end}, the citation form. */
    default String location() {
        return path() + ':' + startLine() + '-' + endLine();
    }

    /** Shared argument checks for the record constructors. */
    static void checkRange(String repo, String path, int startLine, int endLine) {
        if (repo == null || repo.isBlank()) {
            throw new IllegalArgumentException("repo must not be blank");
        }
        if (path == null || path.isBlank()) {
            throw new IllegalArgumentException("path must not be blank");
        }
        if (startLine < 1 || endLine < startLine) {
            throw new IllegalArgumentException("bad line range " + startLine + "-" + endLine + " in " + path);
        }
    }
}
