package dev.coderag.chat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.retrieval.FixtureStore;
import dev.coderag.retrieval.SharedModel;
import dev.coderag.store.CallEdge;
import dev.coderag.store.FileEntry;
import dev.coderag.store.Store;
import dev.coderag.store.StoredChunk;
import dev.coderag.types.CodeChunk;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * "What calls X?" over the fixture repository, for every definition whose name the repository defines once (so
 * every stored call of that name from another definition is a call of it): the offline answer never says "no caller" of a definition the
 * call graph shows callers of, and names a caller with its file and line; and it does say so of one it shows none
 * of. A confident false "no caller" is worse than a refusal.
 */
class CallerHonestyTest {
    private static Store store;
    private static ChatService chat;

    @BeforeAll
    static void load() {
        store = FixtureStore.store();
        chat = ChatService.create(store, SharedModel.embedder(), ChatOptions.defaults());
    }

    /** The code definitions of the fixture whose simple name is defined once in it, by qualified name. */
    private static Map<String, CodeChunk> uniquelyNamed() {
        List<String> ids = new ArrayList<>();
        for (FileEntry f : store.files().entries(FixtureStore.REPO).values()) {
            ids.addAll(f.chunkIds());
        }
        Map<String, List<StoredChunk>> bySymbol = new LinkedHashMap<>();
        for (StoredChunk c : store.chunks().getAll(ids)) {
            if (c.chunk() instanceof CodeChunk code && !code.enclosing().isEmpty()) {
                bySymbol.computeIfAbsent(code.symbol(), s -> new ArrayList<>()).add(c);
            }
        }
        Map<String, CodeChunk> out = new LinkedHashMap<>();
        bySymbol.forEach((symbol, chunks) -> {
            List<StoredChunk> all = store.chunks().bySymbol(symbol, Optional.of(FixtureStore.REPO));
            if (all.size() == 1 && all.getFirst().chunk() instanceof CodeChunk only) {
                out.put(all.getFirst().id(), only);
            }
        });
        return out;
    }

    @Test
    void no_answer_says_no_caller_of_a_definition_the_call_graph_shows_callers_of() {
        int withCallers = 0;
        int without = 0;
        for (Map.Entry<String, CodeChunk> e : uniquelyNamed().entrySet()) {
            CodeChunk def = e.getValue();
            // a method calling its own name is mostly a wrapper delegating to another type's method of that name
            // (Go's statusRecorder.WriteHeader calls the embedded ResponseWriter.WriteHeader): not a caller
            List<CallEdge> callers = store.calls().callers(e.getKey()).stream()
                    .filter(c -> !c.callerId().equals(e.getKey()))
                    .toList();
            String question = "What calls `" + def.qualifiedName() + "`?";
            ChatResponse r = chat.ask(ChatRequest.of(question));
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
        assertThat(withCallers).as("definitions with callers checked").isGreaterThanOrEqualTo(5);
        assertThat(without).as("definitions without callers checked").isGreaterThanOrEqualTo(1);
    }
}
