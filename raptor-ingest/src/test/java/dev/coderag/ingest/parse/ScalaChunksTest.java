package dev.coderag.ingest.parse;

import static dev.coderag.ingest.parse.Fixtures.code;
import static dev.coderag.ingest.parse.Fixtures.names;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.SymbolKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Scala on Cats' {@code Defer.scala} (real/cats) and snippets for what it lacks. */
class ScalaChunksTest {
    private static final String DEFER = "core/src/main/scala/cats/Defer.scala";
    private final ParseResult defer = Fixtures.parseReal("cats", DEFER);

    @Test
    void trait_and_companion_object_yield_their_defs_and_abstract_ones_stay_in_the_trait() {
        assertThat(defer.category()).isEqualTo(FileCategory.CODE);
        List<String> names = names(defer);
        assertThat(names)
                .startsWith("Defer", "Defer.fix", "Defer.recursiveFn", "Defer", "Defer.apply", "Defer.catsDeferForEq")
                .endsWith("Defer.catsDeferForShow", "Defer.catsDeferForTailRec")
                .hasSize(16)
                .doesNotContain("Defer.defer");
        assertThat(Fixtures.code(defer))
                .allSatisfy(c -> assertThat(c.language()).isEqualTo(Language.SCALA));
        assertThat(defer.chunks()).as("the licence comment is no doc").noneMatch(ModuleDocChunk.class::isInstance);

        List<CodeChunk> both = Fixtures.all(defer, "Defer");
        assertThat(both).extracting(CodeChunk::symbolKind).containsExactly(SymbolKind.TRAIT, SymbolKind.CLASS);
        assertThat(both).extracting(CodeChunk::location).containsExactly(DEFER + ":52-98", DEFER + ":100-115");
        assertThat(both.getFirst().signature()).isEqualTo("trait Defer[F[_]] extends Serializable");
        assertThat(both.getFirst().docstring())
                .startsWith("Defer is a type class that shows the ability to defer creation\ninside of the type")
                .endsWith("res1: Boolean = true\n}}}");
        assertThat(both.getFirst().code())
                .contains("  def defer[A](fa: => F[A]): F[A]\n")
                .contains("  def fix[A](fn: F[A] => F[A]): F[A] = { … }")
                .contains("  def recursiveFn[A, B](fn: (A => F[B]) => (A => F[B])): A => F[B] =\n    …\n}")
                .doesNotContain("lazy val res");
        assertThat(both.getLast().signature()).isEqualTo("object Defer");
        assertThat(both.getLast().code())
                .contains("  def apply[F[_]](implicit defer: Defer[F]): Defer[F] = …\n\n"
                        + "  implicit def catsDeferForEq: Defer[Eq] = …\n");
    }

    @Test
    void a_def_with_its_body_on_the_next_line_ends_before_the_next_members_scaladoc() {
        String path = "core/src/main/scala/cats/arrow/FunctionK.scala";
        ParseResult functionK = Fixtures.parseReal("cats", path);
        CodeChunk compose = code(functionK, "FunctionK.compose");
        assertThat(compose.location())
                .as("tree-sitter-scala's body runs on to the next def, over andThen's Scaladoc")
                .isEqualTo(path + ":48-49");
        assertThat(compose.code())
                .endsWith("new FunctionK[E, G] { def apply[A](fa: E[A]): G[A] = self(f(fa)) }")
                .doesNotContain("transformation applied first");
        assertThat(compose.docstring()).endsWith("transformation applied last.");
        CodeChunk andThen = code(functionK, "FunctionK.andThen");
        assertThat(andThen.location()).isEqualTo(path + ":55-56");
        assertThat(andThen.docstring()).endsWith("transformation applied first.");
        assertThat(Fixtures.all(functionK, "FunctionK").getFirst().code())
                .as("the trait keeps each member's signature and none of their docs")
                .contains("  def compose[E[_]](f: FunctionK[E, F]): FunctionK[E, G] =\n    …\n")
                .doesNotContain("Composes two instances");
    }

    @Test
    void def_has_exact_lines_signature_without_the_equals_scaladoc_and_calls() {
        CodeChunk fix = code(defer, "Defer.fix");
        assertThat(fix.symbolKind()).isEqualTo(SymbolKind.METHOD);
        assertThat(fix.enclosing()).isEqualTo("Defer");
        assertThat(fix.location()).isEqualTo(DEFER + ":71-74");
        assertThat(fix.signature()).isEqualTo("def fix[A](fn: F[A] => F[A]): F[A]");
        assertThat(fix.docstring())
                .startsWith("Defer instances, like functions, parsers, generators, IO, etc...\n")
                .endsWith("of the above F[A] run forever.");
        assertThat(fix.calls()).containsExactly("fn", "defer");

        CodeChunk recursive = code(defer, "Defer.recursiveFn");
        assertThat(recursive.location()).isEqualTo(DEFER + ":92-97");
        assertThat(recursive.calls()).containsExactly("Function1", "fn", "defer", "loopFn");
        CodeChunk apply = code(defer, "Defer.apply");
        assertThat(apply.location()).as("an expression body").isEqualTo(DEFER + ":101-101");
        assertThat(apply.signature()).isEqualTo("def apply[F[_]](implicit defer: Defer[F]): Defer[F]");
        assertThat(code(defer, "Defer.catsStdDeferForPartialOrdering").location())
                .as("the grammar's node runs to the next line's code; the chunk does not")
                .isEqualTo(DEFER + ":111-112");
    }

    @Test
    void case_classes_objects_enums_type_aliases_lambda_vals_constructors_and_the_package_doc() {
        ParseResult result = Fixtures.parse("src/main/scala/shop/Cart.scala", """
                /** Carts and what they hold. */
                package shop

                /** A cart. */
                case class Cart(owner: String) {
                  val add = (item: Item) => copy()

                  def this(id: Int) = this(id.toString)
                }

                enum Status {
                  case Open, Paid
                }

                package object util {
                  type Items = List[Item]
                }

                object Carts {
                  def empty(owner: String): Cart = new Cart(owner)
                }
                """);
        assertThat(names(result))
                .containsExactly(
                        "Cart", "Cart.add", "Cart.this", "Status", "util", "util.Items", "Carts", "Carts.empty");
        assertThat(code(result, "Cart").symbolKind()).isEqualTo(SymbolKind.CLASS);
        assertThat(code(result, "Cart").docstring()).isEqualTo("A cart.");
        assertThat(code(result, "Cart").signature()).isEqualTo("case class Cart(owner: String)");
        assertThat(code(result, "Cart.add").symbolKind()).isEqualTo(SymbolKind.METHOD);
        assertThat(code(result, "Cart.add").calls()).containsExactly("copy");
        assertThat(code(result, "Cart.this").symbolKind()).isEqualTo(SymbolKind.CONSTRUCTOR);
        assertThat(code(result, "Status").symbolKind()).isEqualTo(SymbolKind.ENUM);
        assertThat(code(result, "util").symbolKind()).isEqualTo(SymbolKind.CLASS);
        assertThat(code(result, "util.Items").symbolKind()).isEqualTo(SymbolKind.TYPE);
        assertThat(code(result, "Carts.empty").calls()).containsExactly("Cart");
        ModuleDocChunk doc = Fixtures.ofType(result, ModuleDocChunk.class).getFirst();
        assertThat(doc.moduleName()).isEqualTo("shop");
        assertThat(doc.text()).isEqualTo("Carts and what they hold.");

        ParseResult block = Fixtures.parse(
                "src/shop.scala", "package shop {\n  object Carts {\n    def empty = 1\n  }\n  val x = 2\n}\n");
        assertThat(names(block))
                .as("a package block encloses what it holds")
                .containsExactly("shop.Carts", "shop.Carts.empty", "shop.scala");
        assertThat(code(block, "shop.scala").code()).isEqualTo("  val x = 2");
    }
}
