package dev.coderag.ingest.parse.code;

import dev.coderag.ingest.parse.ParseOptions;
import dev.coderag.ingest.parse.SourceFile;
import dev.coderag.ingest.parse.SourceText;

/**
 * One source file being turned into code chunks, with what every step of the extraction reads.
 *
 * @param handler the file's language
 * @param options the token window, for splitting long definitions and module code
 */
record CodeFile(LanguageHandler handler, SourceFile file, SourceText src, ParseOptions options) {}
