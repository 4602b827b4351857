package dev.coderag.store.embedded.lexical;

import dev.coderag.store.embedded.db.Schema;
import dev.coderag.store.spi.LexicalText;
import dev.coderag.types.Chunk;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CodeChunk;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.Term;

/**
 * What a Lucene lexical index holds per chunk, and bringing one up to a commit of {@code store.db}.
 *
 * <p>Fields: {@code t}, the BM25 text — exactly the tokens {@link LexicalText#columns} gives (so the tokenisation
 * the eval was tuned with is kept), each name token three times at one position (its column weight, see {@link
 * Fts5Similarity}), frequencies and norms only; {@code rid} (the chunk's row id, as a term for deletes and as a
 * doc value to read hits); and the filter keys {@code repo}, {@code lang}, {@code kind} (code chunks only) and
 * {@code path}. Commit user data: {@code seq} (the store commit the index holds), {@code max_rid} (the highest
 * row id in {@code store.db} at that commit) and {@code store_id}.
 */
final class LuceneDocs {
    private LuceneDocs() {}

    static final String TEXT = "t";
    static final String RID = "rid";
    static final String REPO = "repo";
    static final String LANGUAGE = "lang";
    static final String SYMBOL_KIND = "kind";
    static final String PATH = "path";
    static final String SEQ = "seq";
    static final String MAX_RID = "max_rid";
    static final String STORE_ID = "store_id";
    /** FTS column weight of the names column (names, body: 3, 1). */
    static final int NAMES_WEIGHT = 3;

    private static final FieldType TEXT_TYPE = textType();

    private static FieldType textType() {
        FieldType type = new FieldType();
        type.setTokenized(true);
        type.setIndexOptions(IndexOptions.DOCS_AND_FREQS);
        type.setOmitNorms(false);
        type.setStored(false);
        type.freeze();
        return type;
    }

    /** The Lucene document of a chunk stored under row id {@code rid}. */
    static Document document(long rid, Chunk chunk) {
        String[] columns = LexicalText.columns(chunk);
        Document doc = new Document();
        doc.add(new Field(TEXT, new Tokens(columns[0], columns[1]), TEXT_TYPE));
        doc.add(new StringField(RID, Long.toString(rid), Field.Store.NO));
        doc.add(new NumericDocValuesField(RID, rid));
        doc.add(new StringField(REPO, chunk.repo(), Field.Store.NO));
        doc.add(new StringField(LANGUAGE, chunk.language().id(), Field.Store.NO));
        if (chunk instanceof CodeChunk code) {
            doc.add(new StringField(SYMBOL_KIND, code.symbolKind().id(), Field.Store.NO));
        }
        doc.add(new StringField(PATH, chunk.path(), Field.Store.NO));
        return doc;
    }

    static Term ridTerm(long rid) {
        return new Term(RID, Long.toString(rid));
    }

    /** The commit user data for store commit {@code seq}. */
    static Map<String, String> commitData(long seq, long maxRid, String storeId) {
        return Map.of(SEQ, Long.toString(seq), MAX_RID, Long.toString(maxRid), STORE_ID, storeId);
    }

    /** The highest row id {@code store.db} has handed out (AUTOINCREMENT: never reused), as {@code c} sees it. */
    static long maxRid(Connection c) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("SELECT seq FROM sqlite_sequence WHERE name = 'chunks'");
                ResultSet rs = st.executeQuery()) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }

    /**
     * Brings the index {@code writer} writes (whose last commit carried {@code data}, empty for a new index) to the
     * state of {@code store.db} as {@code c} sees it — a connection inside a transaction that has written nothing,
     * at commit {@code seq} — and commits it: rows above the index's {@code max_rid} are added, tombstones since its
     * commit deleted; an index that is ahead, from another store, or older than the kept tombstones is rebuilt.
     *
     * @return true when the index was rebuilt rather than caught up (for logs and tests)
     */
    static boolean sync(
            IndexWriter writer,
            Map<String, String> data,
            Connection c,
            ChunkKind table,
            long seq,
            String storeId,
            Function<String, Chunk> decoder)
            throws SQLException, IOException {
        long indexSeq = parse(data.get(SEQ), -1);
        long maxRid = maxRid(c);
        if (indexSeq == seq && storeId.equals(data.get(STORE_ID))) {
            return false;
        }
        boolean rebuild = indexSeq < 0
                || indexSeq > seq
                || !storeId.equals(data.get(STORE_ID))
                || indexSeq < Schema.metaLong(c, "tombstone_floor");
        long from = 0;
        if (rebuild) {
            writer.deleteAll();
        } else {
            from = parse(data.get(MAX_RID), 0);
            try (PreparedStatement st =
                    c.prepareStatement("SELECT rid FROM tombstones WHERE seq > ? AND kind = ? AND rid <= ?")) {
                st.setLong(1, indexSeq);
                st.setString(2, table.table());
                st.setLong(3, from);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        writer.deleteDocuments(ridTerm(rs.getLong(1)));
                    }
                }
            }
        }
        try (PreparedStatement st =
                c.prepareStatement("SELECT rid, body FROM chunks WHERE kind = ? AND rid > ? ORDER BY rid")) {
            st.setString(1, table.table());
            st.setLong(2, from);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    writer.addDocument(document(rs.getLong(1), decoder.apply(rs.getString(2))));
                }
            }
        }
        writer.setLiveCommitData(commitData(seq, maxRid, storeId).entrySet());
        writer.commit();
        return rebuild;
    }

    /** The user data of an index's last commit, as a map. */
    static Map<String, String> data(Iterable<Map.Entry<String, String>> entries) {
        Map<String, String> out = new HashMap<>();
        if (entries != null) {
            for (Map.Entry<String, String> e : entries) {
                out.put(e.getKey(), e.getValue());
            }
        }
        return out;
    }

    static long parse(String value, long absent) {
        if (value == null) {
            return absent;
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            return absent;
        }
    }

    /**
     * The tokens of the names column (each {@link #NAMES_WEIGHT} times at one position) then those of the body;
     * both are {@link LexicalText#indexText} strings, tokens separated by single spaces.
     */
    static final class Tokens extends TokenStream {
        private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
        private final PositionIncrementAttribute increment = addAttribute(PositionIncrementAttribute.class);
        private final String names;
        private final String body;
        private String column;
        private boolean inNames;
        private int pos;
        private int start;
        private int end;
        private int copies;

        Tokens(String names, String body) {
            this.names = names;
            this.body = body;
        }

        @Override
        public void reset() throws IOException {
            super.reset();
            column = names;
            inNames = true;
            pos = 0;
            copies = 0;
        }

        @Override
        public boolean incrementToken() {
            clearAttributes();
            if (copies > 0) { // another copy of the last name token, at the same position
                copies--;
                term.setEmpty().append(column, start, end);
                increment.setPositionIncrement(0);
                return true;
            }
            while (true) {
                while (pos < column.length() && column.charAt(pos) == ' ') {
                    pos++;
                }
                if (pos < column.length()) {
                    break;
                }
                if (!inNames) {
                    return false;
                }
                column = body;
                inNames = false;
                pos = 0;
            }
            start = pos;
            int space = column.indexOf(' ', pos);
            end = space < 0 ? column.length() : space;
            pos = end;
            term.setEmpty().append(column, start, end);
            increment.setPositionIncrement(1);
            copies = inNames ? NAMES_WEIGHT - 1 : 0;
            return true;
        }
    }
}
