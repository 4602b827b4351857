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
 * Swift on Alamofire's {@code RedirectHandler.swift} and {@code Protected.swift} (real/alamofire) and a snippet for
 * what they lack.
 */
class SwiftChunksTest {
    private static final String REDIRECT = "Source/Features/RedirectHandler.swift";
    private final ParseResult redirect = Fixtures.parseReal("alamofire", REDIRECT);

    @Test
    void protocol_struct_nested_enum_initializer_and_extensions_named_by_the_type_they_extend() {
        assertThat(redirect.category()).isEqualTo(FileCategory.CODE);
        assertThat(names(redirect))
                .containsExactly(
                        "RedirectHandler",
                        "Redirector",
                        "Redirector.Behavior",
                        "Redirector.init",
                        "Redirector",
                        "Redirector.task",
                        "RedirectHandler",
                        "RedirectHandler.modify");
        assertThat(Fixtures.code(redirect))
                .allSatisfy(c -> assertThat(c.language()).isEqualTo(Language.SWIFT));
        assertThat(redirect.chunks()).as("the licence header is no doc").noneMatch(ModuleDocChunk.class::isInstance);
        assertThat(Fixtures.all(redirect, "RedirectHandler"))
                .extracting(CodeChunk::symbolKind)
                .containsExactly(SymbolKind.INTERFACE, SymbolKind.IMPL);
        assertThat(Fixtures.all(redirect, "Redirector"))
                .extracting(CodeChunk::symbolKind)
                .containsExactly(SymbolKind.STRUCT, SymbolKind.IMPL);
        assertThat(code(redirect, "Redirector.Behavior").symbolKind()).isEqualTo(SymbolKind.ENUM);

        CodeChunk protocol = Fixtures.all(redirect, "RedirectHandler").getFirst();
        assertThat(protocol.location()).isEqualTo(REDIRECT + ":28-46");
        assertThat(protocol.signature()).isEqualTo("public protocol RedirectHandler: Sendable");
        assertThat(protocol.docstring())
                .isEqualTo("A type that handles how an HTTP redirect response from a remote server should be "
                        + "redirected to the new request.");
        assertThat(protocol.code())
                .as("a requirement stays in its protocol")
                .contains("func task(_ task: URLSessionTask,");
    }

    @Test
    void initializer_and_methods_have_exact_lines_triple_slash_docs_and_calls() {
        CodeChunk init = code(redirect, "Redirector.init");
        assertThat(init.symbolKind()).isEqualTo(SymbolKind.CONSTRUCTOR);
        assertThat(init.location()).isEqualTo(REDIRECT + ":73-75");
        assertThat(init.signature()).isEqualTo("public init(behavior: Behavior)");
        assertThat(init.docstring())
                .isEqualTo(
                        "Creates a `Redirector` instance from the `Behavior`.\n\n- Parameter behavior: The `Behavior`.");

        CodeChunk task = code(redirect, "Redirector.task");
        assertThat(task.symbolKind()).isEqualTo(SymbolKind.METHOD);
        assertThat(task.enclosing()).isEqualTo("Redirector");
        assertThat(task.location()).isEqualTo(REDIRECT + ":81-94");
        assertThat(task.signature())
                .isEqualTo("public func task(_ task: URLSessionTask, willBeRedirectedTo request: URLRequest, for "
                        + "response: HTTPURLResponse, completion: @escaping (URLRequest?) -> Void)");
        assertThat(task.calls()).containsExactly("completion", "closure");

        CodeChunk modify = code(redirect, "RedirectHandler.modify");
        assertThat(modify.location()).isEqualTo(REDIRECT + ":108-110");
        assertThat(modify.docstring())
                .startsWith(
                        "Creates a `Redirector` which modifies the redirected `URLRequest` using the provided closure.");
        assertThat(modify.calls()).containsExactly("Redirector");

        CodeChunk struct = Fixtures.all(redirect, "Redirector").getFirst();
        assertThat(struct.location()).isEqualTo(REDIRECT + ":51-76");
        assertThat(struct.code())
                .contains("public enum Behavior: Sendable { … }")
                .contains("public static let follow = Redirector(behavior: .follow)")
                .contains("public init(behavior: Behavior) { … }");
    }

    /**
     * Protected.swift puts declarations under {@code #if} and uses {@code nonisolated(unsafe)}, which the grammar
     * (tree-sitter-swift 0.5.0, the one version on Maven Central) does not know: the class {@code Protected} is a
     * syntax error, so its methods are recovered as functions of their own (with their docs) and nothing is lost.
     */
    @Test
    void extensions_under_conditional_compilation_and_what_a_syntax_error_leaves() {
        String path = "Source/Core/Protected.swift";
        ParseResult protectedFile = Fixtures.parseReal("alamofire", path);
        assertThat(names(protectedFile))
                .containsSubsequence(
                        "Lock",
                        "Lock",
                        "Lock.around",
                        "Lock.around",
                        "UnfairLock",
                        "UnfairLock.init",
                        "UnfairLock.deinit",
                        "UnfairLock.lock",
                        "UnfairLock.unlock",
                        "NSLock",
                        "read",
                        "write",
                        "write",
                        "Protected",
                        "Protected",
                        "Protected.attemptToTransitionTo",
                        "Protected.withState");
        assertThat(Fixtures.all(protectedFile, "Lock"))
                .extracting(CodeChunk::symbolKind)
                .containsExactly(SymbolKind.INTERFACE, SymbolKind.IMPL);
        CodeChunk unfair = code(protectedFile, "UnfairLock");
        assertThat(unfair.location()).isEqualTo(path + ":55-75");
        assertThat(unfair.signature()).isEqualTo("final class UnfairLock: Lock, @unchecked Sendable");
        assertThat(unfair.docstring()).isEqualTo("An `os_unfair_lock` wrapper.");
        assertThat(Fixtures.all(protectedFile, "Protected"))
                .extracting(CodeChunk::signature)
                .containsExactly(
                        "extension Protected: Sendable",
                        "extension Protected where Value == Request.MutableState",
                        "extension Protected: Equatable where Value: Equatable",
                        "extension Protected: Hashable where Value: Hashable");
        CodeChunk read = code(protectedFile, "read");
        assertThat(read.location()).isEqualTo(path + ":104-106");
        assertThat(read.docstring()).startsWith("Synchronously read or transform the contained value.");
        assertThat(Fixtures.all(protectedFile, "write").getFirst().location())
                .as("from its attribute")
                .isEqualTo(path + ":113-116");
    }

    @Test
    void actors_free_functions_type_aliases_and_deinitializers() {
        ParseResult result = Fixtures.parse("Sources/Shop/Store.swift", """
                import Foundation

                /// Holds carts.
                public actor Store {
                    typealias Key = String

                    deinit { close() }

                    func save(_ cart: Cart) async throws {
                        try await disk.write(cart.encoded())
                    }
                }

                /// The total in cents.
                func total<T: Priced>(_ items: [T]) -> Int {
                    items.map { $0.cents }.reduce(0, +)
                }
                """);
        assertThat(names(result)).containsExactly("Store", "Store.Key", "Store.deinit", "Store.save", "total");
        assertThat(code(result, "Store").symbolKind()).isEqualTo(SymbolKind.CLASS);
        assertThat(code(result, "Store").docstring()).isEqualTo("Holds carts.");
        assertThat(code(result, "Store.Key").symbolKind()).isEqualTo(SymbolKind.TYPE);
        assertThat(code(result, "Store.save").calls()).containsExactly("write", "encoded");
        CodeChunk total = code(result, "total");
        assertThat(total.symbolKind()).isEqualTo(SymbolKind.FUNCTION);
        assertThat(total.docstring()).isEqualTo("The total in cents.");
        assertThat(total.calls()).containsExactly("map", "reduce");
    }
}
