package dev.coderag.store.spi;

import dev.coderag.store.SearchFilter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The path restriction of a {@link SearchFilter}, over repository-relative paths with forward slashes.
 *
 * <ul>
 *   <li>empty: everything matches;
 *   <li>no glob character ({@code * ? [ {}): a plain prefix ({@code src/main} matches {@code src/main/A.java});
 *   <li>a glob with a {@code /}: matched against the whole path; {@code *} and {@code ?} stay within one
 *       directory, {@code **} crosses directories ({@code src/**} matches everything under {@code src/},
 *       {@code src/**}{@code /*.java} also matches {@code src/A.java}), {@code [abc]}, {@code [a-z]},
 *       {@code [!abc]} (also {@code [^abc]}; never matches {@code /}) and {@code {a,b}} (nestable, an unclosed
 *       brace closes at the end) as usual; every other character is literal;
 *   <li>a glob without {@code /}: matched against the file name ({@code *.java} matches {@code src/A.java}).
 * </ul>
 *
 * A leading {@code ./} or {@code /} is ignored. Characters are Unicode code points: {@code ?} matches one
 * emoji. Compiled predicates are cached; thread-safe.
 *
 * <p>Why not {@link java.util.regex}: the glob comes from an API client's search filter and is tested against
 * every stored path; a backtracking regex for {@code *a*a*a*a*a*a*a*a*c} takes polynomial time in the path
 * length per path. The glob is compiled instead into a Thompson NFA of at most one state per glob character
 * (braces become alternation states, never an expansion into separate globs), simulated over the path with
 * the set of live states: {@link #compile} is O(glob length), each test O((glob length + 1) × (path length +
 * 1)) state visits with no recursion and no allocation beyond three arrays of the state count. A glob longer
 * than {@value #MAX_GLOB_LENGTH} characters, or with a reversed range ({@code [z-a]}), is refused with an
 * {@link IllegalArgumentException}, as an invalid glob was before (then a regex syntax error).
 */
public final class PathGlob {
    private PathGlob() {}

    /** The longest glob (with glob characters) accepted; bounds the work per path to this × path length. */
    public static final int MAX_GLOB_LENGTH = 1024;

    private static final Map<String, Predicate<String>> CACHE = new ConcurrentHashMap<>();
    private static final int CACHE_LIMIT = 256;

    /**
     * The predicate for {@code glob}; O(glob length) when not cached.
     *
     * @throws IllegalArgumentException for a glob longer than {@value #MAX_GLOB_LENGTH} characters or with a
     *     reversed range
     */
    public static Predicate<String> compile(String glob) {
        Predicate<String> cached = CACHE.get(glob);
        if (cached != null) {
            return cached;
        }
        Predicate<String> compiled = build(glob);
        if (CACHE.size() >= CACHE_LIMIT) {
            CACHE.clear();
        }
        CACHE.put(glob, compiled);
        return compiled;
    }

    public static boolean isGlob(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '*' || c == '?' || c == '[' || c == '{') {
                return true;
            }
        }
        return false;
    }

    /** A path or glob without its leading {@code ./} and {@code /}, as every path filter is read. */
    public static String normalize(String path) {
        return strip(path);
    }

    /**
     * A glob as a Lucene regular expression over whole paths (with {@code /} escaped for Lucene's query parser),
     * for a backend that filters inside its engine; it selects the paths {@link #compile} accepts.
     *
     * @param glob a {@link #normalize normalized} glob that {@link #isGlob has glob characters}
     * @throws IllegalArgumentException for a glob {@link #compile} refuses (too long, a reversed range)
     */
    public static String luceneRegex(String glob) {
        checkLength(glob);
        boolean nameOnly = glob.indexOf('/') < 0;
        StringBuilder re = new StringBuilder(nameOnly ? "(.*\\/)?" : "");
        for (GlobToken token : GlobToken.read(glob)) {
            switch (token) {
                case GlobToken.Literal l -> literal(re, l.codePoint());
                case GlobToken.Star s -> re.append("[^\\/]*");
                case GlobToken.GlobStar g -> re.append(nameOnly ? "[^\\/]*" : ".*");
                case GlobToken.GlobStarSlash g -> re.append("(.*\\/)?");
                case GlobToken.Any a -> re.append("[^\\/]");
                case GlobToken.CharClass c -> {
                    re.append(c.negated() ? "[^\\/" : "[");
                    int[] ranges = c.ranges();
                    for (int k = 0; k < ranges.length; k += 2) {
                        literal(re, ranges[k]);
                        if (ranges[k + 1] != ranges[k]) {
                            re.append('-');
                            literal(re, ranges[k + 1]);
                        }
                    }
                    re.append(']');
                }
                case GlobToken.Open o -> re.append("((");
                case GlobToken.Alternative a -> re.append(")|(");
                case GlobToken.Close c -> re.append("))"); // "()" and "(())" are Lucene's empty string
            }
        }
        return re.toString();
    }

    /** One code point matched literally by a Lucene regex: ASCII letters and digits as they are, the rest escaped. */
    private static void literal(StringBuilder re, int c) {
        if (!(Character.isLetterOrDigit(c) && c < 128)) {
            re.append('\\');
        }
        re.appendCodePoint(c);
    }

    private static void checkLength(String glob) {
        if (glob.length() > MAX_GLOB_LENGTH) {
            throw new IllegalArgumentException(
                    "path glob longer than " + MAX_GLOB_LENGTH + " characters (" + glob.length() + ")");
        }
    }

    private static Predicate<String> build(String raw) {
        String glob = strip(raw);
        if (glob.isEmpty()) {
            return path -> true;
        }
        if (!isGlob(glob)) {
            return path -> strip(path).startsWith(glob);
        }
        checkLength(glob);
        Nfa nfa = Nfa.compile(GlobToken.read(glob));
        if (glob.indexOf('/') < 0) {
            return path -> {
                String p = strip(path);
                return nfa.matches(p, p.lastIndexOf('/') + 1);
            };
        }
        return path -> nfa.matches(strip(path), 0);
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

    /** The compiled glob: instructions of a Thompson NFA, the accepting state is one past the last. */
    private static final class Nfa {
        /** Consumes the code point {@link #arg}. */
        private static final byte LITERAL = 0;
        /** Consumes one code point other than '/'. */
        private static final byte ANY = 1;
        /** Consumes one code point in (or, negated, not '/' and not in) {@link #classes}[arg]. */
        private static final byte CLASS = 2;
        /** Consumes any code point but '/' and stays; also continues at the next state without consuming. */
        private static final byte STAR = 3;
        /** Consumes any code point and stays; also continues at the next state without consuming. */
        private static final byte GLOBSTAR = 4;
        /** Consumes nothing; continues at every state of {@link #forks}[arg]. */
        private static final byte FORK = 5;
        /** Consumes nothing; continues at state {@link #arg}. */
        private static final byte JUMP = 6;

        private final byte[] op;
        private final int[] arg;
        private final List<GlobToken.CharClass> classes;
        private final int[][] forks;

        private Nfa(byte[] op, int[] arg, List<GlobToken.CharClass> classes, int[][] forks) {
            this.op = op;
            this.arg = arg;
            this.classes = classes;
            this.forks = forks;
        }

        /** An open brace while compiling: its fork state, the first state of each alternative, its jumps. */
        private record Group(int fork, List<Integer> starts, List<Integer> jumps) {}

        private static final class Builder {
            final List<Byte> ops = new ArrayList<>();
            final List<Integer> args = new ArrayList<>();

            int add(byte o, int a) {
                ops.add(o);
                args.add(a);
                return ops.size() - 1;
            }
        }

        /** Compiles the tokens of a glob of at most {@link #MAX_GLOB_LENGTH} characters in O(glob length). */
        static Nfa compile(List<GlobToken> tokens) {
            Builder b = new Builder();
            List<GlobToken.CharClass> classes = new ArrayList<>();
            List<int[]> forks = new ArrayList<>();
            Deque<Group> open = new ArrayDeque<>();
            for (GlobToken token : tokens) {
                switch (token) {
                    case GlobToken.Literal l -> b.add(LITERAL, l.codePoint());
                    case GlobToken.Star s -> b.add(STAR, 0);
                    case GlobToken.GlobStar g -> b.add(GLOBSTAR, 0);
                    case GlobToken.GlobStarSlash g -> {
                        // "**/": nothing, or anything ending with a slash
                        int fork = b.add(FORK, forks.size());
                        forks.add(null);
                        b.add(GLOBSTAR, 0);
                        b.add(LITERAL, '/');
                        forks.set(b.args.get(fork), new int[] {fork + 1, b.ops.size()});
                    }
                    case GlobToken.Any a -> b.add(ANY, 0);
                    case GlobToken.CharClass c -> {
                        b.add(CLASS, classes.size());
                        classes.add(c);
                    }
                    case GlobToken.Open o -> {
                        int fork = b.add(FORK, forks.size());
                        forks.add(null);
                        open.push(new Group(fork, new ArrayList<>(List.of(fork + 1)), new ArrayList<>()));
                    }
                    case GlobToken.Alternative alt -> {
                        Group g = open.element();
                        g.jumps().add(b.add(JUMP, -1));
                        g.starts().add(b.ops.size());
                    }
                    case GlobToken.Close c -> close(open.pop(), b, forks);
                }
            }
            byte[] op = new byte[b.ops.size()];
            int[] arg = new int[op.length];
            for (int s = 0; s < op.length; s++) {
                op[s] = b.ops.get(s);
                arg[s] = b.args.get(s);
            }
            return new Nfa(op, arg, List.copyOf(classes), forks.toArray(int[][]::new));
        }

        /** Ends a brace group at the current state: its fork gets its alternatives, its jumps the end. */
        private static void close(Group g, Builder b, List<int[]> forks) {
            int end = b.ops.size();
            for (int jump : g.jumps()) {
                b.args.set(jump, end);
            }
            forks.set(
                    b.args.get(g.fork()),
                    g.starts().stream().mapToInt(Integer::intValue).toArray());
        }

        /**
         * Whether {@code text} from {@code from} to its end matches: at most (states + 1) × (code points + 1)
         * state visits.
         */
        boolean matches(String text, int from) {
            int m = op.length;
            int[] live = new int[m + 1];
            int[] next = new int[m + 1];
            int[] seen = new int[m + 1]; // the step that last added each state, so each is added once per step
            int[] stack = new int[m + 1];
            int step = 1;
            int liveCount = add(live, 0, 0, seen, step, stack);
            for (int t = from; t < text.length() && liveCount > 0; ) {
                int c = text.codePointAt(t);
                t += Character.charCount(c);
                step++;
                int nextCount = 0;
                for (int k = 0; k < liveCount; k++) {
                    int s = live[k];
                    if (s == m) {
                        continue;
                    }
                    int target =
                            switch (op[s]) {
                                case LITERAL -> c == arg[s] ? s + 1 : -1;
                                case ANY -> c != '/' ? s + 1 : -1;
                                case CLASS -> classes.get(arg[s]).accepts(c) ? s + 1 : -1;
                                case STAR -> c != '/' ? s : -1;
                                case GLOBSTAR -> s;
                                default -> -1; // FORK and JUMP consume nothing; add() followed them
                            };
                    if (target >= 0) {
                        nextCount = add(next, nextCount, target, seen, step, stack);
                    }
                }
                int[] swap = live;
                live = next;
                next = swap;
                liveCount = nextCount;
            }
            for (int k = 0; k < liveCount; k++) {
                if (live[k] == m) {
                    return true;
                }
            }
            return false;
        }

        /**
         * Adds {@code state} and every state it reaches without consuming to {@code list} (holding
         * {@code count}), each at most once per step (a state is marked when pushed); returns the new count.
         * Iterative: nested braces need no recursion.
         */
        private int add(int[] list, int count, int state, int[] seen, int step, int[] stack) {
            if (seen[state] == step) {
                return count;
            }
            seen[state] = step;
            int top = 0;
            stack[top++] = state;
            while (top > 0) {
                int s = stack[--top];
                list[count++] = s;
                if (s == op.length) {
                    continue;
                }
                switch (op[s]) {
                    case STAR, GLOBSTAR -> top = push(stack, top, s + 1, seen, step);
                    case JUMP -> top = push(stack, top, arg[s], seen, step);
                    case FORK -> {
                        for (int target : forks[arg[s]]) {
                            top = push(stack, top, target, seen, step);
                        }
                    }
                    default -> {}
                }
            }
            return count;
        }

        /** Pushes a state not yet added in this step, marking it added: the stack never exceeds the states. */
        private static int push(int[] stack, int top, int state, int[] seen, int step) {
            if (seen[state] == step) {
                return top;
            }
            seen[state] = step;
            stack[top] = state;
            return top + 1;
        }
    }
}
