package dev.coderag.chat.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coderag.types.Language;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The tool table: {@code tools.json} and the handlers agree name for name, every schema stands alone (no
 * dangling {@code $ref}), only {@code reindex} writes, and docs/MCP.md documents every tool and argument.
 */
class McpToolsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void every_handler_has_a_tool_and_every_tool_a_handler() {
        List<String> described =
                ToolCatalog.entries().stream().map(e -> e.tool().name()).toList();
        List<String> handled =
                Arrays.stream(McpTools.Name.values()).map(McpTools.Name::id).toList();
        assertThat(described).containsExactlyElementsOf(handled);
    }

    @Test
    void schemas_stand_alone_and_only_reindex_writes() throws IOException {
        for (ToolCatalog.Entry e : ToolCatalog.entries()) {
            String input = JSON.writeValueAsString(e.tool().inputSchema());
            String output = JSON.writeValueAsString(e.tool().outputSchema());
            assertThat(input + output).as(e.tool().name()).doesNotContain("$ref");
            assertThat(e.tool().inputSchema()).containsEntry("type", "object");
            assertThat(e.tool().outputSchema()).containsEntry("type", "object");
            assertThat(e.tool().annotations().readOnlyHint())
                    .isEqualTo(!e.tool().name().equals("reindex"));
            assertThat(e.tool().description()).isNotBlank();
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void a_language_argument_names_every_language_of_the_registry() {
        int arguments = 0;
        for (ToolCatalog.Entry e : ToolCatalog.entries()) {
            Map<String, Object> props =
                    (Map<String, Object>) e.tool().inputSchema().get("properties");
            if (props.get("language") instanceof Map<?, ?> language) {
                arguments++;
                String description = (String) language.get("description");
                for (Language l : Language.values()) {
                    assertThat(description).as(e.tool().name() + " " + l).containsPattern("\\b" + l.id() + "\\b");
                }
            }
        }
        assertThat(arguments).isPositive();
    }

    @Test
    void the_write_tool_is_listed_only_when_writes_are_allowed() {
        McpTools tools = new McpTools(null); // listing needs no tools behind it
        assertThat(tools.bound(false)).extracting(b -> b.tool().name()).doesNotContain("reindex");
        assertThat(tools.bound(true)).extracting(b -> b.tool().name()).contains("reindex");
    }

    @Test
    @SuppressWarnings("unchecked")
    void docs_mcp_md_documents_every_tool_and_argument() throws IOException {
        String doc = Files.readString(Path.of("../docs/MCP.md"));
        for (ToolCatalog.Entry e : ToolCatalog.entries()) {
            assertThat(doc).as(e.tool().name()).contains("### " + e.tool().name());
            Map<String, Object> props =
                    (Map<String, Object>) e.tool().inputSchema().get("properties");
            for (String arg : props.keySet()) {
                assertThat(doc).as(e.tool().name() + "." + arg).contains("`" + arg + "`");
            }
        }
    }
}
