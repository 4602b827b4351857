package dev.coderag.store.solr;

import dev.coderag.store.ResolvedFile;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The declarations of some keys in one repository, read from the resolved documents that declare them
 * ({@link #read}), and the linking rule of {@link dev.coderag.store.References}: a reference links to the declaration
 * of its key in a current file, else — when no current file declares the key — to that of its fallback key; of
 * several current files declaring it, only to the referring file's own, else to none. A file declaring a key twice
 * counts with its first declaration. Not thread-safe: one per read.
 */
final class SolrDeclarations {
    /**
     * Files read per key, on average over a request: past a few copies a key is ambiguous anyway, and a read stays
     * bounded.
     */
    static final int MAX_DECLARERS = 8;
    /** Keys per request: one boolean clause each, well below Solr's default limit of 1,024. */
    static final int KEYS_PER_QUERY = 400;

    private final SolrReads reads;
    private final String repo;
    private final Set<String> read = new HashSet<>();
    /** Per key, per declaring file (by path), its first declaration. */
    private final Map<String, Map<String, ResolvedFile.Declared>> byKey = new HashMap<>();
    /** The hash each declaring file was resolved from. */
    private final Map<String, String> resolvedHashes = new HashMap<>();

    SolrDeclarations(SolrReads reads, String repo) {
        this.reads = reads;
        this.repo = repo;
    }

    /** A declaration in a file. */
    record Site(String path, ResolvedFile.Declared declared) {}

    /**
     * Reads the declarations of the keys not read yet (empty keys are ignored) and asks {@code facts} for the file
     * index's hash of every file declaring one, and — with {@code lines} — for the code chunks of their lines.
     */
    void read(Collection<String> keys, SolrFileFacts facts, boolean lines) {
        List<String> wanted = new ArrayList<>();
        for (String key : new LinkedHashSet<>(keys)) {
            if (!key.isEmpty() && read.add(key)) {
                wanted.add(key);
            }
        }
        for (int i = 0; i < wanted.size(); i += KEYS_PER_QUERY) {
            List<String> part = wanted.subList(i, Math.min(wanted.size(), i + KEYS_PER_QUERY));
            Set<String> partKeys = new HashSet<>(part);
            var p = SolrReads.params(
                    "*:*",
                    List.of(
                            SolrDocs.is("doc", SolrDocs.RESOLVED),
                            SolrDocs.is("repo", repo),
                            SolrDocs.anyOf(
                                    "decl_keys",
                                    part.stream().map(SolrResolvedDocs::term).toList())),
                    SolrResolvedDocs.fields(true, List.of()),
                    part.size() * MAX_DECLARERS);
            p.set("sort", "path asc,id asc");
            reads.query(p, "read declarations").getResults().forEach(d -> {
                SolrResolvedDocs.Resolved r = SolrResolvedDocs.read(d);
                resolvedHashes.put(r.path(), r.hash());
                facts.hash(r.path());
                for (ResolvedFile.Declared x : r.declared()) {
                    if (partKeys.contains(x.key())) {
                        byKey.computeIfAbsent(x.key(), k -> new TreeMap<>())
                                .merge(r.path(), x, (a, b) -> b.line() < a.line() ? b : a);
                        if (lines) {
                            facts.lines(r.path(), x.line(), x.line());
                        }
                    }
                }
            });
        }
    }

    /** The current declarations of {@code key}, by path (its files' hashes read by {@code facts}). */
    List<Site> current(String key, SolrFileFacts facts) {
        List<Site> out = new ArrayList<>(1);
        byKey.getOrDefault(key, Map.of()).forEach((path, x) -> {
            if (facts.current(path, resolvedHashes.get(path))) {
                out.add(new Site(path, x));
            }
        });
        return out;
    }

    /** The declaration a reference from {@code fromPath} links to; empty when none or ambiguous. */
    Optional<Site> link(String fromPath, String key, String fallbackKey, SolrFileFacts facts) {
        List<Site> at = current(key, facts);
        if (at.isEmpty() && !fallbackKey.isEmpty()) {
            at = current(fallbackKey, facts);
        }
        if (at.size() == 1) {
            return Optional.of(at.get(0));
        }
        return at.stream().filter(s -> s.path().equals(fromPath)).findFirst();
    }
}
