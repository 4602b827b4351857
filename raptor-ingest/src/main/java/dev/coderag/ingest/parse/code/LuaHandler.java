package dev.coderag.ingest.parse.code;

import dev.coderag.ingest.parse.ModuleNames;
import dev.coderag.ingest.parse.SourceFile;
import dev.coderag.ingest.parse.SourceText;
import dev.coderag.types.Language;
import dev.coderag.types.ModuleDocChunk;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.treesitter.TSNode;
import org.treesitter.TreeSitterLua;

/**
 * Lua: functions ({@code function f()}, {@code local function f()}, {@code f = function()}), functions of a table
 * ({@code function M.f()}, {@code M.f = function()}: enclosed by {@code M}) and methods ({@code function T:m()}). The
 * {@code --} lines directly above one are its doc (LuaDoc's {@code ---} and LuaLS annotations such as
 * {@code ---@param} included; directives are not doc text). The module doc is the file's header comment, else the
 * doc of the module table: the {@code local M = {…}} the file ends by returning.
 */
final class LuaHandler extends LanguageHandler {
    private static final Pattern DIRECTIVE =
            Pattern.compile("^(#!|--\\s*(luacheck|stylua|selene)\\s*:|---@diagnostic\\b).*");

    /** A LuaLS annotation line: a doc of annotations only says nothing about the module. */
    private static final Pattern ANNOTATION = Pattern.compile("^---\\s*@.*");

    /** Possessive quantifiers: linear on hostile lines. */
    private static final Pattern IMPORT =
            Pattern.compile("local\\s++[A-Za-z_]\\w*+\\s*+=\\s*+require\\s*+\\(?+\\s*+[\"'][^\"']*+[\"']\\s*+\\)?+;?+");

    private static final Pattern RETURN = Pattern.compile("return\\s++[A-Za-z_]\\w*+;?+");

    private static final Set<String> DEFINITIONS =
            Set.of("function_definition_statement", "local_function_definition_statement");

    LuaHandler() {
        super(
                Language.LUA,
                List.of("lua.scm"),
                TreeSitterLua::new,
                Set.of("block"),
                new DocRule.LineRun(
                        c -> false,
                        c -> c.startsWith("--") && !c.startsWith("--[["),
                        c -> !DIRECTIVE.matcher(c).matches(),
                        List.of("--- ", "---", "-- ", "--")));
    }

    /** {@code local x = require("x")}, {@code return M} and comments only. */
    @Override
    boolean saysNothing(List<String> lines) {
        return lines.stream().allMatch(l -> {
            String line = l.strip();
            return line.isEmpty()
                    || line.startsWith("--")
                    || HeaderDocs.isStatement(IMPORT, line, "--")
                    || HeaderDocs.isStatement(RETURN, line, "--");
        });
    }

    @Override
    String bodyPlaceholder(byte first) {
        return "…";
    }

    @Override
    ModuleDocChunk moduleDoc(TSNode root, SourceText src, List<Comment> comments, SourceFile file) {
        int count = root.getNamedChildCount();
        TSNode first = null;
        TSNode last = null;
        for (int i = 0; i < count; i++) {
            TSNode child = root.getNamedChild(i);
            if (!child.getType().equals("comment")) {
                first = first == null ? child : first;
                last = child;
            }
        }
        String name = moduleName(file.path());
        int firstCode = first == null ? src.byteLength() : first.getStartByte();
        boolean isDefinition = first != null && DEFINITIONS.contains(first.getType());
        List<Comment> header = HeaderDocs.headerDoc(comments, firstCode, isDefinition, src, c -> DIRECTIVE
                .matcher(c)
                .matches());
        if (!header.isEmpty()) {
            return HeaderDocs.chunk(file, Language.LUA, name, docText(header), header);
        }
        TSNode table = returnedTable(root, last, src);
        if (table == null) {
            return null;
        }
        List<Comment> block = CommentBlocks.above(comments, table.getStartByte(), src);
        int n = block.isEmpty()
                ? 0
                : docCommentCount(block, src.hasBlankLine(block.getLast().end(), table.getStartByte()));
        List<Comment> docs = block.subList(block.size() - n, block.size());
        if (docs.stream()
                .allMatch(c -> ANNOTATION.matcher(c.text()).matches()
                        || c.text().strip().equals("---"))) {
            return null;
        }
        return HeaderDocs.chunk(file, Language.LUA, name, docText(docs), docs);
    }

    /** The {@code local M = {…}} statement of the name the file's last statement {@code return M} returns, or null. */
    private static TSNode returnedTable(TSNode root, TSNode last, SourceText src) {
        if (last == null || !last.getType().equals("return_statement") || last.getNamedChildCount() != 1) {
            return null;
        }
        String returned = src.slice(
                last.getNamedChild(0).getStartByte(), last.getNamedChild(0).getEndByte());
        int count = root.getNamedChildCount();
        for (int i = 0; i < count; i++) {
            TSNode child = root.getNamedChild(i);
            if (!child.getType().equals("local_variable_declaration") || child.getNamedChildCount() != 2) {
                continue;
            }
            TSNode names = child.getNamedChild(0);
            TSNode values = child.getNamedChild(1);
            if (src.slice(names.getStartByte(), names.getEndByte()).equals(returned)
                    && values.getNamedChildCount() == 1
                    && values.getNamedChild(0).getType().equals("table")) {
                return child;
            }
        }
        return null;
    }

    /**
     * The name {@code require} loads the file by: its path without {@code .lua}, from below a {@code lua/} directory
     * (Neovim's runtime path, LuaRocks' source trees) when there is one, dotted; {@code x/init.lua} is {@code x}.
     */
    static String moduleName(String path) {
        String p = path.endsWith(".lua") ? path.substring(0, path.length() - 4) : path;
        int lua = p.startsWith("lua/") ? 0 : p.lastIndexOf("/lua/") + 1;
        if (lua > 0 || p.startsWith("lua/")) {
            p = p.substring(lua + "lua/".length());
        }
        if (p.endsWith("/init")) {
            p = p.substring(0, p.length() - "/init".length());
        }
        return p.isEmpty() ? ModuleNames.fileName(path) : p.replace('/', '.');
    }
}
