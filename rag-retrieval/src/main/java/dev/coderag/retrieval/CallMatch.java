package dev.coderag.retrieval;

import dev.coderag.types.CodeChunk;
import java.util.Locale;

/**
 * Whether a stored call edge can really be a call of a given definition. Edges are stored by the called name's
 * last segment ({@code planner.plan(…)} and {@code Reconciler.plan(…)} both under {@code plan}), so in a
 * repository with several {@code plan} methods most of them are calls of another one. The written call says
 * more: a type as receiver names the class ({@code Reconciler.plan}), a receiver variable usually echoes its type
 * ({@code reconciler.plan}, {@code headerParser.parse}), and an unqualified call stays in its own class or file
 * unless the name is defined once in the repository. Pure; linear in the names' length.
 */
final class CallMatch {
    private CallMatch() {}

    /**
     * @param callee the definition whose callers are wanted
     * @param caller the chunk the call is written in
     * @param calleeName the call as written ({@code a.b.plan}, {@code Foo::plan()}, {@code plan})
     * @param uniqueName whether the repository defines that last segment only once (then every call of it is a
     *     call of {@code callee}, whatever the receiver)
     */
    static boolean plausible(CodeChunk callee, CodeChunk caller, String calleeName, boolean uniqueName) {
        String qualifier = qualifier(calleeName);
        String owner = lastSegment(callee.enclosing());
        if (qualifier.isEmpty() || qualifier.equals("this") || qualifier.equals("self") || qualifier.equals("super")) {
            if (uniqueName
                    || caller.path().equals(callee.path())
                    || (!owner.isEmpty() && lastSegment(caller.enclosing()).equals(owner))) {
                return true;
            }
            // Grammars whose call capture keeps only the name (Java's method_invocation name): the caller's
            // code still shows the receiver, as Reconciler.plan(…) or reconciler.plan(…).
            return qualifier.isEmpty()
                    && writtenReceivers(caller.code(), lastSegment(calleeName)).stream()
                            .anyMatch(r -> receiverNames(r, owner, callee) == Boolean.TRUE);
        }
        Boolean byReceiver = receiverNames(lastSegment(qualifier), owner, callee);
        return byReceiver != null ? byReceiver : uniqueName;
    }

    /**
     * Whether {@code caller}'s code calls {@code name} on a receiver that names {@code callee}'s class ({@code
     * response.read()} for {@code Response.read}): how a call stored by its bare name, which the repository defines
     * several times, is told to be a call of this definition.
     */
    static boolean receiverNamesOwner(CodeChunk callee, CodeChunk caller, String name) {
        String owner = lastSegment(callee.enclosing());
        return !owner.isEmpty()
                && writtenReceivers(caller.code(), name).stream()
                        .anyMatch(r -> receiverNames(r, owner, callee) == Boolean.TRUE);
    }

    /**
     * Whether a receiver names the callee's class: TRUE when it is the class or a variable echoing it, FALSE when it
     * is another type, null when it says nothing either way.
     */
    private static Boolean receiverNames(String receiver, String owner, CodeChunk callee) {
        if (!owner.isEmpty() && receiver.equals(owner)) {
            return true; // Reconciler.plan, a.b.Reconciler.plan
        }
        if (!receiver.isEmpty() && Character.isUpperCase(receiver.charAt(0))) {
            return false; // another type's member: Other.plan
        }
        String r = receiver.toLowerCase(Locale.ROOT);
        String o = owner.toLowerCase(Locale.ROOT);
        if (!o.isEmpty() && (r.equals(o) || r.endsWith(o) || o.endsWith(r) && r.length() >= 4)) {
            return true; // reconciler.plan, this.headerParser.parse, parser.parse for HeaderParser
        }
        if (owner.isEmpty() && r.equals(directory(callee.path()))) {
            return true; // Go and Python modules: pkg.Func for a function of pkg/
        }
        return null;
    }

    /** At most this many written calls of one name are read from a caller's code. */
    private static final int MAX_WRITTEN = 16;

    /**
     * The receivers written before {@code .name(} (or {@code ::name(}, {@code ->name(}) in {@code code}: the identifier
     * just before the separator. Linear in the code's length; at most {@value #MAX_WRITTEN}.
     */
    static java.util.List<String> writtenReceivers(String code, String name) {
        java.util.List<String> out = new java.util.ArrayList<>();
        if (name.isEmpty()) {
            return out;
        }
        int from = 0;
        while (out.size() < MAX_WRITTEN) {
            int at = code.indexOf(name, from);
            if (at < 0) {
                break;
            }
            from = at + name.length();
            int after = from;
            while (after < code.length() && code.charAt(after) == ' ') {
                after++;
            }
            if (after >= code.length()
                    || code.charAt(after) != '('
                    || (from < code.length() && isWordChar(code.charAt(from)))) {
                continue;
            }
            int sep = at;
            if (sep >= 1 && code.charAt(sep - 1) == '.') {
                sep -= 1;
            } else if (sep >= 2 && (code.startsWith("::", sep - 2) || code.startsWith("->", sep - 2))) {
                sep -= 2;
            } else {
                continue;
            }
            int start = sep;
            while (start > 0 && isWordChar(code.charAt(start - 1))) {
                start--;
            }
            if (start < sep) {
                out.add(code.substring(start, sep));
            }
        }
        return out;
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    /** The part before the last separator, without a trailing call's parentheses; "" when unqualified. */
    static String qualifier(String calleeName) {
        String name = calleeName.strip();
        if (name.endsWith("()")) {
            name = name.substring(0, name.length() - 2);
        }
        int cut = -1;
        for (String separator : new String[] {".", "::", "->", "#"}) {
            cut = Math.max(cut, name.lastIndexOf(separator));
        }
        return cut < 0 ? "" : name.substring(0, cut).strip();
    }

    /** The last dotted (or {@code ::}) segment of a name, without a call's parentheses. */
    static String lastSegment(String name) {
        String n = name.strip();
        if (n.endsWith("()")) {
            n = n.substring(0, n.length() - 2);
        }
        int start = 0;
        for (String separator : new String[] {".", "::", "->", "#"}) {
            int i = n.lastIndexOf(separator);
            if (i >= 0) {
                start = Math.max(start, i + separator.length());
            }
        }
        return n.substring(start);
    }

    /** The name of the directory holding a path's file, or "". */
    private static String directory(String path) {
        int slash = path.lastIndexOf('/');
        if (slash < 0) {
            return "";
        }
        int before = path.lastIndexOf('/', slash - 1);
        return path.substring(before + 1, slash).toLowerCase(Locale.ROOT);
    }
}
