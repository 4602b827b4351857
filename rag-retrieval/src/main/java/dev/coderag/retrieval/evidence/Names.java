package dev.coderag.retrieval.evidence;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a question names in code: identifiers and file names (stack frames give their files), or that it continues a
 * conversation. A pinned hit counts as evidence only when it is what the question names ({@link #names}) — not
 * a symbol that happens to be called like one of its plain words ("How do I remove the background of a photo?"
 * pins a method {@code remove}). Immutable.
 */
public final class Names {
    private final Set<String> identifiers = new HashSet<>();
    private final List<String> files;
    private final boolean followUp;

    /**
     * @param identifiers code-shaped names of the question ({@code Reconciler.plan}, {@code isPlainObject})
     * @param files file names or paths the question or its stack frames write
     * @param followUp whether the question continues a conversation (its pins are what the conversation named)
     */
    public Names(List<String> identifiers, List<String> files, boolean followUp) {
        for (String id : identifiers) {
            String simple =
                    id.substring(Math.max(id.lastIndexOf('.'), Math.max(id.lastIndexOf('#'), id.lastIndexOf(':'))) + 1);
            this.identifiers.add(simple.toLowerCase(Locale.ROOT));
            this.identifiers.add(id.toLowerCase(Locale.ROOT));
        }
        this.files = files.stream().map(f -> f.toLowerCase(Locale.ROOT)).toList();
        this.followUp = followUp;
    }

    /** Whether the question names the chunk at {@code path} defining {@code symbol} (empty when it defines none). */
    public boolean names(String path, String symbol) {
        if (followUp) {
            return true;
        }
        String s = symbol.toLowerCase(Locale.ROOT);
        if (!s.isEmpty() && identifiers.contains(s)) {
            return true;
        }
        String p = path.toLowerCase(Locale.ROOT);
        return files.stream().anyMatch(f -> p.equals(f) || p.endsWith("/" + f));
    }
}
