package dev.coderag.ingest.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.coderag.types.Chunk;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class ConcurrentParsingTest {

    @Test
    void one_parser_shared_by_many_threads_gives_the_same_chunks_as_one_thread() throws Exception {
        List<SourceFile> files = List.of(
                file("OrderService.java", "src/OrderService.java"),
                file("inventory.py", "inventory.py"),
                file("billing.rs", "src/billing.rs"),
                file("queue.go", "queue.go"),
                file("pricing.ts", "pricing.ts"),
                file("Cart.tsx", "Cart.tsx"),
                file("widgets.jsx", "widgets.jsx"));
        ChunkParser parser = ChunkParser.create(ParseOptions.DEFAULT);
        List<List<Chunk>> expected = new ArrayList<>();
        for (SourceFile f : files) {
            expected.add(parser.parse(f).chunks());
        }

        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<Chunk>>> futures = new ArrayList<>();
            for (int round = 0; round < 10; round++) {
                for (SourceFile f : files) {
                    futures.add(pool.submit(() -> parser.parse(f).chunks()));
                }
            }
            for (int i = 0; i < futures.size(); i++) {
                assertThat(futures.get(i).get()).isEqualTo(expected.get(i % files.size()));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static SourceFile file(String resource, String path) {
        return new SourceFile("shop", path, Fixtures.resource("parse/" + resource), "m");
    }
}
