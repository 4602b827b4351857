package dev.coderag.ingest.parse.code;

import dev.coderag.types.Language;
import java.util.Optional;

/**
 * The tree-sitter handler of each {@link Language}: one exhaustive switch, so a new language does not compile until
 * it has a handler here or is declared not code. The extensions stay in the registry; what this adds is only
 * parser-specific (a header gets its own handler: C and C++ headers also chunk prototypes).
 *
 * <p>Handlers are shared by all threads (grammars and queries load once, on first use).
 */
final class Handlers {
    private static final LanguageHandler JAVA = new JavaHandler();
    private static final LanguageHandler PYTHON = new PythonHandler();
    private static final LanguageHandler RUST = new RustHandler();
    private static final LanguageHandler GO = new GoHandler();
    private static final LanguageHandler TYPESCRIPT = ScriptHandler.typescript();
    private static final LanguageHandler TSX = ScriptHandler.tsx();
    private static final LanguageHandler JAVASCRIPT = ScriptHandler.javascript();
    private static final LanguageHandler KOTLIN = new KotlinHandler();
    private static final LanguageHandler CSHARP = new CSharpHandler();
    private static final LanguageHandler C = CFamilyHandler.c();
    private static final LanguageHandler CPP = CFamilyHandler.cpp();
    private static final LanguageHandler CPP_HEADER = CFamilyHandler.cppHeader();
    /** A {@code .h} header: C, or C++ when its text looks like C++. */
    private static final LanguageHandler C_HEADER = CFamilyHandler.cHeader(CPP_HEADER);

    private static final LanguageHandler SHELL = new ShellHandler();
    private static final LanguageHandler RUBY = new RubyHandler();
    private static final LanguageHandler PHP = new PhpHandler();
    private static final LanguageHandler SCALA = new ScalaHandler();
    private static final LanguageHandler SWIFT = new SwiftHandler();
    private static final LanguageHandler LUA = new LuaHandler();

    private Handlers() {}

    /**
     * The handler of a file of {@code language}, empty for a language that is not code (documentation, data and
     * plain text go elsewhere).
     *
     * @param header the file's extension is one of the language's {@link Language#isHeader headers}
     */
    static Optional<LanguageHandler> of(Language language, boolean header) {
        return Optional.ofNullable(
                switch (language) {
                    case JAVA -> JAVA;
                    case PYTHON -> PYTHON;
                    case RUST -> RUST;
                    case GO -> GO;
                    case TYPESCRIPT -> TYPESCRIPT;
                    case TSX -> TSX;
                    case JAVASCRIPT -> JAVASCRIPT;
                    case KOTLIN -> KOTLIN;
                    case CSHARP -> CSHARP;
                    case C -> header ? C_HEADER : C;
                    case CPP -> header ? CPP_HEADER : CPP;
                    case SHELL -> SHELL;
                    case RUBY -> RUBY;
                    case PHP -> PHP;
                    case SCALA -> SCALA;
                    case SWIFT -> SWIFT;
                    case LUA -> LUA;
                    case MARKDOWN, TOML, XML, JSON, TEXT -> null;
                });
    }
}
