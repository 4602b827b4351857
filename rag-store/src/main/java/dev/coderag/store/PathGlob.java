package dev.coderag.store;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
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
final class PathGlob {
    private PathGlob() {}

    /** The longest glob (with glob characters) accepted; bounds the work per path to this × path length. */
    static final int MAX_GLOB_LENGTH = 1024;

    private static final Map<String, Predicate<String>> CACHE = new ConcurrentHashMap<>();
    private static final int CACHE_LIMIT = 256;

    /**
     * The predicate for {@code glob}; O(glob length) when not cached.
     *
     * @throws IllegalArgumentException for a glob longer than {@value #MAX_GLOB_LENGTH} characters or with a
     *     reversed range
     */
    static Predicate<String> compile(String glob) {
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

    static boolean isGlob(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '*' || c == '?' || c == '[' || c == '{') {
                return true;
            }
        }
        return false;
    }

    private static Predicate<String> build(String raw) {
        String glob = strip(raw);
        if (glob.isEmpty()) {
            return path -> true;
        }
        if (!isGlob(glob)) {
            return path -> strip(path).startsWith(glob);
        }
        if (glob.length() > MAX_GLOB_LENGTH) {
            throw new IllegalArgumentException(
                    "path glob longer than " + MAX_GLOB_LENGTH + " characters (" + glob.length() + ")");
        }
        Nfa nfa = Nfa.compile(glob);
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
        private final List<CharClass> classes;
        private final int[][] forks;

        private Nfa(byte[] op, int[] arg, List<CharClass> classes, int[][] forks) {
            this.op = op;
            this.arg = arg;
            this.classes = classes;
            this.forks = forks;
        }

        /** One bracket expression: inclusive code point ranges, pairwise in {@link #ranges}. */
        private record CharClass(boolean negated, int[] ranges) {
            boolean accepts(int c) {
                if (negated && c == '/') {
                    return false;
                }
                boolean in = false;
                for (int i = 0; i < ranges.length && !in; i += 2) {
                    in = c >= ranges[i] && c <= ranges[i + 1];
                }
                return in != negated;
            }
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

        /** Compiles a glob of at most {@link #MAX_GLOB_LENGTH} characters in O(glob length). */
        static Nfa compile(String glob) {
            Builder b = new Builder();
            List<CharClass> classes = new ArrayList<>();
            List<int[]> forks = new ArrayList<>();
            Deque<Group> open = new ArrayDeque<>();
            int n = glob.length();
            int i = 0;
            while (i < n) {
                int c = glob.codePointAt(i);
                switch (c) {
                    case '*' -> {
                        if (i + 1 < n && glob.charAt(i + 1) == '*') {
                            i++;
                            if (i + 1 < n && glob.charAt(i + 1) == '/') {
                                i++;
                                // "**/": nothing, or anything ending with a slash
                                int fork = b.add(FORK, forks.size());
                                forks.add(null);
                                b.add(GLOBSTAR, 0);
                                b.add(LITERAL, '/');
                                forks.set(b.args.get(fork), new int[] {fork + 1, b.ops.size()});
                            } else {
                                b.add(GLOBSTAR, 0);
                            }
                        } else {
                            b.add(STAR, 0);
                        }
                        i++;
                    }
                    case '?' -> {
                        b.add(ANY, 0);
                        i++;
                    }
                    case '[' -> {
                        int close = glob.indexOf(']', i + 2);
                        if (close < 0) {
                            b.add(LITERAL, '[');
                            i++;
                        } else {
                            b.add(CLASS, classes.size());
                            classes.add(parseClass(glob.substring(i + 1, close)));
                            i = close + 1;
                        }
                    }
                    case '{' -> {
                        int fork = b.add(FORK, forks.size());
                        forks.add(null);
                        open.push(new Group(fork, new ArrayList<>(List.of(fork + 1)), new ArrayList<>()));
                        i++;
                    }
                    case '}', ',' -> {
                        Group g = open.peek();
                        if (g == null) {
                            b.add(LITERAL, c);
                        } else if (c == ',') {
                            g.jumps().add(b.add(JUMP, -1));
                            g.starts().add(b.ops.size());
                        } else {
                            close(open.pop(), b, forks);
                        }
                        i++;
                    }
                    default -> {
                        b.add(LITERAL, c);
                        i += Character.charCount(c);
                    }
                }
            }
            while (!open.isEmpty()) {
                close(open.pop(), b, forks);
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
         * A bracket body (after the opening bracket, before the closing one): an optional leading {@code !} or
         * {@code ^} negates; {@code x-y} is a range when something follows the dash, a leading or trailing
         * dash is literal; every other character is literal, backslash included.
         */
        private static CharClass parseClass(String body) {
            boolean negated = body.startsWith("!") || body.startsWith("^");
            int[] cps = (negated ? body.substring(1) : body).codePoints().toArray();
            int[] ranges = new int[2 * cps.length];
            int r = 0;
            int k = 0;
            while (k < cps.length) {
                int lo = cps[k];
                int hi = lo;
                if (k + 2 < cps.length && cps[k + 1] == '-') {
                    hi = cps[k + 2];
                    if (hi < lo) {
                        throw new IllegalArgumentException(
                                "path glob has a reversed range: " + new String(cps, k, 3) + " in [" + body + "]");
                    }
                    k += 3;
                } else {
                    k++;
                }
                ranges[r++] = lo;
                ranges[r++] = hi;
            }
            return new CharClass(negated, Arrays.copyOf(ranges, r));
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
