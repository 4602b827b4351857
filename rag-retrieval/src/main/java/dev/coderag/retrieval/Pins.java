package dev.coderag.retrieval;

import dev.coderag.retrieval.QueryAnalysis.StackFrame;
import dev.coderag.types.Chunk;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.SymbolKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the chunks a query names — stack frames (the chunk holding the line), file names, identifiers and, for
 * short questions, plain words that are symbol names — and, in a conversation, what the previous question
 * named or, failing all that, what the previous answer was about. Reads through the request's
 * {@link ChunkSource} and fills {@link Relevance} for what it considers, which it also ranks by. Holds no state
 * of its own; thread-safe as its source and relevance are.
 */
final class Pins {
    /** A pinned chunk with the strength of the evidence (frame 3, named file or identifier 2, word 1). */
    record Pin(Found found, double strength) {}

    /**
     * The pins, and the symbol the question is about when it names one that resolves to exactly one definition
     * (a qualified name first: {@code Reconciler.plan} before {@code plan}).
     */
    record Named(List<Pin> pins, Optional<Found> subject) {}

    private final ChunkSource source;
    private final Relevance relevance;
    private final int maxPins;
    private final double wordStrength;

    /** @param wordStrength the strength of a plain word's pins (0: words pin nothing) */
    Pins(ChunkSource source, Relevance relevance, int maxPins, double wordStrength) {
        this.wordStrength = wordStrength;
        this.source = source;
        this.relevance = relevance;
        this.maxPins = maxPins;
    }

    /** At most {@code maxPins} pins, strongest first, then most relevant. */
    List<Pin> find(AnalyzedQuery query, Retriever.FollowUp followUp) {
        return findWithSubject(query, followUp).pins();
    }

    /** {@link #find}, and the subject the question names. */
    Named findWithSubject(AnalyzedQuery query, Retriever.FollowUp followUp) {
        Map<String, Pin> pins = new LinkedHashMap<>();
        QueryAnalysis analysis = query.analysis();
        addFramePins(pins, analysis.frames());
        for (String name : analysis.fileNames()) {
            addFilePins(pins, source.byPath(name), 2.0);
        }
        int identifiers = 0;
        Found qualifiedSubject = null;
        Found plainSubject = null;
        for (String id : analysis.identifiers()) {
            if (identifiers++ >= 25) {
                break;
            }
            Found unique = addSymbolPins(pins, id, 2.0, 5);
            if (unique != null && isQualified(id) && qualifiedSubject == null) {
                qualifiedSubject = unique;
            } else if (unique != null && plainSubject == null) {
                plainSubject = unique;
            }
        }
        Found wordSubject = null;
        if (wordStrength > 0) {
            for (String word : analysis.words()) {
                Found unique = addSymbolPins(pins, word, wordStrength, 3);
                if (unique != null && wordSubject == null && namesType(unique, word)) {
                    wordSubject = unique; // "What implements Store?": a plain word spelled as one type's name
                }
            }
        }
        Optional<Found> subject = Optional.ofNullable(
                qualifiedSubject != null ? qualifiedSubject : plainSubject != null ? plainSubject : wordSubject);
        if (query.previous().isPresent()) {
            QueryAnalysis previous = query.previous().get();
            for (String name : previous.fileNames()) {
                addFilePins(pins, source.byPath(name), 0.8);
            }
            for (String id : previous.identifiers()) {
                addSymbolPins(pins, id, 0.8, 5);
            }
            for (String word : previous.words()) {
                addSymbolPins(pins, word, 0.6, 3);
            }
        }
        if (pins.isEmpty()) {
            // "and where is it called?": nothing named now, so the subject is what the last answer was about
            Optional<String> repo = source.repo();
            for (Found c :
                    source.given(followUp.previousSources().stream().limit(2).toList())) {
                if (repo.isEmpty() || repo.get().equals(c.chunk().repo())) {
                    addPin(pins, c, 0.5);
                }
            }
        }
        relevance.fill(pins.values().stream().map(Pin::found).toList());
        List<Pin> ranked = pins.values().stream()
                .sorted(Comparator.comparingDouble(Pin::strength)
                        .thenComparingDouble(p -> relevance.of(p.found().id()))
                        .reversed())
                .limit(maxPins)
                .toList();
        return new Named(ranked, subject);
    }

    /** Whether a capitalised word is, letter for letter, the name of the type definition found for it. */
    private static boolean namesType(Found found, String word) {
        return Character.isUpperCase(word.charAt(0))
                && found.chunk() instanceof CodeChunk c
                && c.symbolKind().isType()
                && c.symbol().equals(word);
    }

    private static boolean isQualified(String identifier) {
        return identifier.indexOf('.') > 0 || identifier.contains("::") || identifier.contains("#");
    }

    /** The first ten application frames found in the store, in trace order, the top one strongest. */
    private void addFramePins(Map<String, Pin> pins, List<StackFrame> frames) {
        int frameIndex = 0;
        for (StackFrame f : frames) {
            if (QueryAnalyzer.isLibraryFrame(f) || frameIndex >= 10) {
                continue;
            }
            List<Found> file = source.byPath(f.pathHint());
            if (file.isEmpty() && !f.pathHint().equals(f.fileName())) {
                file = source.byPath(f.fileName());
            }
            if (file.isEmpty()) {
                continue;
            }
            Found best = frameChunk(file, f);
            if (best != null) {
                addPin(pins, best, 3.0 - frameIndex * 0.01);
                frameIndex++;
            }
        }
    }

    /** The code chunk of a frame: the smallest one holding the line, else one named like the method. */
    private static Found frameChunk(List<Found> file, StackFrame f) {
        Found best = null;
        for (Found c : file) {
            if (c.chunk() instanceof CodeChunk
                    && f.line() >= c.chunk().startLine()
                    && f.line() <= c.chunk().endLine()) {
                if (best == null || span(c.chunk()) < span(best.chunk())) {
                    best = c;
                }
            }
        }
        if (best == null) {
            for (Found c : file) {
                if (c.chunk() instanceof CodeChunk code && code.symbol().equals(f.method())) {
                    return c;
                }
            }
            for (Found c : file) {
                if (c.chunk() instanceof CodeChunk) {
                    return c;
                }
            }
        }
        return best;
    }

    private static int span(Chunk c) {
        return c.endLine() - c.startLine();
    }

    private void addFilePins(Map<String, Pin> pins, List<Found> chunks, double strength) {
        if (chunks.isEmpty()) {
            return;
        }
        relevance.fill(chunks);
        Map<String, List<Found>> byFile = new LinkedHashMap<>();
        for (Found c : chunks) {
            byFile.computeIfAbsent(c.chunk().repo() + "\0" + c.chunk().path(), x -> new ArrayList<>())
                    .add(c);
        }
        // An ambiguous short name (index.ts in ten folders) pins less: best three files, best two chunks each.
        byFile.values().stream()
                .sorted(Comparator.comparingDouble(this::bestRelevance).reversed())
                .limit(3)
                .forEach(cs -> cs.stream()
                        .sorted(Comparator.comparingDouble((Found c) -> relevance.of(c.id()))
                                .reversed())
                        .limit(2)
                        .forEach(c -> addPin(pins, c, strength)));
    }

    private double bestRelevance(List<Found> chunks) {
        return chunks.stream().mapToDouble(c -> relevance.of(c.id())).max().orElse(0);
    }

    /**
     * Pins the definitions of {@code name}; returns the one definition when the name resolves to exactly one
     * (its parts split over several chunks count once: the first part), else null.
     */
    private Found addSymbolPins(Map<String, Pin> pins, String name, double strength, int maxAmbiguity) {
        List<Found> found = source.bySymbol(name);
        if (found.isEmpty() && name.indexOf('.') > 0) {
            String last = name.substring(name.lastIndexOf('.') + 1);
            String owner = name.substring(0, name.lastIndexOf('.'));
            String ownerSimple = owner.substring(owner.lastIndexOf('.') + 1);
            found = source.bySymbol(last).stream()
                    .filter(c -> c.chunk() instanceof CodeChunk code
                            && (code.enclosing().equals(ownerSimple)
                                    || code.enclosing().endsWith("." + ownerSimple)
                                    || declaredInFileOf(code, ownerSimple)))
                    .toList();
            if (found.isEmpty()) {
                found = source.bySymbol(ownerSimple);
            }
        }
        if (found.isEmpty()) {
            return null;
        }
        found = withoutConstructorsOfTypes(found);
        relevance.fill(found);
        List<Found> ranked = found.stream()
                .sorted(Comparator.comparingDouble((Found c) -> relevance.of(c.id()))
                        .reversed())
                .toList();
        // A name defined in many places (toString, main) is weak evidence: keep only its best two.
        int keep = ranked.size() > maxAmbiguity ? 2 : Math.min(ranked.size(), 3);
        ranked.stream()
                .limit(keep)
                .forEach(c -> addPin(pins, c, ranked.size() > maxAmbiguity ? strength / 2 : strength));
        return oneDefinition(found);
    }

    /**
     * {@code found} without the constructors of a type it also holds: a question that names {@code ObjectMapper}
     * asks for the class, not for its dozen constructors (which share its name and would crowd it out).
     */
    static List<Found> withoutConstructorsOfTypes(List<Found> found) {
        boolean hasType = found.stream()
                .anyMatch(
                        f -> f.chunk() instanceof CodeChunk c && c.symbolKind().isType());
        if (!hasType) {
            return found;
        }
        return found.stream()
                .filter(f -> !(f.chunk() instanceof CodeChunk c && c.symbolKind() == SymbolKind.CONSTRUCTOR))
                .toList();
    }

    /**
     * The first part of the only definition among {@code found} (its overloads in the same file count as one), or
     * null when there are several.
     */
    private static Found oneDefinition(List<Found> found) {
        Found first = null;
        String definition = null;
        for (Found f : found) {
            if (!(f.chunk() instanceof CodeChunk c)) {
                return null;
            }
            // overloads of one qualified name in one file are one definition to a question that names it:
            // "what calls Selector.select?" means any of them (calls are stored by name, not by overload)
            String def = c.repo() + "\0" + c.path() + "\0" + c.qualifiedName();
            if (definition == null) {
                definition = def;
                first = f;
            } else if (!definition.equals(def)) {
                return null;
            } else if (f.chunk().startLine() < first.chunk().startLine()) {
                first = f;
            }
        }
        return first;
    }

    private static boolean declaredInFileOf(CodeChunk code, String ownerSimple) {
        String path = code.path();
        return path.endsWith("/" + ownerSimple + ".java") || path.equals(ownerSimple + ".java");
    }

    private static void addPin(Map<String, Pin> pins, Found c, double strength) {
        pins.merge(c.id(), new Pin(c, strength), (a, b) -> a.strength() >= b.strength() ? a : b);
    }
}
