package dev.coderag.retrieval;

import java.util.List;

/**
 * What a query names, extracted by {@link QueryAnalyzer}. Pure data.
 *
 * @param lexicalQuery the informative terms for BM25, space-separated, most informative first
 * @param frames stack-trace frames, in trace order (top frame first)
 * @param fileNames file names or paths written in the query ({@code Router.java}, {@code src/app.py})
 * @param identifiers code-shaped names (CamelCase, snake_case, {@code foo()}, backticked, dotted)
 * @param words plain words that may name a symbol (only for short queries)
 * @param wordCount number of words in the query
 */
record QueryAnalysis(
        String lexicalQuery,
        List<StackFrame> frames,
        List<String> fileNames,
        List<String> identifiers,
        List<String> words,
        int wordCount) {
    QueryAnalysis {
        frames = List.copyOf(frames);
        fileNames = List.copyOf(fileNames);
        identifiers = List.copyOf(identifiers);
        words = List.copyOf(words);
    }

    /** A frame of a Java/JVM ({@code at a.b.C.m(C.java:12)}) or Python ({@code File "x.py", line 3, in f}) trace. */
    record StackFrame(String qualifiedType, String method, String fileName, int line) {
        /**
         * The path the frame's file most likely has: the package as directories plus the file name for JVM
         * frames ({@code org/x/Foo.java}), the file as written otherwise.
         */
        String pathHint() {
            int lastDot = qualifiedType.lastIndexOf('.');
            if (lastDot <= 0 || fileName.contains("/")) {
                return fileName;
            }
            return qualifiedType.substring(0, lastDot).replace('.', '/') + "/" + fileName;
        }
    }
}
