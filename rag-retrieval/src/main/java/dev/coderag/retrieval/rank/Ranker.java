package dev.coderag.retrieval.rank;

import dev.coderag.types.Chunk;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.SymbolKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Re-scores fused candidates by what the question says about code, in four steps (each off in the
 * configuration when it does not pay): file coherence, definitions of the symbols the question names, file and
 * directory names that hold its words, and saturation, which spreads the first places over files. Pure: the
 * result depends only on the arguments; linear in the candidates and the question's words.
 */
public final class Ranker {
    private final RankingConfig config;
    private final WordMatch match;

    public Ranker(RankingConfig config) {
        this.config = config;
        this.match = new WordMatch(config);
    }

    /** Whether the definitions a short question names (and their callers) lead the sources. */
    public boolean leads() {
        return config.leads();
    }

    /** Whether fusion takes one vector and one lexical ranking over the routed tables (merged by score). */
    public boolean mergeTables() {
        return config.mergeTables();
    }

    /**
     * What the ranker reads of a question.
     *
     * @param text the question as asked
     * @param identifiers code-shaped names written inside it (CamelCase, snake_case, dotted), for questions of words
     * @param words how many words it has
     * @param intent the intent it was routed by
     */
    public record Question(String text, List<String> identifiers, int words, String intent) {
        public Question {
            identifiers = List.copyOf(identifiers);
        }
    }

    /** {@code candidates} re-scored and re-ordered, best first (ties keep their order). */
    public List<Candidate> rank(Question question, List<Candidate> candidates) {
        if (candidates.isEmpty()) {
            return candidates;
        }
        List<Candidate> out = new ArrayList<>(candidates);
        double best = out.stream().mapToDouble(Candidate::score).max().orElse(0);
        if (best <= 0) {
            return candidates;
        }
        boolean shortQuestion = question.words() <= config.maxWords();
        Set<String> named = new HashSet<>();
        Set<String> words = keywords(question.text());
        if (config.coherence() && shortQuestion) {
            out = coherence(out, best);
        }
        QueryForm form = QueryForm.of(question.text());
        if (config.definitions() && shortQuestion) {
            out = definitions(out, question, form, best);
        }
        if (config.nameWords().on() && shortQuestion && form != QueryForm.SYMBOL) {
            out = nameWords(out, words, best, named);
        }
        if (config.pathWords()) {
            // the path-stem lifts are for short questions: a long text names many files in passing
            boolean stemLength = question.words() <= config.pathStem().maxWords();
            Set<String> pathKeywords = form == QueryForm.SYMBOL
                    ? keywords(String.join(
                            " ",
                            Identifiers.split(
                                    QueryForm.symbolNames(question.text()).getFirst())))
                    : words;
            out = pathWords(
                    out,
                    pathKeywords,
                    best,
                    stemLength ? stemBoost(question.text()) : 0,
                    stemLength && config.pathStem().moduleNames()
                            ? WordMatch.qualifiedNames(question.text())
                            : List.of(),
                    stemLength && config.pathStem().typeNames() ? WordMatch.typeNames(question.text()) : Set.of());
        }
        if (config.frontPage().on() && config.frontPage().intents().contains(question.intent())) {
            out = frontPage(out, words, best);
        }
        out.sort(Comparator.comparingDouble(Candidate::score).reversed());
        if (config.saturation() && !config.saturationSkip().contains(question.intent())) {
            out = saturate(out, named);
        }
        return out;
    }

    /** Each file's best chunk gains {@code coherence × best × fileSum / maxFileSum}. */
    private List<Candidate> coherence(List<Candidate> in, double best) {
        Map<String, Double> sums = new HashMap<>();
        Map<String, Integer> top = new HashMap<>();
        for (int i = 0; i < in.size(); i++) {
            String file = file(in.get(i).chunk());
            sums.merge(file, in.get(i).score(), Double::sum);
            Integer t = top.get(file);
            if (t == null || in.get(i).score() > in.get(t).score()) {
                top.put(file, i);
            }
        }
        double maxSum =
                sums.values().stream().mapToDouble(Double::doubleValue).max().orElse(1);
        List<Candidate> out = new ArrayList<>(in);
        for (Map.Entry<String, Integer> e : top.entrySet()) {
            Candidate c = out.get(e.getValue());
            out.set(
                    e.getValue(),
                    c.withScore(c.score() + config.coherenceBoost() * best * sums.get(e.getKey()) / maxSum));
        }
        return out;
    }

    /**
     * Chunks that define a name the question asks for gain {@code boost × best}, times the stem factor when their
     * file is named after it: the query's own names for a symbol query, the identifiers written in a question of
     * words (at their lower boost).
     */
    private List<Candidate> definitions(List<Candidate> in, Question q, QueryForm form, double best) {
        List<String> names = form == QueryForm.SYMBOL ? QueryForm.symbolNames(q.text()) : q.identifiers();
        if (names.isEmpty()) {
            return in;
        }
        double unit = best * (form == QueryForm.SYMBOL ? config.definitionSymbol() : config.definitionWords());
        Set<String> wanted = new HashSet<>();
        Set<String> stems = new HashSet<>();
        for (String n : names) {
            wanted.add(n);
            wanted.add(lastSegment(n));
            stems.add(lastSegment(n).toLowerCase(Locale.ROOT));
        }
        // a symbol query asks where a symbol is declared: of a long definition indexed in parts, the head (the first
        // part) takes the whole boost
        Map<String, Integer> heads = new HashMap<>();
        for (Candidate c : in) {
            if (defines(c, wanted)) {
                heads.merge(
                        c.chunk().path() + '\0' + ((CodeChunk) c.chunk()).symbol(),
                        c.chunk().startLine(),
                        Math::min);
            }
        }
        List<Candidate> out = new ArrayList<>(in.size());
        for (Candidate c : in) {
            if (defines(c, wanted)) {
                CodeChunk code = (CodeChunk) c.chunk();
                double factor = stemMatches(WordMatch.stem(code.path()), stems) ? config.definitionStem() : 1;
                boolean head = heads.get(code.path() + '\0' + code.symbol()) == code.startLine();
                double part = head || form != QueryForm.SYMBOL ? 1 : config.definitionLaterParts();
                out.add(c.withScore(c.score() + unit * factor * part));
            } else {
                out.add(c);
            }
        }
        return out;
    }

    private static boolean defines(Candidate c, Set<String> wanted) {
        return c.chunk() instanceof CodeChunk code
                && code.symbolKind() != SymbolKind.CONSTRUCTOR
                && code.symbolKind() != SymbolKind.TEXT
                && (wanted.contains(code.symbol()) || wanted.contains(lastSegment(code.symbol())));
    }

    /**
     * A definition whose name is spelled out by the question's words ("how does the cache evict the least recently
     * used entry?" and {@code evict_least_recently_used}) gains {@code boost × best}: every part of its name of more
     * than two letters that is not a stopword matches a word of the question, and there are at least the minimum
     * number of such parts (one-word names match too much).
     */
    private List<Candidate> nameWords(List<Candidate> in, Set<String> keywords, double best, Set<String> named) {
        if (keywords.isEmpty()) {
            return in;
        }
        List<Candidate> out = new ArrayList<>(in.size());
        for (Candidate c : in) {
            int parts = c.chunk() instanceof CodeChunk code
                            && code.symbolKind() != SymbolKind.CONSTRUCTOR
                            && code.symbolKind() != SymbolKind.TEXT
                    ? spelledParts(lastSegment(code.symbol()), keywords)
                    : 0;
            if (parts >= config.nameWords().minParts()) {
                if (parts >= config.nameWords().spareParts()) {
                    named.add(c.id());
                }
                out.add(c.withScore(c.score() + config.nameWords().boost() * best));
            } else {
                out.add(c);
            }
        }
        return out;
    }

    /** How many parts of {@code name} (over two letters, not stopwords) the keywords spell out; 0 if any is missing. */
    private int spelledParts(String name, Set<String> keywords) {
        int parts = 0;
        for (String part : Identifiers.split(name)) {
            if (part.length() <= 2 || config.stopwords().contains(part)) {
                continue;
            }
            if (match.matches(keywords, Set.of(part)) == 0) {
                return 0;
            }
            parts++;
        }
        return parts;
    }

    /**
     * Chunks whose file name or directory name holds the question's words gain {@code boost × best × share}, the
     * share of the words matched (at least the minimum ratio).
     */
    /** The path-stem lift for this question: none for one opening with a skipped word ({@link RankingConfig.PathStem}). */
    private double stemBoost(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        int end = 0;
        while (end < t.length() && wordChar(t.charAt(end))) {
            end++;
        }
        return config.pathStem().skipOpenings().contains(t.substring(0, end))
                ? 0
                : config.pathStem().boost();
    }

    private List<Candidate> pathWords(
            List<Candidate> in,
            Set<String> keywords,
            double best,
            double stemBoost,
            List<List<String>> modules,
            Set<String> types) {
        if (keywords.isEmpty()) {
            return in;
        }
        Map<String, Double> boostByFile = new HashMap<>();
        List<Candidate> out = new ArrayList<>(in.size());
        for (Candidate c : in) {
            double boost = boostByFile.computeIfAbsent(c.chunk().path(), p -> {
                double share = (double) match.matches(keywords, WordMatch.pathParts(p)) / keywords.size();
                double words = share >= config.pathWordMinRatio() && share > 0 ? config.pathWordBoost() * share : 0;
                boolean stem = stemBoost > 0 && match.namedByWords(match.topicName(p), keywords);
                boolean named = match.namedByQualified(p, modules) || match.namedByType(p, types);
                return words + (stem || named ? config.pathStem().boost() : 0);
            });
            out.add(boost > 0 ? c.withScore(c.score() + boost * best) : c);
        }
        return out;
    }

    /**
     * A question about the project as a whole — every word of it generic ("How do I build and run it?", "how do I
     * install this?") — is answered by the project's front page: the top-level README's chunks gain
     * {@code boost × best}, so they lead in the order the fusion gave them.
     */
    private List<Candidate> frontPage(List<Candidate> in, Set<String> words, double best) {
        if (!config.frontPage().generic().containsAll(words)) {
            return in;
        }
        List<Candidate> out = new ArrayList<>(in.size());
        for (Candidate c : in) {
            String path = c.chunk().path();
            boolean top = path.indexOf('/') < 0 && config.frontPage().names().contains(path.toLowerCase(Locale.ROOT));
            out.add(top ? c.withScore(c.score() + config.frontPage().boost() * best) : c);
        }
        return out;
    }

    /**
     * Greedy, in score order: a chunk whose file already has {@code after} or more chunks placed before it keeps
     * {@code decay^(placed - after + 1)} of its score, unless it is one of {@code spared}; then re-sorted (stable).
     */
    private List<Candidate> saturate(List<Candidate> sorted, Set<String> spared) {
        Map<String, Integer> placed = new HashMap<>();
        List<Candidate> out = new ArrayList<>(sorted.size());
        for (Candidate c : sorted) {
            String file = file(c.chunk());
            int before = placed.getOrDefault(file, 0);
            double s = c.score();
            if (before >= config.saturationAfter() && !spared.contains(c.id())) {
                s *= Math.pow(config.saturationDecay(), before - config.saturationAfter() + 1);
            }
            placed.put(file, before + 1);
            out.add(c.withScore(s));
        }
        out.sort(Comparator.comparingDouble(Candidate::score).reversed());
        return out;
    }

    /** The question's words worth matching against paths: letters, digits, underscores; over 2 long; no stopwords. */
    Set<String> keywords(String text) {
        Set<String> out = new LinkedHashSet<>();
        int n = text.length();
        int i = 0;
        while (i < n) {
            while (i < n && !wordStart(text.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && wordChar(text.charAt(i))) {
                i++;
            }
            if (i > start) {
                String w = text.substring(start, i).toLowerCase(Locale.ROOT);
                if (w.length() > 2 && !config.stopwords().contains(w)) {
                    out.add(w);
                }
            }
            if (i == start) {
                i++;
            }
        }
        return out;
    }

    private static boolean stemMatches(String stem, Set<String> names) {
        String s = stem.toLowerCase(Locale.ROOT);
        String norm = s.replace("_", "");
        for (String name : names) {
            if (s.equals(name)
                    || norm.equals(name)
                    || strip(s).equals(name)
                    || strip(norm).equals(name)) {
                return true;
            }
        }
        return false;
    }

    private static String strip(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == 's') {
            end--;
        }
        return s.substring(0, end);
    }

    private static String lastSegment(String name) {
        int cut = Math.max(
                Math.max(name.lastIndexOf('.'), name.lastIndexOf(':')),
                Math.max(name.lastIndexOf('\\'), name.lastIndexOf('>')));
        return cut < 0 ? name : name.substring(cut + 1);
    }

    private static String file(Chunk c) {
        return c.repo() + '\0' + c.path();
    }

    private static boolean wordStart(char c) {
        return c < 128 && (Character.isLetter(c) || c == '_');
    }

    private static boolean wordChar(char c) {
        return c < 128 && (Character.isLetterOrDigit(c) || c == '_');
    }
}
