package dev.coderag.store.solr;

import dev.coderag.store.SearchFilter;
import dev.coderag.store.StoreRules;
import dev.coderag.types.ChunkKind;
import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * A {@link SearchFilter} as Solr filter queries ({@code fq}), which Solr applies before ranking — for vector search
 * too, as a pre-filter of the HNSW search — so that the k hits asked for all pass the filter. The rules are the
 * embedded store's (SearchFilter's Javadoc): a plain path is a prefix, a glob is translated into a Lucene regular
 * expression over the whole path (its {@code *} and {@code ?} stay within a directory, {@code **} crosses them, a
 * glob without {@code /} matches the file name). Pure.
 */
final class SolrFilters {
    private SolrFilters() {}

    /**
     * The filter queries selecting the chunks of {@code table} that pass {@code filter}.
     *
     * @throws IllegalArgumentException for a path glob the embedded store refuses too (too long, a reversed range)
     */
    static List<String> of(SearchFilter filter, ChunkKind table) {
        List<String> fq = new ArrayList<>();
        fq.add(SolrDocs.is("doc", SolrDocs.CHUNK));
        fq.add(SolrDocs.is("kind", table.table()));
        if (!filter.repos().isEmpty()) {
            fq.add(SolrDocs.anyOf("repo", filter.repos()));
        }
        if (!filter.languages().isEmpty()) {
            fq.add(SolrDocs.anyOf(
                    "language", filter.languages().stream().map(Language::id).toList()));
        }
        if (!filter.symbolKinds().isEmpty()) {
            fq.add(SolrDocs.anyOf(
                    "symbol_kind",
                    filter.symbolKinds().stream().map(SymbolKind::id).toList()));
        }
        String path = path(filter.pathGlob());
        if (!path.isEmpty()) {
            fq.add(path);
        }
        return fq;
    }

    /** The filter query of a path prefix or glob; "" for none. */
    static String path(String raw) {
        if (raw.isEmpty()) {
            return "";
        }
        SearchFilter.NONE.withPathGlob(raw).matcher(); // refuses what the embedded store refuses
        String glob = strip(raw);
        if (glob.isEmpty()) {
            return "";
        }
        if (!StoreRules.isPathGlob(glob)) {
            return "path:" + SolrDocs.term(glob) + "*";
        }
        return "path:/" + regex(glob) + "/";
    }

    /** The glob as a Lucene regular expression matching whole paths (with '/' escaped for the query parser). */
    static String regex(String glob) {
        boolean nameOnly = glob.indexOf('/') < 0;
        StringBuilder re = new StringBuilder(nameOnly ? "(.*\\/)?" : "");
        Deque<Integer> open = new ArrayDeque<>(); // positions of open brace groups (nesting depth)
        int n = glob.length();
        int i = 0;
        while (i < n) {
            int c = glob.codePointAt(i);
            switch (c) {
                case '*' -> {
                    if (i + 1 < n && glob.charAt(i + 1) == '*') {
                        i++;
                        if (nameOnly) {
                            re.append("[^\\/]*");
                        } else if (i + 1 < n && glob.charAt(i + 1) == '/') {
                            i++;
                            re.append("(.*\\/)?");
                        } else {
                            re.append(".*");
                        }
                    } else {
                        re.append("[^\\/]*");
                    }
                    i++;
                }
                case '?' -> {
                    re.append("[^\\/]");
                    i++;
                }
                case '[' -> {
                    int close = glob.indexOf(']', i + 2);
                    if (close < 0) {
                        literal(re, c);
                        i++;
                    } else {
                        charClass(re, glob.substring(i + 1, close));
                        i = close + 1;
                    }
                }
                case '{' -> {
                    open.push(i);
                    re.append("((");
                    i++;
                }
                case ',' -> {
                    if (open.isEmpty()) {
                        literal(re, c);
                    } else {
                        re.append(")|(");
                    }
                    i++;
                }
                case '}' -> {
                    if (open.isEmpty()) {
                        literal(re, c);
                    } else {
                        open.pop();
                        re.append("))");
                    }
                    i++;
                }
                default -> {
                    literal(re, c);
                    i += Character.charCount(c);
                }
            }
        }
        while (!open.isEmpty()) { // an unclosed brace closes at the end
            open.pop();
            re.append("))");
        }
        // An empty alternative "()" is Lucene's empty string; "(())" too.
        return re.toString();
    }

    /**
     * A bracket body as a Lucene character class: a leading {@code !} or {@code ^} negates (and a negated class
     * never matches '/'), {@code x-y} is a range when something follows the dash, everything else is literal.
     */
    private static void charClass(StringBuilder re, String body) {
        boolean negated = body.startsWith("!") || body.startsWith("^");
        int[] cps = (negated ? body.substring(1) : body).codePoints().toArray();
        re.append(negated ? "[^\\/" : "[");
        int k = 0;
        while (k < cps.length) {
            literal(re, cps[k]);
            if (k + 2 < cps.length && cps[k + 1] == '-') {
                re.append('-');
                literal(re, cps[k + 2]);
                k += 3;
            } else {
                k++;
            }
        }
        re.append(']');
    }

    /** One code point matched literally: letters and digits as they are, anything else escaped. */
    private static void literal(StringBuilder re, int c) {
        if (!(Character.isLetterOrDigit(c) && c < 128)) {
            re.append('\\');
        }
        re.appendCodePoint(c);
    }

    private static String strip(String path) {
        String p = path;
        while (p.startsWith("./")) {
            p = p.substring(2);
        }
        while (p.startsWith("/")) {
            p = p.substring(1);
        }
        return p;
    }
}
