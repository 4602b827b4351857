package dev.coderag.store.solr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.store.ReferenceKind;
import dev.coderag.store.Resolution;
import dev.coderag.store.ResolvedFile;
import java.util.EnumSet;
import java.util.List;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.SolrInputDocument;
import org.junit.jupiter.api.Test;

/** The resolved document's encoding; what it answers on a real engine is SolrReferencesIT's job. */
class SolrResolvedDocsTest {
    private static final String LONG_KEY = "Ldev/x/Foo;.bar(" + "Ljava/lang/String;".repeat(400) + ")V";

    private static final ResolvedFile FILE = new ResolvedFile(
            "src/A.java",
            List.of(
                    new ResolvedFile.Declared("Ldev/x/A;", 3, "dev.x.A", ""),
                    new ResolvedFile.Declared("Ldev/x/A;.run(I)V", 5, "dev.x.A#run", "(int)"),
                    new ResolvedFile.Declared(LONG_KEY, 9, "dev.x.Foo#bar", "(java.lang.String…)")),
            List.of(
                    new ResolvedFile.Referenced(
                            ReferenceKind.CALL, 6, "Ldev/x/B;.go()V", "Ldev/x/B;", "", Resolution.EXACT),
                    new ResolvedFile.Referenced(ReferenceKind.TYPE, 6, "", "", "java.lang.String", Resolution.INFERRED),
                    new ResolvedFile.Referenced(ReferenceKind.CALL, 7, "a\\tb\tc\\\\", "", "", Resolution.EXACT)));

    @Test
    void fields_with_tabs_and_backslashes_split_back_to_themselves() {
        List<String> fields = List.of("", "a\tb", "c\\", "\\t", "x\\\\\ty", "");
        assertThat(SolrResolvedDocs.split(SolrResolvedDocs.join(fields.toArray(String[]::new))))
                .isEqualTo(fields);
    }

    @Test
    void a_document_reads_back_as_the_file_with_each_reference_in_its_kinds_field() {
        SolrInputDocument in = SolrResolvedDocs.doc("r", "h1", FILE);
        assertThat(in.getFieldValues("refs_CALL")).hasSize(2);
        assertThat(in.getFieldValues("refs_TYPE")).hasSize(1);
        assertThat(in.getFieldValues("ref_keys")).containsExactly("Ldev/x/B;.go()V", "Ldev/x/B;", "a\\tb\tc\\\\");
        assertThat(in.getFieldValues("ref_kind_keys"))
                .containsExactly("CALL:Ldev/x/B;.go()V", "CALL:Ldev/x/B;", "CALL:a\\tb\tc\\\\");
        SolrDocument out = new SolrDocument();
        in.forEach((name, field) -> out.setField(name, field.getValue()));
        SolrResolvedDocs.Resolved read = SolrResolvedDocs.read(out);
        assertThat(read.path()).isEqualTo("src/A.java");
        assertThat(read.hash()).isEqualTo("h1");
        assertThat(read.declared()).isEqualTo(FILE.declared());
        assertThat(read.refs())
                .extracting(SolrResolvedDocs.Ref::ref)
                .containsExactlyInAnyOrderElementsOf(FILE.references());
        assertThat(read.refs())
                .filteredOn(r -> r.ref().kind() == ReferenceKind.TYPE)
                .extracting(SolrResolvedDocs.Ref::ord)
                .containsExactly(1);
        assertThat(SolrResolvedDocs.fields(false, EnumSet.of(ReferenceKind.CALL)))
                .isEqualTo("id,doc,path,resolved_hash,refs_CALL");
    }

    @Test
    void a_key_too_long_for_a_term_is_indexed_by_its_hash_and_others_as_they_are() {
        assertThat(SolrResolvedDocs.term("Ldev/x/A;")).isEqualTo("Ldev/x/A;");
        assertThat(SolrResolvedDocs.term(LONG_KEY)).startsWith("#sha256:").hasSizeLessThan(60);
        assertThat(SolrResolvedDocs.term(LONG_KEY)).isNotEqualTo(SolrResolvedDocs.term(LONG_KEY + "x"));
        assertThat(SolrResolvedDocs.doc("r", "h1", FILE).getFieldValues("decl_keys"))
                .containsExactly("Ldev/x/A;", "Ldev/x/A;.run(I)V", SolrResolvedDocs.term(LONG_KEY));
    }
}
