package dev.coderag.store.solr;

import dev.coderag.store.History;
import dev.coderag.store.HistoryMark;
import dev.coderag.store.StoredChunk;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CommitChunk;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link History} over the collection: commit chunks ({@code kind:commit}, their id in {@code qualified}) and one
 * {@code doc:history} document per repository. Thread-safe.
 */
final class SolrHistory implements History {
    private final SolrReads reads;

    SolrHistory(SolrReads reads) {
        this.reads = reads;
    }

    @Override
    public Optional<HistoryMark> mark(String repo) {
        Objects.requireNonNull(repo, "repo");
        reads.connection().checkOpen();
        List<HistoryMark> found = new ArrayList<>();
        reads.forEach(
                List.of(SolrDocs.is("id", SolrDocs.historyId(repo))),
                "id,body",
                "",
                "read a history mark",
                d -> found.add(SolrDocs.historyMark(SolrDocs.string(d, "body"))));
        return found.stream().findFirst();
    }

    @Override
    public List<StoredChunk> ofFile(String repo, String path, int limit) {
        Objects.requireNonNull(repo, "repo");
        Objects.requireNonNull(path, "path");
        check(limit);
        List<StoredChunk> out =
                commits(List.of(SolrDocs.is("repo", repo), SolrDocs.is("path", path)), "a file's history");
        return out.stream()
                .sorted(Comparator.comparingLong((StoredChunk s) -> ((CommitChunk) s.chunk()).time())
                        .reversed()
                        .thenComparing(s -> ((CommitChunk) s.chunk()).sha()))
                .limit(limit)
                .toList();
    }

    @Override
    public List<StoredChunk> commit(String repo, String shaOrPrefix, int limit) {
        Objects.requireNonNull(repo, "repo");
        check(limit);
        String prefix = shaOrPrefix.toLowerCase(Locale.ROOT);
        if (!prefix.matches("[0-9a-f]{7,64}")) {
            return List.of();
        }
        List<StoredChunk> found = commits(List.of(SolrDocs.is("repo", repo), "qualified:" + prefix + "*"), "a commit");
        long shas = found.stream()
                .map(s -> ((CommitChunk) s.chunk()).sha())
                .distinct()
                .count();
        return shas == 1
                ? found.stream()
                        .sorted(Comparator.comparing(s -> s.chunk().path()))
                        .limit(limit)
                        .toList()
                : List.of();
    }

    private List<StoredChunk> commits(List<String> more, String what) {
        reads.connection().checkOpen();
        List<String> fq = new ArrayList<>(
                List.of(SolrDocs.is("doc", SolrDocs.CHUNK), SolrDocs.is("kind", ChunkKind.COMMIT.table())));
        fq.addAll(more);
        List<StoredChunk> out = new ArrayList<>();
        reads.forEach(fq, SolrDocs.CHUNK_FIELDS, "", "read " + what, d -> {
            if (out.size() < MAX_CHUNKS) {
                out.add(SolrDocs.storedChunk(d));
            }
        });
        return out;
    }

    private static void check(int limit) {
        if (limit < 1 || limit > MAX_CHUNKS) {
            throw new IllegalArgumentException("limit " + limit + " out of 1.." + MAX_CHUNKS);
        }
    }
}
