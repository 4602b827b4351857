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
 * Lua on lazy.nvim's {@code lua/lazy/core/fragments.lua} and {@code lua/lazy/manage/semver.lua} (real/lazy.nvim)
 * and a snippet for what they lack.
 */
class LuaChunksTest {
    private static final String FRAGMENTS = "lua/lazy/core/fragments.lua";
    private static final String SEMVER = "lua/lazy/manage/semver.lua";
    private final ParseResult fragments = Fixtures.parseReal("lazy.nvim", FRAGMENTS);
    private final ParseResult semver = Fixtures.parseReal("lazy.nvim", SEMVER);

    @Test
    void local_functions_module_functions_and_methods_enclosed_by_their_table() {
        assertThat(fragments.category()).isEqualTo(FileCategory.CODE);
        assertThat(names(fragments).stream().distinct().toList())
                .containsExactly("fragments.lua", "next_id", "M.new", "M.get", "M.del", "M.add");
        assertThat(Fixtures.code(fragments))
                .allSatisfy(c -> assertThat(c.language()).isEqualTo(Language.LUA));
        assertThat(code(fragments, "next_id").symbolKind()).isEqualTo(SymbolKind.FUNCTION);
        assertThat(code(fragments, "next_id").location()).isEqualTo(FRAGMENTS + ":18-21");
        CodeChunk create = code(fragments, "M.new");
        assertThat(create.symbolKind()).isEqualTo(SymbolKind.FUNCTION);
        assertThat(create.enclosing()).isEqualTo("M");
        assertThat(create.location()).isEqualTo(FRAGMENTS + ":25-34");
        assertThat(create.signature()).isEqualTo("function M.new(spec)");
        assertThat(create.docstring()).isEqualTo("@param spec LazySpecLoader\n@return LazyFragments");
        assertThat(create.calls()).containsExactly("setmetatable");

        CodeChunk del = code(fragments, "M.del");
        assertThat(del.symbolKind()).isEqualTo(SymbolKind.METHOD);
        assertThat(del.location()).isEqualTo(FRAGMENTS + ":44-80");
        assertThat(del.signature()).isEqualTo("function M:del(id)");
        assertThat(del.docstring())
                .isEqualTo("Remove a fragment and all its children.\n"
                        + "This will also remove the fragment from its parent's children list.\n"
                        + "@param id number");
        assertThat(del.calls()).containsExactly("filter", "ipairs", "del");
    }

    @Test
    void doc_of_the_returned_module_table_is_the_module_doc_and_the_return_alone_is_no_module_code() {
        ModuleDocChunk doc = Fixtures.ofType(fragments, ModuleDocChunk.class).getFirst();
        assertThat(doc.language()).isEqualTo(Language.LUA);
        assertThat(doc.moduleName()).isEqualTo("lazy.core.fragments");
        assertThat(doc.startLine()).isEqualTo(4);
        assertThat(doc.endLine()).isEqualTo(13);
        assertThat(doc.text())
                .startsWith("This class is used to manage the fragments of a plugin spec.\nIt keeps track")
                .contains("\n@class LazyFragments\n");
        assertThat(Fixtures.all(fragments, "fragments.lua"))
                .extracting(CodeChunk::location)
                .as("local M = {} and M._fid = 0; the requires and the final `return M` say nothing")
                .containsExactly(FRAGMENTS + ":14-16");

        assertThat(semver.chunks())
                .as("annotations alone above the module table are no module doc")
                .noneMatch(ModuleDocChunk.class::isInstance);
    }

    @Test
    void methods_of_local_tables_with_annotation_docs() {
        assertThat(names(semver))
                .contains(
                        "Semver.__index",
                        "Semver.__newindex",
                        "Semver.__eq",
                        "Semver.__tostring",
                        "Semver.__lt",
                        "Semver.__le",
                        "M.version",
                        "M.last",
                        "Range.matches",
                        "M.range");
        CodeChunk eq = code(semver, "Semver.__eq");
        assertThat(eq.symbolKind()).isEqualTo(SymbolKind.METHOD);
        assertThat(eq.enclosing()).isEqualTo("Semver");
        assertThat(eq.location()).isEqualTo(SEMVER + ":33-40");
        assertThat(eq.docstring()).isEqualTo("@param other Semver");
        CodeChunk version = code(semver, "M.version");
        assertThat(version.location()).isEqualTo(SEMVER + ":78-97");
        assertThat(version.docstring()).isEqualTo("@param version string|number[]\n@return Semver?");
        assertThat(version.calls()).containsExactly("type", "setmetatable", "match", "tonumber");
        assertThat(code(semver, "Range.matches").calls()).containsExactly("type", "version");
    }

    @Test
    void assigned_functions_dotted_tables_and_a_header_comment_as_module_doc() {
        ParseResult result = Fixtures.parse("lua/shop/init.lua", """
                --- Shop: carts and prices.
                --- Load with require("shop").

                local Cart = require("shop.cart")

                local M = {}

                -- The total in cents.
                M.total = function(cart)
                  return Cart.sum(cart.items)
                end

                local format = function(cents) return string.format("%.2f", cents / 100) end

                function M.util.round(x) return math.floor(x + 0.5) end

                return M
                """);
        assertThat(names(result)).containsExactly("init.lua", "M.total", "format", "M.util.round");
        CodeChunk total = code(result, "M.total");
        assertThat(total.symbolKind()).isEqualTo(SymbolKind.FUNCTION);
        assertThat(total.docstring()).isEqualTo("The total in cents.");
        assertThat(total.calls()).containsExactly("sum");
        assertThat(code(result, "format").calls()).containsExactly("format");
        assertThat(code(result, "M.util.round").enclosing()).isEqualTo("M.util");
        ModuleDocChunk doc = Fixtures.ofType(result, ModuleDocChunk.class).getFirst();
        assertThat(doc.moduleName()).isEqualTo("shop");
        assertThat(doc.text()).isEqualTo("Shop: carts and prices.\nLoad with require(\"shop\").");
        assertThat(doc.startLine()).isEqualTo(1);
        assertThat(doc.endLine()).isEqualTo(2);
    }
}
