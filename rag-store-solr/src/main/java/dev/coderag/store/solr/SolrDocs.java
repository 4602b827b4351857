package dev.coderag.store.solr;

import dev.coderag.store.HistoryMark;
import dev.coderag.store.RepoRecord;
import dev.coderag.store.SharedChunk;
import dev.coderag.store.SkippedFile;
import dev.coderag.store.StoredChunk;
import dev.coderag.store.spi.StoreRules;
import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.CommitChunk;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import org.apache.solr.client.solrj.util.ClientUtils;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.SolrInputDocument;

/**
 * The documents of a store's collection (configset {@code schema.xml}) and their ids. Every document has a type in
 * the field {@code doc}; ids never collide across types and never contain {@code !} (SolrCloud's routing prefix):
 * a chunk keeps its own id (hex), the others are {@code <type>-} plus a SHA-256 of their key.
 */
final class SolrDocs {
    private SolrDocs() {}

    static final String CHUNK = "chunk";
    static final String FILE = "file";
    static final String RESOLVED = "resolved";
    static final String REPO = "repo";
    static final String SKIPPED = "skipped";
    /** How far a repository's stored history reaches: the {@link HistoryMark} as JSON in {@code body}. */
    static final String HISTORY = "history";

    static final String META = "meta";
    static final String LOCK = "lock";
    static final String CHAT = "chat";
    static final String TURN = "turn";

    static final String META_ID = "meta-store";
    static final String LOCK_ID = "lock-writer";

    /** The filter that leaves out commit chunks: a file's history is no part of the file. */
    static final String NOT_COMMIT = "-kind:" + ChunkKind.COMMIT.table();

    /** Fields read back to rebuild a chunk: its id, table and JSON. */
    static final String CHUNK_FIELDS = "id,kind,body";

    /** The BM25 field of a table: one per table, so each has its own statistics. */
    static String lexField(ChunkKind kind) {
        return "lex_" + kind.table();
    }

    static String fileId(String repo, String path) {
        return FILE + "-" + sha256(repo + '\0' + path);
    }

    /** The document of a file's resolved references ({@link SolrResolvedDocs}). */
    static String resolvedId(String repo, String path) {
        return RESOLVED + "-" + sha256(repo + '\0' + path);
    }

    static String skippedId(String repo, String path) {
        return SKIPPED + "-" + sha256(repo + '\0' + path);
    }

    static String historyId(String repo) {
        return HISTORY + "-" + sha256(repo);
    }

    static SolrInputDocument history(String repo, HistoryMark mark) {
        SolrInputDocument d = new SolrInputDocument();
        d.setField("id", historyId(repo));
        d.setField("doc", HISTORY);
        d.setField("repo", repo);
        d.setField("body", mark.head() + ' ' + mark.commits() + ' ' + mark.maxCommits());
        return d;
    }

    /** The mark {@link #history} wrote. */
    static HistoryMark historyMark(String body) {
        String[] parts = body.split(" ");
        return new HistoryMark(parts[0], Integer.parseInt(parts[1]), Integer.parseInt(parts[2]));
    }

    static String repoId(String repo) {
        return REPO + "-" + sha256(repo);
    }

    static String chatId(String chat) {
        return CHAT + "-" + sha256(chat);
    }

    static String turnId(String chat, int seq) {
        return TURN + "-" + sha256(chat) + "-" + seq;
    }

    /** A chunk with its vector (or none): filter fields, the JSON payload, the BM25 text and the call edges. */
    static SolrInputDocument chunk(String id, Chunk chunk, float[] vector) {
        SolrInputDocument d = new SolrInputDocument();
        d.setField("id", id);
        d.setField("doc", CHUNK);
        d.setField("kind", chunk.kind().table());
        d.setField("repo", chunk.repo());
        d.setField("path", chunk.path());
        d.setField("rpath", new StringBuilder(chunk.path()).reverse().toString());
        d.setField("language", chunk.language().id());
        d.setField("start_line", chunk.startLine());
        d.setField("end_line", chunk.endLine());
        d.setField("content_hash", chunk.contentHash());
        d.setField("body", StoreRules.chunkJson(chunk));
        if (vector != null) { // without a vector (WriteTransaction#insert): no vec field, never a kNN hit
            List<Float> v = new ArrayList<>(vector.length);
            for (float x : vector) {
                v.add(x);
            }
            d.setField("vec", v);
        }
        String[] columns = StoreRules.lexicalColumns(chunk);
        // The names column counts three times, as the embedded store's BM25 column weights (3, 1) do.
        String lex = (columns[0] + " " + columns[0] + " " + columns[0] + " " + columns[1]).strip();
        if (!lex.isEmpty()) {
            d.setField(lexField(chunk.kind()), lex);
        }
        if (chunk instanceof CommitChunk commit) { // History#commit finds it by a prefix of its id
            d.setField("qualified", commit.sha());
        }
        if (chunk instanceof CodeChunk code) {
            d.setField("symbol", code.symbol());
            d.setField("qualified", code.qualifiedName());
            d.setField("symbol_kind", code.symbolKind().id());
            d.setField("signature", code.signature());
            if (!code.calls().isEmpty()) {
                d.setField("calls", new ArrayList<>(code.calls()));
                List<String> keys = new ArrayList<>();
                for (String call : code.calls()) {
                    String key = StoreRules.callKey(call);
                    if (!keys.contains(key)) {
                        keys.add(key);
                    }
                }
                d.setField("call_keys", keys);
            }
        }
        return d;
    }

    static SolrInputDocument file(String repo, String path, String hash, List<SharedChunk> shared) {
        SolrInputDocument d = new SolrInputDocument();
        d.setField("id", fileId(repo, path));
        d.setField("doc", FILE);
        d.setField("repo", repo);
        d.setField("path", path);
        d.setField("file_hash", hash);
        if (!shared.isEmpty()) {
            // the file document's stored body holds its shared chunks, one "id line" per line: no schema change
            StringBuilder body = new StringBuilder();
            shared.forEach(c ->
                    body.append(c.chunkId()).append(' ').append(c.startLine()).append('\n'));
            d.setField("body", body.toString());
        }
        return d;
    }

    /** The shared chunks {@link #file} wrote into a file document's body (none for a body without them). */
    static List<SharedChunk> shared(String body) {
        List<SharedChunk> out = new ArrayList<>();
        for (String line : body.split("\n")) {
            int space = line.indexOf(' ');
            if (space > 0) {
                out.add(new SharedChunk(line.substring(0, space), Integer.parseInt(line.substring(space + 1))));
            }
        }
        return out;
    }

    static SolrInputDocument repo(RepoRecord r) {
        SolrInputDocument d = new SolrInputDocument();
        d.setField("id", repoId(r.name()));
        d.setField("doc", REPO);
        d.setField("repo", r.name());
        d.setField("source", r.source());
        d.setField("commit_sha", r.commit());
        d.setField("indexed_at", r.indexedAt().toEpochMilli());
        d.setField("state", r.state().id());
        d.setField("pending_files", r.pendingFiles());
        d.setField("branch", r.branch());
        return d;
    }

    static SolrInputDocument skipped(String repo, SkippedFile f) {
        SolrInputDocument d = new SolrInputDocument();
        d.setField("id", skippedId(repo, f.path()));
        d.setField("doc", SKIPPED);
        d.setField("repo", repo);
        d.setField("path", f.path());
        d.setField("reason", f.reason());
        return d;
    }

    /** The chunk of a document read with {@link #CHUNK_FIELDS}. */
    static StoredChunk storedChunk(SolrDocument d) {
        String id = string(d, "id");
        ChunkKind kind = ChunkKind.fromTable(string(d, "kind"));
        return new StoredChunk(id, StoreRules.chunkFromJson(kind, string(d, "body")));
    }

    static float[] vector(SolrDocument d) {
        Collection<Object> values = d.getFieldValues("vec");
        if (values == null) {
            return new float[0];
        }
        float[] out = new float[values.size()];
        int i = 0;
        for (Object o : values) {
            out[i++] = ((Number) o).floatValue();
        }
        return out;
    }

    static String string(SolrDocument d, String field) {
        Object v = d.getFirstValue(field);
        return v == null ? "" : v.toString();
    }

    static long number(SolrDocument d, String field) {
        Object v = d.getFirstValue(field);
        return v instanceof Number n ? n.longValue() : 0;
    }

    /** {@code field:(v1 OR v2 …)} with every value escaped: a filter on exact values of a string field. */
    static String anyOf(String field, Collection<String> values) {
        StringBuilder sb = new StringBuilder(field).append(":(");
        boolean first = true;
        for (String v : values) {
            sb.append(first ? "" : " OR ").append(term(v));
            first = false;
        }
        return sb.append(')').toString();
    }

    /** One exact value as a query term (escaped; the empty string quoted). */
    static String term(String value) {
        return value.isEmpty() ? "\"\"" : ClientUtils.escapeQueryChars(value);
    }

    static String is(String field, String value) {
        return field + ":" + term(value);
    }

    static String sha256(String s) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(h, 0, 20);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
