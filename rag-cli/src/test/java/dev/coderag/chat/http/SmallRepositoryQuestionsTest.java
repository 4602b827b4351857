package dev.coderag.chat.http;

import static dev.coderag.chat.http.HttpHelper.body;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coderag.chat.http.HttpHelper.Response;
import dev.coderag.cli.IngesterIndexer;
import dev.coderag.embed.Embedder;
import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.Ingester;
import dev.coderag.ingest.ProgressListener;
import dev.coderag.retrieval.FixtureStore;
import dev.coderag.retrieval.SharedModel;
import dev.coderag.store.Store;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 30's small repository, as a new user meets it: a README whose Installation section says how to build and
 * start the service, a few Java files, ingested by the real ingester and model and asked through the real server.
 * The setup question was refused (relevance 59 %) before the evidence verdict; the page's example question went
 * to code. Both must lead with that section, and questions the repository cannot answer must still be refused.
 */
class SmallRepositoryQuestionsTest {
    private static final String README = """
            # orders-service

            A small HTTP service that keeps customer orders in memory and serves them as JSON.

            ## Installation

            Build the service with Maven and start it:

                mvn package
                java -jar target/orders-service.jar --port 8080

            It needs Java 21.

            ## Usage

            `GET /orders/{id}` returns one order; `POST /orders` creates one from a JSON body.
            """;

    private static final String SERVICE = """
            package shop.orders;

            import java.util.Map;
            import java.util.Optional;
            import java.util.concurrent.ConcurrentHashMap;

            /** Keeps orders by id. */
            public final class OrderStore {
                private final Map<String, Order> orders = new ConcurrentHashMap<>();

                /** Saves an order, replacing any with the same id. */
                public void save(Order order) {
                    orders.put(order.id(), order);
                }

                /** The order with this id, if any. */
                public Optional<Order> find(String id) {
                    return Optional.ofNullable(orders.get(id));
                }
            }
            """;

    private static final String ORDER = """
            package shop.orders;

            import java.math.BigDecimal;

            /** One customer order: who placed it and what it costs. */
            public record Order(String id, String customer, BigDecimal total) {}
            """;

    private static final String HANDLER = """
            package shop.orders;

            import com.sun.net.httpserver.HttpExchange;
            import java.io.IOException;

            /** Routes GET /orders/{id} and POST /orders to the store. */
            final class OrderHandler {
                private final OrderStore store;

                OrderHandler(OrderStore store) {
                    this.store = store;
                }

                /** Answers one request: the order as JSON, 201 for a created one, 404 for an unknown id. */
                void handle(HttpExchange exchange) throws IOException {
                    String path = exchange.getRequestURI().getPath();
                    String id = path.substring(path.lastIndexOf('/') + 1);
                    int status = store.find(id).isPresent() ? 200 : 404;
                    exchange.sendResponseHeaders(status, -1);
                }
            }
            """;

    private static Path repo;
    private static Path storeDir;
    private static Store store;
    private static ChatServer server;
    private static HttpHelper http;

    @BeforeAll
    static void start() throws IOException {
        repo = FixtureStore.tempDir("coderag-small-repo-");
        Path src = repo.resolve("src/main/java/shop/orders");
        Files.createDirectories(src);
        Files.writeString(repo.resolve("README.md"), README);
        Files.writeString(src.resolve("OrderStore.java"), SERVICE);
        Files.writeString(src.resolve("Order.java"), ORDER);
        Files.writeString(src.resolve("OrderHandler.java"), HANDLER);
        Embedder embedder = SharedModel.embedder();
        storeDir = FixtureStore.tempDir("coderag-small-store-");
        store = Store.open(storeDir, embedder.modelId(), embedder.dimension());
        Ingester.create(store, embedder, IngestOptions.defaults(storeDir))
                .ingest(
                        List.of(new IngestRequest(repo.toString(), Optional.of("orders-service"), Optional.empty())),
                        ProgressListener.NONE);
        server = ChatServer.start(
                store,
                embedder,
                new IngesterIndexer(store, embedder, List.of(repo)),
                ServerOptions.defaults().withPort(0));
        http = new HttpHelper(server);
    }

    @AfterAll
    static void stop() {
        server.close();
        store.close();
        FixtureStore.delete(storeDir);
        FixtureStore.delete(repo);
    }

    private static JsonNode ask(String query) {
        Response r = http.postJson("/api/chat", body("query", query));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json();
    }

    private static void leadsWithInstallation(String question) {
        JsonNode r = ask(question);
        assertThat(r.path("refused").asBoolean())
                .as(question + ": " + r.path("answer"))
                .isFalse();
        JsonNode first = r.path("sources").path(0);
        assertThat(first.path("path").asText()).as(question).isEqualTo("README.md");
        int start = first.path("start_line").asInt();
        int end = first.path("end_line").asInt();
        List<String> lines = README.lines().toList();
        assertThat(String.join("\n", lines.subList(start - 1, Math.min(end, lines.size()))))
                .as(question + ": source [1] is README.md:" + start + "-" + end)
                .contains("## Installation", "mvn package");
    }

    @Test
    void the_setup_question_is_answered_from_the_installation_section() {
        leadsWithInstallation("How do I build and start the service?");
    }

    @Test
    void the_pages_example_question_is_answered_from_the_installation_section() {
        leadsWithInstallation("How do I build and run it?");
    }

    @Test
    void an_off_topic_question_and_a_feature_the_repository_lacks_are_refused() {
        for (String question :
                List.of("What is the capital of France?", "How do I define a GraphQL schema for the orders?")) {
            JsonNode r = ask(question);
            assertThat(r.path("refused").asBoolean())
                    .as(question + ": " + r.path("answer"))
                    .isTrue();
        }
    }
}
