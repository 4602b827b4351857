package dev.coderag.ingest.parse;

import static dev.coderag.ingest.parse.Fixtures.code;
import static dev.coderag.ingest.parse.Fixtures.names;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.CodeChunk;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.SymbolKind;
import org.junit.jupiter.api.Test;

class RustChunksTest {
    private final ParseResult result = Fixtures.parseResource("billing.rs", "src/billing.rs");

    @Test
    void rust_file_yields_items_impls_and_their_methods() {
        assertThat(names(result))
                .containsExactly(
                        "billing.rs",
                        "LineItem",
                        "Priced",
                        "Priced.gross_cents",
                        "LineItem",
                        "LineItem.net_cents",
                        "Status",
                        "Invoice",
                        "Invoice",
                        "Invoice.new",
                        "Invoice.add",
                        "Invoice",
                        "Invoice.fmt",
                        "apply_tax",
                        "format_cents",
                        "tests.tax_rounds_half_up");
        assertThat(Fixtures.code(result).stream().map(CodeChunk::symbolKind).distinct())
                .contains(SymbolKind.STRUCT, SymbolKind.TRAIT, SymbolKind.IMPL, SymbolKind.ENUM, SymbolKind.METHOD);
    }

    @Test
    void inner_doc_comments_at_the_top_are_the_module_doc() {
        assertThat(result.chunks().getFirst()).isInstanceOfSatisfying(ModuleDocChunk.class, doc -> {
            assertThat(doc.moduleName()).isEqualTo("shop::billing");
            assertThat(doc.text())
                    .isEqualTo("Billing: invoices, line items and tax rules.\n\nAll amounts are in cents.");
            assertThat(doc.startLine()).isEqualTo(1);
            assertThat(doc.endLine()).isEqualTo(3);
        });
    }

    @Test
    void struct_range_includes_its_attributes_and_doc_comes_from_triple_slash_lines() {
        CodeChunk item = Fixtures.code(result).stream()
                .filter(c -> c.symbolKind() == SymbolKind.STRUCT && c.symbol().equals("LineItem"))
                .findFirst()
                .orElseThrow();
        assertThat(item.startLine()).isEqualTo(13);
        assertThat(item.endLine()).isEqualTo(18);
        assertThat(item.code()).startsWith("#[derive(Debug, Clone, PartialEq)]\npub struct LineItem {");
        assertThat(item.signature()).isEqualTo("pub struct LineItem");
        assertThat(item.docstring()).isEqualTo("One line of an invoice.\n\nQuantities are whole units.");
    }

    @Test
    void trait_keeps_required_methods_and_default_methods_are_chunks() {
        CodeChunk trait = code(result, "Priced");
        assertThat(trait.symbolKind()).isEqualTo(SymbolKind.TRAIT);
        assertThat(trait.code())
                .contains("/// Total price in cents, before tax.\n    fn net_cents(&self) -> u64;")
                .contains("fn gross_cents(&self, rate_bp: u32) -> u64 { … }");
        CodeChunk gross = code(result, "Priced.gross_cents");
        assertThat(gross.symbolKind()).isEqualTo(SymbolKind.METHOD);
        assertThat(gross.startLine()).isEqualTo(26);
        assertThat(gross.endLine()).isEqualTo(28);
        assertThat(gross.docstring()).isEqualTo("Total price in cents including tax at `rate_bp`.");
        assertThat(gross.calls()).containsExactly("apply_tax", "net_cents");
    }

    @Test
    void impl_methods_are_enclosed_by_the_implementing_type() {
        var impls = Fixtures.code(result).stream()
                .filter(c -> c.symbolKind() == SymbolKind.IMPL)
                .toList();
        assertThat(impls)
                .extracting(CodeChunk::signature)
                .containsExactly(
                        "impl Priced for LineItem", "impl<'a> Invoice<'a>", "impl fmt::Display for Invoice<'_>");
        assertThat(impls.get(1).code()).contains("pub fn new(customer: &'a str) -> Self { … }");

        CodeChunk add = code(result, "Invoice.add");
        assertThat(add.docstring()).as("a // comment is no doc").isEmpty();
        assertThat(add.startLine()).isEqualTo(56);
        assertThat(add.endLine()).isEqualTo(59);
    }

    @Test
    void calls_inside_macro_arguments_are_found() {
        CodeChunk fmt = code(result, "Invoice.fmt");
        assertThat(fmt.calls()).containsExactly("format_cents", "net_cents", "Ok");
        CodeChunk test = code(result, "tests.tax_rounds_half_up");
        assertThat(test.symbolKind()).isEqualTo(SymbolKind.FUNCTION);
        assertThat(test.startLine())
                .as("the #[test] attribute belongs to the function")
                .isEqualTo(85);
        assertThat(test.calls()).containsExactly("apply_tax");
    }

    @Test
    void constants_are_module_code_with_their_doc_comment() {
        CodeChunk constants = code(result, "billing.rs");
        assertThat(constants.symbolKind()).isEqualTo(SymbolKind.MODULE);
        assertThat(constants.startLine()).isEqualTo(7);
        assertThat(constants.endLine()).isEqualTo(8);
        assertThat(constants.code()).endsWith("pub const DEFAULT_TAX_BP: u32 = 1900;");
    }
}
