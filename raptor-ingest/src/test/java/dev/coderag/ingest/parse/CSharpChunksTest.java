package dev.coderag.ingest.parse;

import static dev.coderag.ingest.parse.Fixtures.code;
import static dev.coderag.ingest.parse.Fixtures.names;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.SymbolKind;
import org.junit.jupiter.api.Test;

/** C# on MediatR's {@code Mediator.cs} and {@code ISender.cs} (real/mediatr, CRLF line ends) and snippets. */
class CSharpChunksTest {
    private final ParseResult mediator = Fixtures.parseReal("mediatr", "src/MediatR/Mediator.cs");

    @Test
    void csharp_file_yields_the_class_its_constructors_and_methods() {
        assertThat(mediator.category()).isEqualTo(FileCategory.CODE);
        assertThat(names(mediator).stream().distinct().toList())
                .containsExactly(
                        "Mediator",
                        "Mediator.Mediator",
                        "Mediator.Send",
                        "Mediator.Publish",
                        "Mediator.PublishCore",
                        "Mediator.PublishNotification",
                        "Mediator.CreateStream");
        assertThat(Fixtures.code(mediator))
                .allSatisfy(c -> assertThat(c.language()).isEqualTo(Language.CSHARP));
        assertThat(mediator.chunks()).noneMatch(ModuleDocChunk.class::isInstance);
    }

    @Test
    void xml_doc_comments_become_plain_text_with_javadoc_style_tags() {
        CodeChunk constructor = Fixtures.all(mediator, "Mediator.Mediator").get(1);
        assertThat(constructor.symbolKind()).isEqualTo(SymbolKind.CONSTRUCTOR);
        assertThat(constructor.location()).isEqualTo("src/MediatR/Mediator.cs:36-40");
        assertThat(constructor.signature())
                .isEqualTo("public Mediator(IServiceProvider serviceProvider, INotificationPublisher publisher)");
        assertThat(constructor.docstring())
                .isEqualTo("Initializes a new instance of the Mediator class.\n\n"
                        + "@param serviceProvider Service provider. Can be a scoped or root provider\n"
                        + "@param publisher Notification publisher. Defaults to ForeachAwaitPublisher.");
        assertThat(constructor.code()).doesNotContain("\r");

        CodeChunk publishCore = code(mediator, "Mediator.PublishCore");
        assertThat(publishCore.symbolKind()).isEqualTo(SymbolKind.METHOD);
        assertThat(publishCore.docstring())
                .startsWith("Override in a derived class to control how the tasks are awaited.")
                .endsWith("@param cancellationToken The cancellation token\n"
                        + "@return A task representing invoking all handlers");
    }

    @Test
    void method_has_exact_lines_signature_and_calls() {
        CodeChunk send = Fixtures.all(mediator, "Mediator.Send").getFirst();
        assertThat(send.location()).isEqualTo("src/MediatR/Mediator.cs:42-57");
        assertThat(send.enclosing()).isEqualTo("Mediator");
        assertThat(send.signature())
                .isEqualTo("public Task<TResponse> Send<TResponse>(IRequest<TResponse> request,"
                        + " CancellationToken cancellationToken = default)");
        assertThat(send.docstring()).isEmpty();
        assertThat(send.calls())
                .containsExactly(
                        "ArgumentNullException",
                        "nameof",
                        "GetOrAdd",
                        "GetType",
                        "MakeGenericType",
                        "CreateInstance",
                        "InvalidOperationException",
                        "Handle");
    }

    @Test
    void class_chunk_keeps_fields_and_member_signatures_with_block_and_arrow_bodies_elided() {
        CodeChunk mediatorClass = Fixtures.all(mediator, "Mediator").getFirst();
        assertThat(mediatorClass.symbolKind()).isEqualTo(SymbolKind.CLASS);
        assertThat(mediatorClass.startLine()).isEqualTo(16);
        assertThat(mediatorClass.signature()).isEqualTo("public class Mediator : IMediator");
        assertThat(mediatorClass.docstring())
                .isEqualTo("Default mediator implementation relying on single- and multi instance delegates"
                        + " for resolving handlers.");
        assertThat(mediatorClass.code())
                .contains("private readonly IServiceProvider _serviceProvider;")
                .contains("public Mediator(IServiceProvider serviceProvider, INotificationPublisher publisher)\n"
                        + "    { … }")
                .contains("public Task Publish(object notification, CancellationToken cancellationToken = default)"
                        + " => …;")
                .doesNotContain("_serviceProvider = serviceProvider;");
    }

    @Test
    void an_interface_keeps_its_documented_abstract_members() {
        ParseResult sender = Fixtures.parseReal("mediatr", "src/MediatR/ISender.cs");
        CodeChunk first = Fixtures.all(sender, "ISender").getFirst();
        assertThat(first.symbolKind()).isEqualTo(SymbolKind.INTERFACE);
        assertThat(first.docstring())
                .isEqualTo("Send a request through the mediator pipeline to be handled by a single handler.");
        assertThat(Fixtures.all(sender, "ISender")).extracting(CodeChunk::code).anySatisfy(c -> assertThat(c)
                .contains("Task<TResponse> Send<TResponse>("));
    }

    @Test
    void structs_records_enums_delegates_and_block_namespaces() {
        ParseResult result = Fixtures.parse("src/Shop/Cart.cs", """
                using System;

                namespace Shop.Orders
                {
                    /// <summary>A line of a cart.</summary>
                    /// <remarks>Immutable; see <see cref="T:Shop.Orders.Cart"/>.</remarks>
                    public readonly record struct Line(string Sku, int Count);

                    public struct Money { public long Cents; }

                    public enum Status { Open, Paid }

                    public delegate void Changed(Cart cart);

                    public sealed class Cart
                    {
                        /// <summary>Adds a line &amp; returns the count.</summary>
                        /// <exception cref="T:System.ArgumentException">When the count is &lt; 1.</exception>
                        public int Add(Line line) => Lines.Add(line) ?? Count();

                        int Count() { int Local() => 1; return Local(); }
                    }
                }
                """);
        assertThat(names(result))
                .containsExactly(
                        "Shop.Orders.Line",
                        "Shop.Orders.Money",
                        "Shop.Orders.Status",
                        "Shop.Orders.Changed",
                        "Shop.Orders.Cart",
                        "Shop.Orders.Cart.Add",
                        "Shop.Orders.Cart.Count");
        assertThat(code(result, "Shop.Orders.Line").symbolKind()).isEqualTo(SymbolKind.RECORD);
        assertThat(code(result, "Shop.Orders.Line").docstring())
                .isEqualTo("A line of a cart.\n\nImmutable; see Shop.Orders.Cart.");
        assertThat(code(result, "Shop.Orders.Money").symbolKind()).isEqualTo(SymbolKind.STRUCT);
        assertThat(code(result, "Shop.Orders.Status").symbolKind()).isEqualTo(SymbolKind.ENUM);
        assertThat(code(result, "Shop.Orders.Changed").symbolKind()).isEqualTo(SymbolKind.TYPE);
        CodeChunk add = code(result, "Shop.Orders.Cart.Add");
        assertThat(add.docstring())
                .isEqualTo(
                        "Adds a line & returns the count.\n\n@throws System.ArgumentException When the count is < 1.");
        assertThat(add.signature()).isEqualTo("public int Add(Line line)");
        assertThat(add.calls()).containsExactly("Add", "Count");
        assertThat(code(result, "Shop.Orders.Cart.Count").calls())
                .as("a local function stays part of its method")
                .containsExactly("Local");
        assertThat(code(result, "Shop.Orders.Cart").code()).contains("public int Add(Line line) => …;");
    }
}
