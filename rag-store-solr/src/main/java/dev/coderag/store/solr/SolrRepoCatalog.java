package dev.coderag.store.solr;

import dev.coderag.store.IndexState;
import dev.coderag.store.RepoCatalog;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.RepoRecord;
import dev.coderag.store.SkippedFile;
import dev.coderag.store.spi.RepoInfos;
import dev.coderag.types.ChunkKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.solr.common.params.ModifiableSolrParams;
import org.apache.solr.common.util.NamedList;

/**
 * {@link RepoCatalog}: the repository documents with their counts — chunks per table, code chunks per language and
 * files, in one JSON-facet request. A repo with chunks or files but no record is listed too. Thread-safe.
 */
final class SolrRepoCatalog implements RepoCatalog {
    private static final String FACETS = """
            {"repos": {"type": "terms", "field": "repo", "limit": -1, "facet": {
              "kinds": {"type": "terms", "field": "kind", "limit": -1, "domain": {"filter": "doc:chunk"}},
              "langs": {"type": "terms", "field": "language", "limit": -1,
                        "domain": {"filter": "doc:chunk AND kind:code"}},
              "files": {"type": "query", "q": "doc:file"}}}}""";

    private final SolrReads reads;

    SolrRepoCatalog(SolrReads reads) {
        this.reads = reads;
    }

    @Override
    public List<RepoInfo> list() {
        reads.connection().checkOpen();
        return infos(Optional.empty());
    }

    @Override
    public Optional<RepoInfo> get(String name) {
        Objects.requireNonNull(name, "name");
        reads.connection().checkOpen();
        List<RepoInfo> found = infos(Optional.of(name));
        return found.isEmpty() ? Optional.empty() : Optional.of(found.getFirst());
    }

    private List<RepoInfo> infos(Optional<String> only) {
        List<String> recordFilter = new ArrayList<>(List.of(SolrDocs.is("doc", SolrDocs.REPO)));
        only.ifPresent(n -> recordFilter.add(SolrDocs.is("repo", n)));
        Map<String, RepoRecord> records = new HashMap<>();
        reads.forEach(
                recordFilter,
                "repo,source,commit_sha,indexed_at,state,pending_files,branch",
                "",
                "list repositories",
                d -> records.put(
                        SolrDocs.string(d, "repo"),
                        new RepoRecord(
                                SolrDocs.string(d, "repo"),
                                SolrDocs.string(d, "source"),
                                SolrDocs.string(d, "commit_sha"),
                                Instant.ofEpochMilli(SolrDocs.number(d, "indexed_at")),
                                IndexState.fromId(SolrDocs.string(d, "state")),
                                (int) SolrDocs.number(d, "pending_files"),
                                SolrDocs.string(d, "branch"))));

        List<String> countFilter = new ArrayList<>(List.of("doc:(chunk OR file)"));
        only.ifPresent(n -> countFilter.add(SolrDocs.is("repo", n)));
        ModifiableSolrParams p = SolrReads.params("*:*", countFilter, "id", 0);
        p.set("json.facet", FACETS);
        Map<String, Map<ChunkKind, Integer>> kinds = new HashMap<>();
        Map<String, Map<String, Integer>> languages = new HashMap<>();
        Map<String, Integer> files = new HashMap<>();
        NamedList<Object> facets = reads.query(p, "count repository contents").getResponse();
        for (NamedList<?> bucket : buckets(facets.get("facets"), "repos")) {
            String repo = String.valueOf(bucket.get("val"));
            Map<ChunkKind, Integer> perKind = new EnumMap<>(ChunkKind.class);
            for (NamedList<?> b : buckets(bucket, "kinds")) {
                perKind.put(ChunkKind.fromTable(String.valueOf(b.get("val"))), count(b));
            }
            kinds.put(repo, perKind);
            Map<String, Integer> perLanguage = new TreeMap<>();
            for (NamedList<?> b : buckets(bucket, "langs")) {
                perLanguage.put(String.valueOf(b.get("val")), count(b));
            }
            languages.put(repo, perLanguage);
            if (bucket.get("files") instanceof NamedList<?> f) {
                files.put(repo, count(f));
            }
        }

        return RepoInfos.assemble(records, kinds, languages, files, Map.of());
    }

    @Override
    public List<SkippedFile> skipped(String repo, int limit) {
        Objects.requireNonNull(repo, "repo");
        if (limit < 0 || limit > MAX_SKIPPED) {
            throw new IllegalArgumentException("limit must be 0.." + MAX_SKIPPED + ": " + limit);
        }
        reads.connection().checkOpen();
        if (limit == 0) {
            return List.of();
        }
        ModifiableSolrParams p = SolrReads.params(
                "*:*", List.of(SolrDocs.is("doc", SolrDocs.SKIPPED), SolrDocs.is("repo", repo)), "path,reason", limit);
        p.set("sort", "path asc");
        List<SkippedFile> out = new ArrayList<>();
        reads.query(p, "list skipped files")
                .getResults()
                .forEach(d -> out.add(new SkippedFile(SolrDocs.string(d, "path"), SolrDocs.string(d, "reason"))));
        return out;
    }

    private static List<NamedList<?>> buckets(Object facet, String name) {
        List<NamedList<?>> out = new ArrayList<>();
        if (facet instanceof NamedList<?> f
                && f.get(name) instanceof NamedList<?> field
                && field.get("buckets") instanceof List<?> list) {
            for (Object b : list) {
                if (b instanceof NamedList<?> bucket) {
                    out.add(bucket);
                }
            }
        }
        return out;
    }

    private static int count(NamedList<?> bucket) {
        return bucket.get("count") instanceof Number n ? n.intValue() : 0;
    }
}
