package dev.coderag.store.embedded;

import static dev.coderag.store.embedded.StoreFixtures.DIM;
import static dev.coderag.store.embedded.StoreFixtures.MODEL;

import dev.coderag.store.RepoRecord;
import dev.coderag.store.Store;
import dev.coderag.store.WriteTransaction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A second process for the store tests: {@code hold <dir>} opens a write transaction and keeps it until stdin
 * closes; {@code write <dir> <n>} inserts n chunks in one transaction and then waits without committing, to be
 * killed. Each prints one line to stdout when it reaches the point the test waits for.
 */
public final class StoreChildProcess {
    private StoreChildProcess() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        try (Store store = Store.open(dir, MODEL, DIM)) {
            switch (args[0]) {
                case "hold" -> {
                    try (WriteTransaction tx = store.begin()) {
                        System.out.println("HOLDING");
                        System.out.flush();
                        while (System.in.read() >= 0) {
                            // wait for the parent to close our stdin
                        }
                        tx.commit();
                    }
                }
                case "write" -> {
                    int n = Integer.parseInt(args[2]);
                    Random random = new Random(7);
                    WriteTransaction tx = store.begin();
                    List<String> ids = new ArrayList<>();
                    for (int i = 0; i < n; i++) {
                        var chunk = StoreFixtures.code(
                                "child",
                                "child/F" + i + ".java",
                                "uncommitted" + i,
                                "void uncommitted() {}",
                                1,
                                List.of("parse"));
                        tx.insert(chunk, StoreFixtures.random(random, DIM));
                        ids.add(chunk.id());
                    }
                    tx.putRepo(new RepoRecord("child", "", "", java.time.Instant.now()));
                    System.out.println("WRITTEN " + ids.size());
                    System.out.flush();
                    Thread.sleep(120_000); // killed before this ends
                    System.exit(3);
                }
                default -> throw new IllegalArgumentException(args[0]);
            }
        }
    }
}
