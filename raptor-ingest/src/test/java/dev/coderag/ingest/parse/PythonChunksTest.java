package dev.coderag.ingest.parse;

import static dev.coderag.ingest.parse.Fixtures.code;
import static dev.coderag.ingest.parse.Fixtures.names;
import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.CodeChunk;
import dev.coderag.types.Language;
import dev.coderag.types.ModuleDocChunk;
import dev.coderag.types.SymbolKind;
import org.junit.jupiter.api.Test;

class PythonChunksTest {
    private final ParseResult result = Fixtures.parseResource("inventory.py", "src/warehouse/inventory.py");

    @Test
    void python_file_yields_functions_classes_methods_and_module_code() {
        assertThat(names(result))
                .containsExactly(
                        "inventory.py",
                        "audited",
                        "Inventory",
                        "Inventory.__init__",
                        "Inventory.restock",
                        "Inventory.low_stock",
                        "Inventory.Snapshot",
                        "Inventory.Snapshot.total",
                        "sync_inventory",
                        "inventory.py");
        assertThat(Fixtures.code(result))
                .allSatisfy(c -> assertThat(c.language()).isEqualTo(Language.PYTHON));
    }

    @Test
    void module_docstring_becomes_module_doc_named_by_dotted_path() {
        assertThat(result.chunks().getFirst()).isInstanceOfSatisfying(ModuleDocChunk.class, doc -> {
            assertThat(doc.moduleName()).isEqualTo("warehouse.inventory");
            assertThat(doc.text()).isEqualTo("Inventory tracking for the warehouse.\n\nStock levels are kept per SKU.");
            assertThat(doc.startLine()).isEqualTo(3);
            assertThat(doc.endLine()).isEqualTo(6);
        });
    }

    @Test
    void decorated_method_range_starts_at_the_decorator_and_docstring_is_cleaned() {
        CodeChunk restock = code(result, "Inventory.restock");

        assertThat(restock.symbolKind()).isEqualTo(SymbolKind.METHOD);
        assertThat(restock.startLine()).isEqualTo(35);
        assertThat(restock.endLine()).isEqualTo(45);
        assertThat(restock.signature()).isEqualTo("@audited(\"restock\") def restock(self, sku, quantity):");
        assertThat(restock.docstring())
                .isEqualTo("Add ``quantity`` units of ``sku``.\n\nArgs:\n    sku: the stock keeping unit.\n"
                        + "    quantity: how many units arrived.");
        assertThat(restock.calls()).containsExactly("audited", "ValueError", "get");
    }

    @Test
    void init_is_a_constructor_and_comments_are_neither_docstring_nor_signature() {
        assertThat(code(result, "Inventory.__init__").symbolKind()).isEqualTo(SymbolKind.CONSTRUCTOR);
        CodeChunk lowStock = code(result, "Inventory.low_stock");
        assertThat(lowStock.docstring()).isEmpty();
        assertThat(lowStock.signature()).isEqualTo("def low_stock(self):");
        assertThat(lowStock.calls()).containsExactly("sorted", "items");
    }

    @Test
    void nested_functions_stay_inside_the_function_that_defines_them() {
        CodeChunk audited = code(result, "audited");
        assertThat(audited.symbolKind()).isEqualTo(SymbolKind.FUNCTION);
        assertThat(audited.startLine()).isEqualTo(15);
        assertThat(audited.endLine()).isEqualTo(26);
        assertThat(audited.code()).contains("def wrapper(*args, **kwargs):");
        assertThat(audited.calls()).containsExactly("wraps", "info", "fn");
        assertThat(names(result)).doesNotContain("decorate", "wrapper");
    }

    @Test
    void class_chunk_replaces_method_bodies_with_ellipsis() {
        CodeChunk inventory = code(result, "Inventory");
        assertThat(inventory.startLine()).isEqualTo(29);
        assertThat(inventory.endLine()).isEqualTo(55);
        assertThat(inventory.docstring()).isEqualTo("Stock levels per SKU.");
        assertThat(inventory.code())
                .contains("    def __init__(self, items=None):\n        ...\n")
                .contains("    @audited(\"restock\")\n    def restock(self, sku, quantity):\n        ...\n")
                .doesNotContain("quantity must be positive")
                .endsWith("    class Snapshot:\n        ...");
        CodeChunk total = code(result, "Inventory.Snapshot.total");
        assertThat(total.enclosing()).isEqualTo("Inventory.Snapshot");
        assertThat(total.startLine()).isEqualTo(54);
    }

    @Test
    void async_function_and_main_guard() {
        CodeChunk sync = code(result, "sync_inventory");
        assertThat(sync.signature()).isEqualTo("async def sync_inventory(client, inventory):");
        assertThat(sync.calls()).containsExactly("low_stock", "put");

        var moduleCode = Fixtures.code(result).stream()
                .filter(c -> c.symbolKind() == SymbolKind.MODULE)
                .toList();
        assertThat(moduleCode).hasSize(2);
        assertThat(moduleCode.get(0).startLine()).isEqualTo(11);
        assertThat(moduleCode.get(0).endLine()).isEqualTo(12);
        assertThat(moduleCode.get(0).code()).startsWith("LOW_STOCK_THRESHOLD = 5");
        assertThat(moduleCode.get(1).startLine()).isEqualTo(64);
        assertThat(moduleCode.get(1).endLine()).isEqualTo(66);
        assertThat(moduleCode.get(1).calls()).containsExactly("basicConfig", "Inventory", "restock");
    }
}
