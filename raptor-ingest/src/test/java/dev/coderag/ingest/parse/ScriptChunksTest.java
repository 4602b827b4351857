package dev.coderag.ingest.parse;

import static dev.coderag.ingest.parse.Fixtures.code;
import static dev.coderag.ingest.parse.Fixtures.names;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import org.junit.jupiter.api.Test;

/** TypeScript, TSX and JavaScript with JSX. */
class ScriptChunksTest {

    @Test
    void typescript_definitions_with_exports_namespaces_and_jsdoc() {
        ParseResult ts = Fixtures.parseResource("pricing.ts", "src/pricing.ts");
        assertThat(names(ts))
                .containsExactly(
                        "Currency",
                        "PriceRule",
                        "RuleFactory",
                        "roundCents",
                        "Discount",
                        "Discount.constructor",
                        "Discount.apply",
                        "Discount.onChange",
                        "Rules.Seasonal",
                        "Rules.Seasonal.constructor",
                        "Rules.Seasonal.describe",
                        "ruleNames",
                        "pricing.ts");
        assertThat(Fixtures.code(ts)).allSatisfy(c -> assertThat(c.language()).isEqualTo(Language.TYPESCRIPT));

        CodeChunk round = code(ts, "roundCents");
        assertThat(round.symbolKind()).isEqualTo(SymbolKind.FUNCTION);
        assertThat(round.startLine()).isEqualTo(20);
        assertThat(round.endLine()).isEqualTo(20);
        assertThat(round.docstring()).isEqualTo("Rounds to whole cents, half away from zero.");
        assertThat(round.code()).startsWith("export const roundCents = ");

        CodeChunk apply = code(ts, "Discount.apply");
        assertThat(apply.startLine()).isEqualTo(29);
        assertThat(apply.endLine()).isEqualTo(32);
        assertThat(apply.docstring()).isEqualTo("Applies the discount to an amount.");
        assertThat(apply.calls()).containsExactly("roundCents", "Money");
        assertThat(code(ts, "Discount.constructor").symbolKind()).isEqualTo(SymbolKind.CONSTRUCTOR);
        assertThat(code(ts, "Discount.onChange").symbolKind()).isEqualTo(SymbolKind.METHOD);

        CodeChunk discount = code(ts, "Discount");
        assertThat(discount.signature()).isEqualTo("export abstract class Discount implements PriceRule");
        assertThat(discount.code())
                .contains("protected constructor(protected readonly percent: number) {}")
                .contains("apply(amount: Money): Money { … }")
                .contains("abstract describe(): string;")
                .contains("onChange = (listener: () => void) => { … };");

        assertThat(code(ts, "Currency").symbolKind()).isEqualTo(SymbolKind.ENUM);
        assertThat(code(ts, "PriceRule").symbolKind()).isEqualTo(SymbolKind.INTERFACE);
        assertThat(code(ts, "RuleFactory").symbolKind()).isEqualTo(SymbolKind.TYPE);
        CodeChunk anonymousDefault = code(ts, "pricing.ts");
        assertThat(anonymousDefault.symbolKind()).isEqualTo(SymbolKind.MODULE);
        assertThat(anonymousDefault.startLine()).isEqualTo(62);
        assertThat(anonymousDefault.endLine()).isEqualTo(64);
    }

    @Test
    void tsx_components_and_hooks() {
        ParseResult tsx = Fixtures.parseResource("Cart.tsx", "web/Cart.tsx");
        assertThat(names(tsx)).containsExactly("Item", "useCartTotal", "Cart", "CartLine");
        assertThat(Fixtures.code(tsx)).allSatisfy(c -> assertThat(c.language()).isEqualTo(Language.TSX));

        CodeChunk cart = code(tsx, "Cart");
        assertThat(cart.startLine()).isEqualTo(11);
        assertThat(cart.endLine()).isEqualTo(21);
        assertThat(cart.docstring()).isEqualTo("The shopping cart panel.");
        assertThat(cart.calls()).containsExactly("useCartTotal", "map", "formatCents");
        assertThat(code(tsx, "useCartTotal").calls()).containsExactly("useMemo", "reduce");
    }

    @Test
    void javascript_with_jsx_commonjs_exports_and_class_fields() {
        ParseResult js = Fixtures.parseResource("widgets.jsx", "web/widgets.jsx");
        assertThat(names(js))
                .containsExactly(
                        "widgets.jsx",
                        "PriceTag",
                        "Counter",
                        "Counter.increment",
                        "Counter.render",
                        "parseCents",
                        "widgets.jsx",
                        "double");
        assertThat(Fixtures.code(js)).allSatisfy(c -> assertThat(c.language()).isEqualTo(Language.JAVASCRIPT));

        CodeChunk tag = code(js, "PriceTag");
        assertThat(tag.startLine()).isEqualTo(9);
        assertThat(tag.docstring()).isEqualTo("Renders a price tag.\n@param {{cents: number}} props");
        assertThat(tag.calls()).containsExactly("formatCents");

        CodeChunk parseCents = code(js, "parseCents");
        assertThat(parseCents.startLine()).isEqualTo(24);
        assertThat(parseCents.endLine()).isEqualTo(26);
        assertThat(parseCents.docstring()).isEqualTo("Parses \"12.34\" into cents.");
        assertThat(parseCents.calls()).containsExactly("round", "parseFloat");

        assertThat(code(js, "Counter").code())
                .contains("increment = () => { … };")
                .contains("render() { … }");
        assertThat(js.chunks().getFirst()).isInstanceOfSatisfying(CodeChunk.class, first -> {
            assertThat(first.symbolKind()).isEqualTo(SymbolKind.MODULE);
            assertThat(first.calls()).containsExactly("require");
        });
    }
}
