package dev.coderag.store.embedded.lexical;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.Term;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LiveDocFreqsTest {
    @TempDir
    Path dir;

    @Test
    void live_counts_equal_a_brute_count_whether_a_segment_has_few_or_many_deletions() throws Exception {
        Random random = new Random(7);
        int docs = 5_000;
        boolean[] hasRare = new boolean[docs];
        boolean[] deleted = new boolean[docs];
        try (FSDirectory directory = FSDirectory.open(dir);
                IndexWriter writer = new IndexWriter(
                        directory,
                        new IndexWriterConfig(new StandardAnalyzer()).setMergePolicy(NoMergePolicy.INSTANCE))) {
            for (int i = 0; i < docs; i++) {
                hasRare[i] = random.nextInt(50) == 0;
                Document doc = new Document();
                doc.add(new StringField("id", Integer.toString(i), Field.Store.NO));
                doc.add(new TextField(
                        LuceneDocs.TEXT,
                        "common" + (hasRare[i] ? " rare" : "") + (i % 2 == 0 ? " even" : ""),
                        Field.Store.NO));
                writer.addDocument(doc);
            }
            writer.commit();
            // Few deletions first (the advance path for "common" and "even"), then many (the walking path).
            for (int round : new int[] {7, 1_500}) {
                for (int j = 0; j < round; j++) {
                    int victim = random.nextInt(docs);
                    deleted[victim] = true;
                    writer.deleteDocuments(new Term("id", Integer.toString(victim)));
                }
                writer.commit();
                try (DirectoryReader reader = DirectoryReader.open(directory)) {
                    assertThat(reader.hasDeletions()).isTrue();
                    Map<String, Integer> live =
                            LuceneSearch.liveDocFreqs(reader, List.of("common", "rare", "even", "absent"));
                    assertThat(live)
                            .as("after %d deletions", round)
                            .containsEntry("common", count(docs, deleted, i -> true))
                            .containsEntry("rare", count(docs, deleted, i -> hasRare[i]))
                            .containsEntry("even", count(docs, deleted, i -> i % 2 == 0))
                            .doesNotContainKey("absent");
                    assertThat(DeletedDocs.cachedReaders()).isPositive();
                }
            }
        }
    }

    private static int count(int docs, boolean[] deleted, java.util.function.IntPredicate holds) {
        int n = 0;
        for (int i = 0; i < docs; i++) {
            if (!deleted[i] && holds.test(i)) {
                n++;
            }
        }
        return n;
    }
}
