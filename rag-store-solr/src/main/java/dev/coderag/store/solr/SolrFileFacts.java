package dev.coderag.store.solr;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.solr.common.SolrDocument;

/**
 * What the file index and the code chunks say about some files of one repository, asked for first ({@link #hash},
 * {@link #lines}) and then read together ({@link #fetch}): the hash the file index holds for a file (its resolved
 * references count only while it equals the hash they were resolved from) and the code chunks over some of its
 * lines (which chunk a line belongs to). Reading both in one request is what keeps a read of references to a few
 * round trips: one request per {@link #PATHS_PER_QUERY} files. Not thread-safe: one per read.
 */
final class SolrFileFacts {
    /** Files per request: each costs about four boolean clauses, well below Solr's default limit of 1,024. */
    static final int PATHS_PER_QUERY = 100;

    private static final String FIELDS = "id,doc,path,file_hash,start_line,end_line";

    private final SolrReads reads;
    private final String repo;
    /** The file index's hash of each file read ("" when the index does not hold it). */
    private final Map<String, String> hashes = new HashMap<>();
    /** Files whose hash is wanted and not read yet. */
    private final Set<String> wantedHashes = new LinkedHashSet<>();
    /** Per file, the lines whose chunks are wanted ({min, max}), and the lines whose chunks were read. */
    private final Map<String, int[]> wantedLines = new HashMap<>();

    private final Map<String, int[]> readLines = new HashMap<>();
    private final Map<String, Innermost> chunks = new HashMap<>();

    SolrFileFacts(SolrReads reads, String repo) {
        this.reads = reads;
        this.repo = repo;
    }

    /** Asks for the file index's hash of {@code path}. */
    void hash(String path) {
        if (!hashes.containsKey(path)) {
            wantedHashes.add(path);
        }
    }

    /** Asks for the code chunks of {@code path} holding any line from {@code from} to {@code to}. */
    void lines(String path, int from, int to) {
        int[] done = readLines.get(path);
        if (done != null && done[0] <= from && to <= done[1]) {
            return;
        }
        wantedLines.merge(path, new int[] {from, to}, (a, b) -> new int[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
    }

    /** Reads what was asked for and not read yet; with {@code alsoIds}, the documents with those ids too. */
    List<SolrDocument> fetch(Collection<String> alsoIds, String alsoFields) {
        Set<String> paths = new LinkedHashSet<>(wantedHashes);
        paths.addAll(wantedLines.keySet());
        List<String> all = new ArrayList<>(paths);
        List<SolrDocument> also = new ArrayList<>();
        Map<String, List<Span>> spans = new HashMap<>();
        for (int i = 0; i == 0 || i < all.size(); i += PATHS_PER_QUERY) {
            List<String> part = all.subList(i, Math.min(all.size(), i + PATHS_PER_QUERY));
            String filter = filter(part, i == 0 ? alsoIds : List.of());
            if (filter.isEmpty()) {
                break;
            }
            String fl = alsoIds.isEmpty() ? FIELDS : FIELDS + "," + alsoFields;
            reads.forEach(List.of(filter), fl, "", "read files and their code chunks", d -> {
                switch (SolrDocs.string(d, "doc")) {
                    case SolrDocs.FILE -> hashes.put(SolrDocs.string(d, "path"), SolrDocs.string(d, "file_hash"));
                    case SolrDocs.CHUNK ->
                        spans.computeIfAbsent(SolrDocs.string(d, "path"), p -> new ArrayList<>())
                                .add(new Span(SolrDocs.string(d, "id"), start(d), end(d)));
                    default -> also.add(d);
                }
            });
        }
        for (String path : wantedHashes) {
            hashes.putIfAbsent(path, "");
        }
        wantedLines.forEach((path, range) -> {
            int[] done = readLines.get(path);
            // a wider range read again holds every chunk of the narrower one
            readLines.put(
                    path, done == null ? range : new int[] {Math.min(done[0], range[0]), Math.max(done[1], range[1])});
            chunks.put(path, new Innermost(spans.getOrDefault(path, List.of())));
        });
        wantedHashes.clear();
        wantedLines.clear();
        return also;
    }

    /** Whether the file index holds {@code resolvedHash} for {@code path} (asked for and read before). */
    boolean current(String path, String resolvedHash) {
        String hash = hashes.get(path);
        if (hash == null) {
            throw new IllegalStateException("the hash of " + path + " was not read");
        }
        return !hash.isEmpty() && hash.equals(resolvedHash);
    }

    /** The code chunks of {@code path} read so far. */
    Innermost chunks(String path) {
        return chunks.getOrDefault(path, new Innermost(List.of()));
    }

    private String filter(List<String> paths, Collection<String> alsoIds) {
        List<String> ids = new ArrayList<>(alsoIds);
        List<String> spans = new ArrayList<>();
        for (String path : paths) {
            if (wantedHashes.contains(path)) {
                ids.add(SolrDocs.fileId(repo, path));
            }
            int[] range = wantedLines.get(path);
            if (range != null) {
                int[] done = readLines.get(path);
                int from = done == null ? range[0] : Math.min(range[0], done[0]);
                int to = done == null ? range[1] : Math.max(range[1], done[1]);
                wantedLines.put(path, new int[] {from, to});
                spans.add("(+" + SolrDocs.is("path", path) + " +start_line:[* TO " + to + "] +end_line:[" + from
                        + " TO *])");
            }
        }
        List<String> or = new ArrayList<>();
        if (!ids.isEmpty()) {
            or.add(SolrDocs.anyOf("id", ids));
        }
        if (!spans.isEmpty()) {
            or.add("(+doc:chunk +kind:code +" + SolrDocs.is("repo", repo) + " +(" + String.join(" ", spans) + "))");
        }
        return String.join(" OR ", or);
    }

    private static int start(SolrDocument d) {
        return (int) SolrDocs.number(d, "start_line");
    }

    private static int end(SolrDocument d) {
        return Math.max(start(d), (int) SolrDocs.number(d, "end_line"));
    }

    /** A code chunk's lines. */
    record Span(String id, int start, int end) {}

    /**
     * The code chunks of one file over some lines, innermost first: a line belongs to the chunk with the smallest
     * span holding it, of two the earlier start (then the smaller id, so that the answer never depends on the order
     * of a response).
     */
    static final class Innermost {
        private final List<Span> spans;

        Innermost(List<Span> spans) {
            this.spans = new ArrayList<>(spans);
            this.spans.sort(Comparator.comparingInt((Span s) -> s.end() - s.start())
                    .thenComparingInt(Span::start)
                    .thenComparing(Span::id));
        }

        /** The id of the innermost code chunk holding {@code line}; "" when none does. */
        String at(int line) {
            for (Span s : spans) {
                if (s.start() <= line && line <= s.end()) {
                    return s.id();
                }
            }
            return "";
        }
    }
}
