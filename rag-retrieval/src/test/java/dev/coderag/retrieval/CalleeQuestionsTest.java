package dev.coderag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.embed.Embedder;
import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.Ingester;
import dev.coderag.ingest.ProgressListener;
import dev.coderag.store.Store;
import dev.coderag.types.CodeChunk;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "What does X call?" over a small Java repository ingested by the real ingester (tree-sitter, JDT resolution, the
 * model, the store): a method long enough to be stored in two parts calls {@code Element} methods first and
 * {@code Safelist} methods later, one of them only in its second part.
 */
class CalleeQuestionsTest {
    @TempDir
    static Path dir;

    private static Store store;
    private static Retriever retriever;

    @BeforeAll
    static void ingest() throws IOException {
        Path repo = dir.resolve("cleaner");
        Path pkg = Files.createDirectories(repo.resolve("src/main/java/org/example/safety"));
        Files.writeString(pkg.resolve("Element.java"), """
                package org.example.safety;

                import java.util.HashMap;
                import java.util.Map;

                /** A node of the document tree with a tag and attributes. */
                public class Element {
                    private final String tag;
                    private final Map<String, String> attributes = new HashMap<>();

                    public Element(String tag) {
                        this.tag = tag;
                    }

                    /** The tag's name. */
                    public String tagName() {
                        return tag;
                    }

                    /** The element's attributes, live. */
                    public Map<String, String> attributes() {
                        return attributes;
                    }

                    /** A copy of this element without children. */
                    public Element shallowClone() {
                        Element copy = new Element(tag);
                        copy.attributes.putAll(attributes);
                        return copy;
                    }

                    /** Removes every attribute. */
                    public void clearAttributes() {
                        attributes.clear();
                    }

                    /** The attribute's value made absolute against the document's base URI. */
                    public String absUrl(String key) {
                        String value = attributes.getOrDefault(key, "");
                        return value.startsWith("/") ? "https://example.org" + value : value;
                    }
                }
                """);
        Files.writeString(pkg.resolve("Safelist.java"), """
                package org.example.safety;

                import java.util.Map;
                import java.util.Set;

                /** Which tags and attributes a cleaned document may keep. */
                public class Safelist {
                    private final Set<String> tags = Set.of("a", "b", "p");
                    private final Set<String> attributes = Set.of("href", "title");

                    /** Whether the attribute may stay on an element of this tag. */
                    public boolean isSafeAttribute(String tag, Element el, String key) {
                        return tags.contains(tag) && attributes.contains(key) && el != null;
                    }

                    /** Whether a URL attribute of this tag is made absolute in the cleaned output. */
                    public boolean shouldAbsUrl(String tag, String key) {
                        return "a".equals(tag) && "href".equals(key);
                    }

                    /** The attributes every element of this tag gets, whatever the source had. */
                    public Map<String, String> getEnforcedAttributes(String tag) {
                        return "a".equals(tag) ? Map.of("rel", "nofollow") : Map.of();
                    }
                }
                """);
        StringBuilder checks = new StringBuilder();
        for (int i = 0; i < 40; i++) { // long enough for the chunker to store the method in two parts
            checks.append("            if (key.length() > ")
                    .append(i)
                    .append(" && value.indexOf('")
                    .append((char) ('a' + i % 26))
                    .append("') == ")
                    .append(i)
                    .append(") {\n                suspicious += key.hashCode() % ")
                    .append(i + 7)
                    .append(";\n            }\n");
        }
        Files.writeString(pkg.resolve("Cleaner.java"), """
                package org.example.safety;

                import java.util.Map;

                /** Copies a document keeping only what a safelist allows. */
                public class Cleaner {
                    private final Safelist safelist;

                    public Cleaner(Safelist safelist) {
                        this.safelist = safelist;
                    }

                    /** Copies one element with its safe attributes; returns how many attributes were dropped. */
                    int createSafeElement(Element sourceEl, Element dest) {
                        Element copy = sourceEl.shallowClone();
                        String tag = sourceEl.tagName();
                        Map<String, String> attrs = copy.attributes();
                        copy.clearAttributes();
                        int dropped = 0;
                        int suspicious = 0;
                        for (Map.Entry<String, String> e : attrs.entrySet()) {
                            String key = e.getKey();
                            String value = e.getValue();
                %s
                            if (safelist.isSafeAttribute(tag, sourceEl, key)) {
                                if (safelist.shouldAbsUrl(tag, key)) {
                                    value = sourceEl.absUrl(key);
                                }
                                dest.attributes().put(key, value);
                            } else {
                                dropped++;
                            }
                        }
                        dest.attributes().putAll(safelist.getEnforcedAttributes(tag));
                        return dropped + suspicious;
                    }
                }
                """.formatted(checks));
        Path py = Files.createDirectories(dir.resolve("webclient/webclient"));
        Files.writeString(py.resolve("models.py"), """
                class Request:
                    def read(self):
                        \"\"\"Read the request body into memory.\"\"\"
                        return b"request"


                class Response:
                    def read(self):
                        \"\"\"Read and return the response content.\"\"\"
                        return b"response"

                    def close(self):
                        \"\"\"Release the connection.\"\"\"
                        self.closed = True


                class FileStream:
                    def read(self):
                        \"\"\"Read the next block of the file.\"\"\"
                        return b""
                """);
        Files.writeString(py.resolve("client.py"), """
                from .models import Response


                class Client:
                    def _transport_send(self, request):
                        \"\"\"Hand the request to the transport.\"\"\"
                        return Response()

                    def send(self, request, stream=False):
                        \"\"\"Send a request and return its response.\"\"\"
                        response = self._transport_send(request)
                        if not stream:
                            response.read()
                        return response
                """);
        Embedder embedder = SharedModel.embedder();
        store = Store.open(dir.resolve("store"), embedder.modelId(), embedder.dimension());
        Ingester.create(store, embedder, IngestOptions.defaults(dir.resolve("store")))
                .ingest(
                        List.of(new IngestRequest(repo.toString(), Optional.of("cleaner"), Optional.empty())),
                        ProgressListener.NONE);
        Ingester.create(store, embedder, IngestOptions.defaults(dir.resolve("store")))
                .ingest(
                        List.of(new IngestRequest(
                                dir.resolve("webclient").toString(), Optional.of("webclient"), Optional.empty())),
                        ProgressListener.NONE);
        retriever = Retriever.create(store, embedder);
    }

    @AfterAll
    static void close() {
        store.close();
    }

    @Test
    void the_fixture_stores_the_method_in_parts() {
        // the premise of the next test: without it, the later part's calls would be the first part's
        long parts = store.chunks()
                .bySymbol("createSafeElement", Optional.of("cleaner"))
                .size();
        assertThat(parts).isGreaterThan(1);
    }

    @Test
    void the_callees_of_a_type_the_question_names_follow_the_subject_with_those_of_its_later_parts() {
        Retrieval r = retriever.retrieve(
                "Which Safelist methods does createSafeElement call when it copies an element's attributes?",
                Optional.empty(),
                RetrievalMode.FULL,
                8);
        List<String> titles = r.hits().stream()
                .map(h -> h.chunk() instanceof CodeChunk c
                        ? c.qualifiedName()
                        : h.chunk().title())
                .toList();
        assertThat(titles.getFirst()).isEqualTo("Cleaner.createSafeElement");
        assertThat(titles.subList(1, 4))
                .containsExactlyInAnyOrder(
                        "Safelist.isSafeAttribute", "Safelist.shouldAbsUrl", "Safelist.getEnforcedAttributes");
        assertThat(r.relations()).anySatisfy(rel -> assertThat(rel.calleeName()).isEqualTo("getEnforcedAttributes"));
    }

    @Test
    void a_question_that_repeats_its_words_is_ordered_the_same() {
        // the question's words are a set: a word written twice is one word, not an error
        Retrieval r = retriever.retrieve(
                "Which Safelist methods does createSafeElement call, and which does it call last?",
                Optional.empty(),
                RetrievalMode.FULL,
                8);
        assertThat(r.hits().get(1).chunk().path()).endsWith("Safelist.java");
    }

    @Test
    void a_call_by_a_name_defined_thrice_is_linked_to_the_class_its_receiver_names() {
        // response.read(): three classes define read; the receiver echoes Response, so the call is Response.read
        Retrieval r = retriever.retrieve(
                "What does Client.send call to get the response back?",
                new Scope(dev.coderag.store.SearchFilter.repo("webclient"), Scope.ALL.tables()),
                RetrievalMode.FULL,
                8);
        CallRelation read = r.relations().stream()
                .filter(rel -> rel.calleeName().endsWith("read"))
                .findFirst()
                .orElseThrow();
        assertThat(store.chunks().get(read.calleeId()))
                .hasValueSatisfying(
                        c -> assertThat(((CodeChunk) c.chunk()).qualifiedName()).isEqualTo("Response.read"));
        List<String> titles = r.hits().stream().map(h -> h.chunk().title()).toList();
        assertThat(titles.subList(0, 3)).anySatisfy(t -> assertThat(t).contains("Response.read"));
    }
}
