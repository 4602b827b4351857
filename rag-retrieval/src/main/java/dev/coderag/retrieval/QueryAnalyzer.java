package dev.coderag.retrieval;

import dev.coderag.retrieval.QueryAnalysis.StackFrame;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Extracts what a question or bug report names: stack frames, file names, identifiers, and the informative
 * terms for lexical search. Pure and thread-safe; the stop words come from a resource file.
 *
 * <p>Long queries (bug reports with stack traces) are the reason this exists: the embedding sees only the
 * first 512 tokens, BM25 with hundreds of terms drowns in common words, and the strongest evidence — the
 * frames and class names — is easy to recognise syntactically.
 */
final class QueryAnalyzer {
    /** Above this many terms BM25 gets slow and unselective; identifiers are kept first. */
    static final int MAX_LEXICAL_TERMS = 80;

    static final int MAX_FRAMES = 20;

    /** Plain words are tried as symbol names only for questions this short ("what does tokenize do"). */
    static final int SHORT_QUERY_WORDS = 14;

    /**
     * Safe as a regex: no repeated group, and {@code [^"]+} stops at the next quote, so each attempt costs at most
     * the distance to it. The other scans, whose patterns repeat groups, are {@link QueryScanner}'s.
     */
    private static final Pattern PY_FRAME = Pattern.compile("File \"([^\"]+)\", line (\\d+)(?:, in ([\\w<>]+))?");

    private static final Pattern BACKTICK = Pattern.compile("`([^`\\s]{2,80})`");

    private static final Set<String> STOP_WORDS = loadStopWords();

    private QueryAnalyzer() {}

    static QueryAnalysis analyze(String query) {
        String text = query == null ? "" : query;
        List<QueryScanner.JvmFrame> jvmFrames = QueryScanner.jvmFrames(text);
        List<StackFrame> frames = frames(text, jvmFrames);
        LinkedHashSet<String> fileNames = new LinkedHashSet<>(QueryScanner.fileNames(text));
        for (StackFrame f : frames) {
            fileNames.remove(f.fileName());
        }

        LinkedHashSet<String> identifiers = new LinkedHashSet<>();
        Matcher bm = BACKTICK.matcher(text);
        while (bm.find()) {
            String name = stripCall(bm.group(1));
            if (!isFileName(name) && QueryScanner.isToken(name)) {
                identifiers.add(name);
            }
        }
        // frames already contributed their evidence; their package paths and JDK classes are noise
        String prose =
                PY_FRAME.matcher(QueryScanner.withoutJvmFrames(text, jvmFrames)).replaceAll(" ");
        List<String> tokens = new ArrayList<>();
        for (int start = 0; start < prose.length(); ) {
            int end = QueryScanner.tokenEnd(prose, start);
            if (end < 0) {
                start++;
                continue;
            }
            String token = prose.substring(start, end);
            boolean partOfFileName =
                    end < prose.length() && prose.charAt(end) == '.' && QueryScanner.startsWithFileName(prose, start);
            start = end;
            // "Router.java" is a file, not an identifier: skip tokens that are part of a file name.
            if (partOfFileName) {
                continue;
            }
            if (isFileName(token)) {
                continue;
            }
            tokens.add(token);
        }
        int wordCount = tokens.size();
        for (String token : tokens) {
            boolean call = token.endsWith("()");
            String name = stripCall(token);
            if (call || looksLikeIdentifier(name)) {
                identifiers.add(name);
            }
        }
        List<String> words = new ArrayList<>();
        if (wordCount <= SHORT_QUERY_WORDS && frames.isEmpty()) {
            for (String token : tokens) {
                String w = stripCall(token);
                if (w.length() >= 4
                        && w.indexOf('.') < 0
                        && !STOP_WORDS.contains(w.toLowerCase(Locale.ROOT))
                        && !identifiers.contains(w)
                        && !words.contains(w)) {
                    words.add(w);
                }
            }
        }
        String lexical = lexicalQuery(frames, fileNames, identifiers, tokens);
        return new QueryAnalysis(lexical, frames, List.copyOf(fileNames), List.copyOf(identifiers), words, wordCount);
    }

    private static List<StackFrame> frames(String text, List<QueryScanner.JvmFrame> jvmFrames) {
        List<StackFrame> frames = new ArrayList<>();
        for (QueryScanner.JvmFrame f : jvmFrames) {
            if (frames.size() >= MAX_FRAMES) {
                break;
            }
            frames.add(new StackFrame(f.qualifiedType(), f.method(), f.fileName(), parseLine(f.line())));
        }
        Matcher p = PY_FRAME.matcher(text);
        while (p.find() && frames.size() < MAX_FRAMES) {
            String file = p.group(1).replace('\\', '/');
            String method = p.group(3) == null ? "" : p.group(3);
            frames.add(new StackFrame("", method, file, parseLine(p.group(2))));
        }
        return frames;
    }

    private static int parseLine(String digits) {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /**
     * Terms in order of evidence: frame types and methods, file base names, identifiers, then plain words —
     * deduplicated case-insensitively, stop words and numbers dropped, capped at {@link #MAX_LEXICAL_TERMS}.
     */
    private static String lexicalQuery(
            List<StackFrame> frames, Set<String> fileNames, Set<String> identifiers, List<String> tokens) {
        Map<String, String> terms = new LinkedHashMap<>();
        for (StackFrame f : frames) {
            if (!isLibraryFrame(f)) {
                addTerm(terms, simpleName(f.qualifiedType()));
                addTerm(terms, f.method());
            }
        }
        for (String file : fileNames) {
            String base = file.substring(file.lastIndexOf('/') + 1);
            int dot = base.indexOf('.');
            addTerm(terms, dot > 0 ? base.substring(0, dot) : base);
        }
        for (String id : identifiers) {
            dottedTerms(terms, id);
        }
        for (String token : tokens) {
            dottedTerms(terms, stripCall(token));
        }
        return String.join(" ", terms.values().stream().limit(MAX_LEXICAL_TERMS).toList());
    }

    /** {@code java.lang.NullPointerException} → NullPointerException; {@code cfg.maxSize} → maxSize. */
    private static void dottedTerms(Map<String, String> terms, String token) {
        String[] parts = token.split("\\.");
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i];
            boolean last = i == parts.length - 1;
            if (last || parts.length == 1 || (!part.isEmpty() && Character.isUpperCase(part.charAt(0)))) {
                addTerm(terms, part);
            }
        }
    }

    private static void addTerm(Map<String, String> terms, String term) {
        if (term == null || term.length() < 2 || term.length() > 80) {
            return;
        }
        String key = term.toLowerCase(Locale.ROOT);
        if (STOP_WORDS.contains(key) || key.chars().allMatch(Character::isDigit) || key.startsWith("<")) {
            return;
        }
        terms.putIfAbsent(key, term);
    }

    /** JDK and common runtime frames say nothing about where in the repository a bug is. */
    static boolean isLibraryFrame(StackFrame f) {
        String t = f.qualifiedType();
        return t.startsWith("java.")
                || t.startsWith("javax.")
                || t.startsWith("jdk.")
                || t.startsWith("sun.")
                || t.startsWith("com.sun.")
                || t.startsWith("kotlin.")
                || t.startsWith("scala.");
    }

    static boolean looksLikeIdentifier(String token) {
        if (token.length() < 3) {
            return false;
        }
        if (token.indexOf('.') > 0) {
            // dotted names: a.b.Foo or obj.method — when some part is code-shaped, or Type.member (a capitalised
            // owner and a member in lower case: Reconciler.plan, Client.send), which prose never writes unspaced
            if (typeDotMember(token)) {
                return true;
            }
            for (String part : token.split("\\.")) {
                if (looksLikeIdentifier(part)) {
                    return true;
                }
            }
            return false;
        }
        // snake_case, and Python's _private names: an underscore before the last character
        int underscore = token.indexOf('_');
        if (underscore >= 0 && underscore < token.length() - 1) {
            return true;
        }
        return QueryScanner.isCamelShaped(token);
    }

    /** {@code Type.member}: two parts of two or more word characters, the first capitalised, the second not. */
    private static boolean typeDotMember(String token) {
        int dot = token.indexOf('.');
        if (dot < 2 || dot != token.lastIndexOf('.') || dot > token.length() - 3) {
            return false;
        }
        char owner = token.charAt(0);
        char member = token.charAt(dot + 1);
        if (!Character.isUpperCase(owner) || !(Character.isLowerCase(member) || member == '_')) {
            return false;
        }
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            if (i != dot && !(Character.isLetterOrDigit(c) || c == '_')) {
                return false;
            }
        }
        return true;
    }

    private static String simpleName(String qualified) {
        String s = qualified.substring(qualified.lastIndexOf('.') + 1);
        int dollar = s.indexOf('$');
        return dollar > 0 ? s.substring(0, dollar) : s;
    }

    private static String stripCall(String token) {
        return token.endsWith("()") ? token.substring(0, token.length() - 2) : token;
    }

    private static boolean isFileName(String s) {
        return QueryScanner.startsWithFileName(s, 0);
    }

    static boolean isStopWord(String word) {
        return STOP_WORDS.contains(word.toLowerCase(Locale.ROOT));
    }

    private static Set<String> loadStopWords() {
        try (InputStream in = QueryAnalyzer.class.getResourceAsStream("stopwords.txt")) {
            if (in == null) {
                throw new IllegalStateException("missing resource dev/coderag/retrieval/stopwords.txt");
            }
            Set<String> words = new java.util.HashSet<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String w = line.strip();
                if (!w.isEmpty() && !w.startsWith("#")) {
                    for (String part : w.split("\\s+")) {
                        words.add(part.toLowerCase(Locale.ROOT));
                    }
                }
            }
            return Set.copyOf(words);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
