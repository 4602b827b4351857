package dev.coderag.ingest.parse;

import static dev.coderag.ingest.parse.Fixtures.code;
import static dev.coderag.ingest.parse.Fixtures.names;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.SymbolKind;
import org.junit.jupiter.api.Test;

class JavaChunksTest {
    private final ParseResult result =
            Fixtures.parseResource("OrderService.java", "src/main/java/com/example/shop/OrderService.java");

    @Test
    void java_file_yields_one_chunk_per_definition_with_bodies_in_file_order() {
        assertThat(result.category()).isEqualTo(FileCategory.CODE);
        assertThat(names(result))
                .containsExactly(
                        "OrderService",
                        "OrderService.OrderService",
                        "OrderService.placeOrder",
                        "OrderService.validate",
                        "OrderService.PaymentGateway",
                        "OrderService.PaymentGateway.supportsRefunds",
                        "OrderService.Status",
                        "OrderService.Status.isFinal",
                        "OrderService.Order",
                        "OrderService.Order.Order",
                        "OrderService.Audit",
                        "OrderService.Audit.log");
        assertThat(Fixtures.code(result)).allSatisfy(c -> {
            assertThat(c.language()).isEqualTo(Language.JAVA);
            assertThat(c.repo()).isEqualTo(Fixtures.REPO);
            assertThat(c.modelId()).isEqualTo(Fixtures.MODEL);
        });
    }

    @Test
    void method_has_exact_lines_signature_javadoc_and_calls() {
        CodeChunk place = code(result, "OrderService.placeOrder");

        assertThat(place.symbol()).isEqualTo("placeOrder");
        assertThat(place.symbolKind()).isEqualTo(SymbolKind.METHOD);
        assertThat(place.enclosing()).isEqualTo("OrderService");
        assertThat(place.startLine()).isEqualTo(24); // the annotation line; the Javadoc is the docstring
        assertThat(place.endLine()).isEqualTo(30);
        assertThat(place.signature()).isEqualTo("@Deprecated public String placeOrder(Order order)");
        assertThat(place.docstring())
                .isEqualTo("Places an order and charges the customer.\n\n"
                        + "@param order the order to place\n@return the order id");
        assertThat(place.calls()).containsExactly("validate", "charge", "customerId", "total", "add", "id");
        assertThat(place.code())
                .startsWith("    @Deprecated\n    public String placeOrder(Order order) {\n")
                .endsWith("        return order.id();\n    }");
    }

    @Test
    void constructor_and_line_comment_without_javadoc() {
        CodeChunk constructor = code(result, "OrderService.OrderService");
        assertThat(constructor.symbolKind()).isEqualTo(SymbolKind.CONSTRUCTOR);
        assertThat(constructor.startLine()).isEqualTo(14);
        assertThat(constructor.endLine()).isEqualTo(16);
        assertThat(constructor.docstring()).isEmpty();

        CodeChunk validate = code(result, "OrderService.validate");
        assertThat(validate.docstring()).as("a // comment is not Javadoc").isEmpty();
        assertThat(validate.calls()).containsExactly("total", "IllegalArgumentException");
    }

    @Test
    void class_chunk_keeps_header_fields_and_member_signatures_but_no_method_bodies() {
        CodeChunk service = code(result, "OrderService");

        assertThat(service.symbolKind()).isEqualTo(SymbolKind.CLASS);
        assertThat(service.startLine()).isEqualTo(10);
        assertThat(service.endLine()).isEqualTo(76);
        assertThat(service.signature()).isEqualTo("public class OrderService");
        assertThat(service.docstring()).isEqualTo("Places and cancels orders.");
        assertThat(service.code())
                .contains("private final List<Order> orders = new ArrayList<>();")
                .contains("public OrderService(PaymentGateway gateway) { … }")
                .contains("public String placeOrder(Order order) { … }")
                .contains("public interface PaymentGateway { … }")
                .doesNotContain("gateway.charge(")
                .doesNotContain("Places an order and charges the customer")
                .as("comments that are not docs of a chunked member stay")
                .contains("// Rejects empty orders");
        assertThat(service.calls()).as("only the field initialiser's call").containsExactly("ArrayList");
    }

    @Test
    void nested_types_are_chunks_enclosed_by_their_outer_class() {
        CodeChunk gateway = code(result, "OrderService.PaymentGateway");
        assertThat(gateway.symbolKind()).isEqualTo(SymbolKind.INTERFACE);
        assertThat(gateway.startLine()).isEqualTo(40);
        assertThat(gateway.endLine()).isEqualTo(47);
        assertThat(gateway.code())
                .as("an abstract method has no body, so it stays in its interface with its doc")
                .contains("/** Charges a customer, in cents. */\n        void charge(String customerId, long cents);")
                .contains("default boolean supportsRefunds() { … }");

        assertThat(code(result, "OrderService.Status").symbolKind()).isEqualTo(SymbolKind.ENUM);
        assertThat(code(result, "OrderService.Status.isFinal").startLine()).isEqualTo(54);
        CodeChunk order = code(result, "OrderService.Order");
        assertThat(order.symbolKind()).isEqualTo(SymbolKind.RECORD);
        assertThat(order.signature()).isEqualTo("record Order(String id, String customerId, long total)");
        CodeChunk compact = code(result, "OrderService.Order.Order");
        assertThat(compact.symbolKind()).isEqualTo(SymbolKind.CONSTRUCTOR);
        assertThat(compact.startLine()).isEqualTo(60);
        assertThat(compact.endLine()).isEqualTo(62);
    }

    @Test
    void anonymous_class_methods_stay_part_of_the_enclosing_method() {
        CodeChunk log = code(result, "OrderService.Audit.log");
        assertThat(log.startLine()).isEqualTo(66);
        assertThat(log.endLine()).isEqualTo(74);
        assertThat(log.code()).contains("System.out.println(message);");
        assertThat(log.calls()).containsExactly("Runnable", "println", "run");
    }

    @Test
    void package_info_gives_the_package_doc_as_module_doc() {
        String text = """
                /*
                 * Copyright header, not the package doc.
                 */

                /**
                 * Shopping cart and order handling.
                 *
                 * <p>Thread-safe unless noted.
                 */
                @javax.annotation.ParametersAreNonnullByDefault
                package com.example.shop;
                """;
        ParseResult info = Fixtures.parse("src/main/java/com/example/shop/package-info.java", text);

        assertThat(info.category()).isEqualTo(FileCategory.CODE);
        assertThat(info.chunks()).singleElement().isInstanceOfSatisfying(ModuleDocChunk.class, doc -> {
            assertThat(doc.moduleName()).isEqualTo("com.example.shop");
            assertThat(doc.language()).isEqualTo(Language.JAVA);
            assertThat(doc.text()).isEqualTo("Shopping cart and order handling.\n\n<p>Thread-safe unless noted.");
            assertThat(doc.startLine()).isEqualTo(5);
            assertThat(doc.endLine()).isEqualTo(9);
        });
    }
}
