package dev.coderag.ingest.parse;

import static dev.coderag.ingest.parse.Fixtures.code;
import static dev.coderag.ingest.parse.Fixtures.names;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.SymbolKind;
import org.junit.jupiter.api.Test;

/**
 * PHP on Monolog's {@code AbstractHandler.php} and {@code FormattableHandlerTrait.php} (real/monolog) and a snippet
 * for what they lack (a block namespace, functions, enums, interfaces, a file doc).
 */
class PhpChunksTest {
    private static final String HANDLER = "src/Monolog/Handler/AbstractHandler.php";
    private final ParseResult handler = Fixtures.parseReal("monolog", HANDLER);

    @Test
    void class_yields_its_constructor_and_methods_and_the_licence_header_is_no_module_doc() {
        assertThat(handler.category()).isEqualTo(FileCategory.CODE);
        assertThat(names(handler))
                .containsExactly(
                        "AbstractHandler",
                        "AbstractHandler.__construct",
                        "AbstractHandler.isHandling",
                        "AbstractHandler.setLevel",
                        "AbstractHandler.getLevel",
                        "AbstractHandler.setBubble",
                        "AbstractHandler.getBubble",
                        "AbstractHandler.reset");
        assertThat(Fixtures.code(handler))
                .allSatisfy(c -> assertThat(c.language()).isEqualTo(Language.PHP));
        assertThat(handler.chunks()).noneMatch(ModuleDocChunk.class::isInstance);

        CodeChunk construct = code(handler, "AbstractHandler.__construct");
        assertThat(construct.symbolKind()).isEqualTo(SymbolKind.CONSTRUCTOR);
        assertThat(construct.location()).isEqualTo(HANDLER + ":36-40");
        assertThat(construct.signature())
                .isEqualTo("public function __construct(int|string|Level $level = Level::Debug, bool $bubble = true)");
        assertThat(construct.docstring()).startsWith("@param int|string|Level|LogLevel::* $level  The minimum");
        assertThat(construct.calls()).containsExactly("setLevel");
    }

    @Test
    void method_has_exact_lines_phpdoc_and_calls_and_the_class_keeps_fields_and_signatures() {
        CodeChunk setLevel = code(handler, "AbstractHandler.setLevel");
        assertThat(setLevel.symbolKind()).isEqualTo(SymbolKind.METHOD);
        assertThat(setLevel.enclosing()).isEqualTo("AbstractHandler");
        assertThat(setLevel.location()).isEqualTo(HANDLER + ":58-63");
        assertThat(setLevel.signature()).isEqualTo("public function setLevel(int|string|Level $level): self");
        assertThat(setLevel.docstring())
                .startsWith("Sets minimum logging level at which this handler will be triggered.\n\n@param");
        assertThat(setLevel.calls()).containsExactly("toMonologLevel");

        CodeChunk type = code(handler, "AbstractHandler");
        assertThat(type.symbolKind()).isEqualTo(SymbolKind.CLASS);
        assertThat(type.location()).isEqualTo(HANDLER + ":25-104");
        assertThat(type.signature())
                .isEqualTo("abstract class AbstractHandler extends Handler implements ResettableInterface");
        assertThat(type.docstring()).startsWith("Base Handler class providing basic level/bubble support");
        assertThat(type.code())
                .contains("protected Level $level = Level::Debug;")
                .contains("public function getLevel(): Level\n    { … }")
                .doesNotContain("Gets minimum logging level");
    }

    @Test
    void trait_and_its_methods_with_calls_to_methods_and_constructors() {
        String path = "src/Monolog/Handler/FormattableHandlerTrait.php";
        ParseResult trait = Fixtures.parseReal("monolog", path);
        assertThat(names(trait))
                .containsExactly(
                        "FormattableHandlerTrait",
                        "FormattableHandlerTrait.setFormatter",
                        "FormattableHandlerTrait.getFormatter",
                        "FormattableHandlerTrait.getDefaultFormatter");
        assertThat(code(trait, "FormattableHandlerTrait").symbolKind()).isEqualTo(SymbolKind.TRAIT);
        assertThat(code(trait, "FormattableHandlerTrait").location()).isEqualTo(path + ":22-57");
        assertThat(code(trait, "FormattableHandlerTrait.getFormatter").calls()).containsExactly("getDefaultFormatter");
        CodeChunk fallback = code(trait, "FormattableHandlerTrait.getDefaultFormatter");
        assertThat(fallback.location()).isEqualTo(path + ":53-56");
        assertThat(fallback.docstring())
                .isEqualTo("Gets the default formatter.\n\n"
                        + "Overwrite this if the LineFormatter is not a good default for your handler.");
        assertThat(fallback.calls()).containsExactly("LineFormatter");
    }

    @Test
    void block_namespace_encloses_functions_enums_and_interfaces_and_the_file_docblock_is_the_module_doc() {
        ParseResult result = Fixtures.parse("src/helpers.php", """
                <?php
                /**
                 * Shop helpers.
                 */

                namespace Shop\\Util {
                    /** Sum of the items. */
                    function total(array $items): int
                    {
                        return array_sum(\\Shop\\prices($items));
                    }

                    enum Status: string
                    {
                        case Open = 'open';

                        public function label(): string
                        {
                            return ucfirst($this->value);
                        }
                    }

                    interface Holder
                    {
                        public function items(): array;
                    }

                    $default = Status::from('open')->label();
                }
                """);
        assertThat(names(result))
                .containsExactly(
                        "Shop.Util.total",
                        "Shop.Util.Status",
                        "Shop.Util.Status.label",
                        "Shop.Util.Holder",
                        "helpers.php");
        CodeChunk total = code(result, "Shop.Util.total");
        assertThat(total.symbolKind()).isEqualTo(SymbolKind.FUNCTION);
        assertThat(total.docstring()).isEqualTo("Sum of the items.");
        assertThat(total.calls()).containsExactly("array_sum", "prices");
        assertThat(code(result, "Shop.Util.Status").symbolKind()).isEqualTo(SymbolKind.ENUM);
        assertThat(code(result, "Shop.Util.Holder").symbolKind()).isEqualTo(SymbolKind.INTERFACE);
        assertThat(code(result, "Shop.Util.Holder").code()).contains("public function items(): array;");
        assertThat(code(result, "helpers.php").calls()).containsExactly("from", "label");
        ModuleDocChunk doc = Fixtures.ofType(result, ModuleDocChunk.class).getFirst();
        assertThat(doc.moduleName()).isEqualTo("Shop.Util");
        assertThat(doc.text()).isEqualTo("Shop helpers.");
        assertThat(doc.startLine()).isEqualTo(2);
        assertThat(doc.endLine()).isEqualTo(4);

        ParseResult classDoc = Fixtures.parse("src/Cart.php", "<?php\n/** A cart. */\nclass Cart {}\n");
        assertThat(classDoc.chunks())
                .as("a docblock right above a class is its doc")
                .noneMatch(ModuleDocChunk.class::isInstance);
        assertThat(code(classDoc, "Cart").docstring()).isEqualTo("A cart.");
    }
}
