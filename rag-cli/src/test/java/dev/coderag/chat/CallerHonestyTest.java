package dev.coderag.chat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.Ingester;
import dev.coderag.ingest.ProgressListener;
import dev.coderag.retrieval.FixtureStore;
import dev.coderag.retrieval.SharedModel;
import dev.coderag.store.CallEdge;
import dev.coderag.store.FileEntry;
import dev.coderag.store.Store;
import dev.coderag.store.StoredChunk;
import dev.coderag.types.CodeChunk;
import dev.coderag.types.SymbolKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * "What calls X?" over the fixture repositories (tinyroute, and the polyglot repository of Kotlin, Gradle, shell
 * and C++), for every definition whose name the repository defines once (so
 * every stored call of that name from another definition is a call of it): the offline answer never says "no caller" of a definition the
 * call graph shows callers of, and names a caller with its file and line; and it does say so of one it shows none
 * of. A confident false "no caller" is worse than a refusal.
 */
class CallerHonestyTest {
    private static final String POLYGLOT = "polyglot";
    private static Store polyglot;

    @BeforeAll
    static void load() {
        polyglot = FixtureStore.emptyStore();
        Ingester.create(polyglot, SharedModel.embedder(), IngestOptions.defaults(FixtureStore.tempDir("coderag-poly-")))
                .ingest(
                        List.of(new IngestRequest(
                                Path.of("src/test/resources/polyglot-repo")
                                        .toAbsolutePath()
                                        .toString(),
                                Optional.of(POLYGLOT),
                                Optional.empty())),
                        ProgressListener.NONE);
    }

    /** The functions and methods of {@code repo} whose simple name is defined once in it, by chunk id. */
    private static Map<String, CodeChunk> uniquelyNamed(Store store, String repo) {
        List<String> ids = new ArrayList<>();
        for (FileEntry f : store.files().entries(repo).values()) {
            ids.addAll(f.chunkIds());
        }
        Map<String, List<StoredChunk>> bySymbol = new LinkedHashMap<>();
        for (StoredChunk c : store.chunks().getAll(ids)) {
            if (c.chunk() instanceof CodeChunk code
                    && (code.symbolKind() == SymbolKind.FUNCTION || code.symbolKind() == SymbolKind.METHOD)) {
                bySymbol.computeIfAbsent(code.symbol(), s -> new ArrayList<>()).add(c);
            }
        }
        Map<String, CodeChunk> out = new LinkedHashMap<>();
        bySymbol.forEach((symbol, chunks) -> {
            List<StoredChunk> all = store.chunks().bySymbol(symbol, Optional.of(repo));
            if (all.size() == 1 && all.getFirst().chunk() instanceof CodeChunk only) {
                out.put(all.getFirst().id(), only);
            }
        });
        return out;
    }

    @Test
    void no_answer_says_no_caller_of_a_definition_the_call_graph_shows_callers_of() {
        int[] tinyroute = check(FixtureStore.store(), FixtureStore.REPO);
        assertThat(tinyroute[0])
                .as("tinyroute definitions with callers checked")
                .isGreaterThanOrEqualTo(5);
        assertThat(tinyroute[1])
                .as("tinyroute definitions without callers checked")
                .isGreaterThanOrEqualTo(1);
        int[] poly = check(polyglot, POLYGLOT);
        assertThat(poly[0]).as("polyglot definitions with callers checked").isGreaterThanOrEqualTo(1);
    }

    /** Asks about every uniquely named definition of {@code repo}; returns {with callers, without} checked. */
    private static int[] check(Store store, String repo) {
        ChatService chat = ChatService.create(store, SharedModel.embedder(), ChatOptions.defaults());
        int withCallers = 0;
        int without = 0;
        for (Map.Entry<String, CodeChunk> e : uniquelyNamed(store, repo).entrySet()) {
            CodeChunk def = e.getValue();
            // a method calling its own name is mostly a wrapper delegating to another type's method of that name
            // (Go's statusRecorder.WriteHeader calls the embedded ResponseWriter.WriteHeader): not a caller
            List<CallEdge> callers = store.calls().callers(e.getKey()).stream()
                    .filter(c -> !c.callerId().equals(e.getKey()))
                    .toList();
            String question = "What calls `" + def.qualifiedName() + "`?";
            ChatResponse r = chat.ask(new ChatRequest(question, Optional.of(repo), Optional.empty()));
            if (!callers.isEmpty()) {
                withCallers++;
                assertThat(r.answer()).as(question).doesNotContain("No caller").contains(" is called by ");
                List<String> callerLines =
                        store
                                .chunks()
                                .getAll(callers.stream().map(CallEdge::callerId).toList())
                                .stream()
                                .map(c -> c.chunk().path() + ":" + c.chunk().startLine())
                                .toList();
                assertThat(callerLines)
                        .as(question + " names a caller with file:line")
                        .anyMatch(l -> r.answer().contains(l));
            } else if (r.answer().contains("`" + def.qualifiedName() + "` [1]")) {
                without++;
                assertThat(r.answer()).as(question).contains("No caller of `" + def.qualifiedName() + "`");
            }
        }
        return new int[] {withCallers, without};
    }
}
