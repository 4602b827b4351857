package dev.coderag.ingest.parse;

import static dev.coderag.ingest.parse.Fixtures.code;
import static dev.coderag.ingest.parse.Fixtures.names;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.SymbolKind;
import org.junit.jupiter.api.Test;

/** Kotlin on Timber's {@code Timber.kt} (real/timber) and on small snippets for what that file lacks. */
class KotlinChunksTest {
    private final ParseResult timber = Fixtures.parseReal("timber", "timber/src/main/java/timber/log/Timber.kt");

    @Test
    void kotlin_file_yields_classes_nested_classes_companion_objects_and_their_methods() {
        assertThat(timber.category()).isEqualTo(FileCategory.CODE);
        assertThat(names(timber))
                .startsWith("Timber", "Timber.Tree", "Timber.Tree.v")
                .contains(
                        "Timber.Tree.prepareLog",
                        "Timber.DebugTree",
                        "Timber.DebugTree.createStackElementTag",
                        "Timber.Forest",
                        "Timber.Forest.plant",
                        "Timber.Forest.forest")
                .doesNotContain("Timber.Tree.tag", "Timber.DebugTree.Companion");
        assertThat(Fixtures.code(timber))
                .allSatisfy(c -> assertThat(c.language()).isEqualTo(Language.KOTLIN));
        assertThat(timber.chunks()).noneMatch(ModuleDocChunk.class::isInstance);
    }

    @Test
    void method_has_exact_lines_signature_kdoc_and_calls() {
        CodeChunk tag = code(timber, "Timber.DebugTree.createStackElementTag");
        assertThat(tag.symbol()).isEqualTo("createStackElementTag");
        assertThat(tag.symbolKind()).isEqualTo(SymbolKind.METHOD);
        assertThat(tag.enclosing()).isEqualTo("Timber.DebugTree");
        assertThat(tag.location()).isEqualTo("timber/src/main/java/timber/log/Timber.kt:216-228");
        assertThat(tag.signature())
                .isEqualTo("protected open fun createStackElementTag(element: StackTraceElement): String?");
        assertThat(tag.docstring())
                .startsWith("Extract the tag which should be used for the message from the `element`. By default\n")
                .endsWith("Note: This will not be called if a [manual tag][.tag] was specified.");
        assertThat(tag.calls()).containsExactly("substringAfterLast", "matcher", "find", "replaceAll", "substring");
    }

    @Test
    void annotations_start_the_chunk_and_overloads_are_chunks_of_their_own() {
        CodeChunk asTree = code(timber, "Timber.Forest.asTree");
        assertThat(asTree.startLine()).as("the @Suppress line, below the KDoc").isEqualTo(389);
        assertThat(asTree.endLine()).isEqualTo(394);
        assertThat(asTree.docstring()).startsWith("A view into Timber's planted trees as a tree itself.");
        assertThat(Fixtures.all(timber, "Timber.Forest.plant"))
                .extracting(CodeChunk::location)
                .containsExactly(
                        "timber/src/main/java/timber/log/Timber.kt:405-411",
                        "timber/src/main/java/timber/log/Timber.kt:414-423");
        assertThat(code(timber, "Timber.Forest.uprootAll").calls())
                .containsExactly("synchronized", "clear", "emptyArray");
    }

    @Test
    void class_chunk_keeps_properties_and_member_signatures_but_no_method_bodies() {
        CodeChunk debugTree = code(timber, "Timber.DebugTree");
        assertThat(debugTree.symbolKind()).isEqualTo(SymbolKind.CLASS);
        assertThat(debugTree.location()).endsWith("Timber.kt:196-272");
        assertThat(debugTree.signature()).isEqualTo("open class DebugTree : Tree()");
        assertThat(debugTree.docstring())
                .isEqualTo("A [Tree] for debug builds. Automatically infers the tag from the calling class.");
        assertThat(debugTree.code())
                .contains("private val fqcnIgnore = listOf(")
                .contains("protected open fun createStackElementTag(element: StackTraceElement): String? { … }")
                .contains("override fun log(priority: Int, tag: String?, message: String, t: Throwable?) { … }")
                .as("an unnamed companion object is part of its class")
                .contains("private const val MAX_LOG_LENGTH = 4000")
                .doesNotContain("substringAfterLast");

        CodeChunk forest = Fixtures.all(timber, "Timber.Forest").getFirst();
        assertThat(forest.symbolKind()).as("a named companion object").isEqualTo(SymbolKind.CLASS);
        assertThat(forest.signature()).isEqualTo("companion object Forest : Tree()");
    }

    @Test
    void abstract_members_stay_in_their_class_and_expression_bodies_read_as_such() {
        String tree = Fixtures.all(timber, "Timber.Tree").stream()
                .map(CodeChunk::code)
                .reduce("", String::concat);
        assertThat(tree)
                .contains("protected abstract fun log(priority: Int, tag: String?, message: String, t: Throwable?)")
                .contains("protected open fun isLoggable(tag: String?, priority: Int) = …");
    }

    @Test
    void interfaces_enum_classes_objects_type_aliases_constructors_and_extension_functions() {
        ParseResult result = Fixtures.parse("src/main/kotlin/shop/Cart.kt", """
                package shop

                import java.time.Instant

                /** What a cart holds. */
                interface Holder {
                    fun items(): List<Item>
                    fun isEmpty(): Boolean = items().isEmpty()
                }

                enum class Status { OPEN, PAID }

                typealias Items = List<Item>

                class Cart(private val owner: String) : Holder {
                    private val items = mutableListOf<Item>()

                    constructor(owner: String, first: Item) : this(owner) {
                        items.add(first)
                    }

                    override fun items(): List<Item> = items
                }

                object Carts {
                    fun empty(owner: String) = Cart(owner)
                }

                /** The cart's total in cents. */
                fun Cart.total(): Long = items().sumOf { it.cents }
                """);
        assertThat(names(result))
                .containsExactly(
                        "Holder",
                        "Holder.isEmpty",
                        "Status",
                        "Items",
                        "Cart",
                        "Cart.constructor",
                        "Cart.items",
                        "Carts",
                        "Carts.empty",
                        "total");
        assertThat(code(result, "Holder").symbolKind()).isEqualTo(SymbolKind.INTERFACE);
        assertThat(code(result, "Holder").docstring()).isEqualTo("What a cart holds.");
        assertThat(code(result, "Holder").code()).contains("fun items(): List<Item>\n");
        assertThat(code(result, "Status").symbolKind()).isEqualTo(SymbolKind.ENUM);
        assertThat(code(result, "Items").symbolKind()).isEqualTo(SymbolKind.TYPE);
        assertThat(code(result, "Cart.constructor").symbolKind()).isEqualTo(SymbolKind.CONSTRUCTOR);
        assertThat(code(result, "Cart.constructor").calls()).containsExactly("add");
        assertThat(code(result, "Cart").code())
                .contains("constructor(owner: String, first: Item) : this(owner) {\n        …\n    }")
                .contains("override fun items(): List<Item> = …");
        assertThat(code(result, "Carts").symbolKind()).isEqualTo(SymbolKind.CLASS);
        assertThat(code(result, "Carts.empty").calls()).containsExactly("Cart");
        CodeChunk total = code(result, "total");
        assertThat(total.symbolKind()).isEqualTo(SymbolKind.FUNCTION);
        assertThat(total.signature()).isEqualTo("fun Cart.total(): Long");
        assertThat(total.docstring()).isEqualTo("The cart's total in cents.");
        assertThat(total.location()).isEqualTo("src/main/kotlin/shop/Cart.kt:30-30");
        assertThat(total.calls()).containsExactly("items", "sumOf");
    }
}
