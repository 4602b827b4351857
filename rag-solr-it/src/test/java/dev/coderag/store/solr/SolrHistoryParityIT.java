package dev.coderag.store.solr;

import static dev.coderag.store.solr.Chunks.DIM;
import static dev.coderag.store.solr.Chunks.MODEL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.solrit.SolrCluster;
import dev.coderag.store.HistoryMark;
import dev.coderag.store.SearchFilter;
import dev.coderag.store.Store;
import dev.coderag.store.StoreLocation;
import dev.coderag.store.StoredChunk;
import dev.coderag.store.WriteTransaction;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.CommitChunk;
import dev.coderag.types.HunkRange;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The history on the Solr store against the embedded store: the same commit chunks and code chunks go to both, and
 * every history read answers the same — a file's commits newest first, a commit by a prefix of its id, the mark —
 * and on both a file's re-indexing or deletion keeps its history while deleteHistory and deleteRepo remove it.
 */
@ExtendWith(SolrCluster.class)
class SolrHistoryParityIT {
    @TempDir
    Path tmp;

    private static CommitChunk commit(String sha, String path, long time, String subject) {
        List<HunkRange> hunks = List.of(new HunkRange(4, 1, 4, 3));
        int[] span = CommitChunk.span(hunks, CommitChunk.Change.MODIFIED);
        return new CommitChunk(
                "alpha",
                path,
                "",
                Language.JAVA,
                sha,
                "Ada",
                time,
                subject,
                "because",
                CommitChunk.Change.MODIFIED,
                hunks,
                "-old\n+new",
                3,
                1,
                "",
                List.of("parse"),
                List.of(),
                span[0],
                span[1],
                MODEL);
    }

    @Test
    void history_reads_and_deletes_answer_the_same_on_both_stores() {
        try (Store embedded = Store.open(tmp.resolve("embedded"), MODEL, DIM);
                Store solr = Store.open(
                        new StoreLocation.Remote(SolrCluster.storeUrl("history"), tmp.resolve("solr")), MODEL, DIM)) {
            Random random = new Random(3);
            String a = "aaaaaaa" + "1".repeat(33);
            String b = "aaaaaaa" + "2".repeat(33);
            String c = "bbbbbbb" + "3".repeat(33);
            for (Store s : List.of(embedded, solr)) {
                try (WriteTransaction tx = s.begin()) {
                    tx.putFile("alpha", "src/Parser.java", "h1");
                    tx.insert(
                            Chunks.code(
                                    "alpha",
                                    "src/Parser.java",
                                    "parse",
                                    SymbolKind.METHOD,
                                    "int parse() { return 1; }",
                                    3,
                                    List.of()),
                            Chunks.random(new Random(1)));
                    tx.insert(commit(a, "src/Parser.java", 100, "Parse trailing input"), Chunks.random(random));
                    tx.insert(commit(b, "src/Parser.java", 300, "Speed up the tokenizer"), null);
                    tx.insert(commit(c, "src/Lexer.java", 200, "Split the lexer out"), null);
                    tx.putHistory("alpha", new HistoryMark(b, 3, 2000));
                    tx.commit();
                }
            }
            for (Function<Store, Object> read : List.<Function<Store, Object>>of(
                    s -> shas(s.history().ofFile("alpha", "src/Parser.java", 10)),
                    s -> shas(s.history().commit("alpha", "bbbbbbb", 10)),
                    s -> shas(s.history().commit("alpha", "aaaaaaa", 10)), // ambiguous: nothing
                    s -> shas(s.history().commit("alpha", a.substring(0, 12), 10)),
                    s -> s.history().mark("alpha"),
                    s -> s.files().entries("alpha").get("src/Parser.java").chunkIds(),
                    s -> s.chunks().byPath("Parser.java", Optional.of("alpha")).size(),
                    s -> shas(s.lexical().search(ChunkKind.COMMIT, "tokenizer", 5, SearchFilter.repo("alpha")).stream()
                            .map(h -> new StoredChunk(h.id(), h.chunk()))
                            .toList()))) {
                assertThat(read.apply(solr)).isEqualTo(read.apply(embedded));
            }
            assertThat(shas(solr.history().ofFile("alpha", "src/Parser.java", 10)))
                    .containsExactly(b, a);
            assertThat(solr.history().mark("alpha")).contains(new HistoryMark(b, 3, 2000));

            for (Store s : List.of(embedded, solr)) {
                try (WriteTransaction tx = s.begin()) {
                    tx.deleteFile("alpha", "src/Parser.java");
                    tx.commit();
                }
            }
            assertThat(shas(solr.history().ofFile("alpha", "src/Parser.java", 10)))
                    .containsExactly(b, a);
            assertThat(solr.files().entries("alpha")).isEmpty();

            for (Store s : List.of(embedded, solr)) {
                try (WriteTransaction tx = s.begin()) {
                    tx.deleteHistory("alpha");
                    tx.commit();
                }
            }
            for (Store s : List.of(embedded, solr)) {
                assertThat(s.history().ofFile("alpha", "src/Lexer.java", 10)).isEmpty();
                assertThat(s.history().mark("alpha")).isEmpty();
            }
        }
    }

    private static List<String> shas(List<StoredChunk> chunks) {
        return chunks.stream().map(s -> ((CommitChunk) s.chunk()).sha()).toList();
    }
}
